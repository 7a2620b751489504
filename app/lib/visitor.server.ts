import type { UpstreamTiming } from "~/shared/upstream-timing.server";

import { authUser, refreshToken } from "./api/accounts.server";
import type { SwrCache } from "./api/cache.server";
import type { CircuitBreaker } from "./api/circuit-breaker.server";
import { isUpstreamError } from "./api/errors";
import { createTransport, type Transport } from "./api/transport.server";
import { memberFromUser } from "./auth/session-auth.server";
import { clearSignIn, createSessionAuth } from "./auth/tokens.server";
import type { Upstream } from "./context";
import { readPreferences } from "./preferences.server";
import { type AppSession, getSessionStorage, hasSessionCookie, type Member, memberSchema } from "./session.server";

export type Preferences = Awaited<ReturnType<typeof readPreferences>>;

/**
 * The visitor of one request, built once (`context.visitor()`) and shared by every loader and
 * action of that request: their session, an upstream client carrying their token, and their
 * language and theme.
 */
export interface Visitor {
  /**
   * Loaders and actions change it; the request's answer then carries one Set-Cookie made from its
   * final state (`sessionCookie`), written by entry.server for pages and data requests.
   */
  session: AppSession;
  /**
   * The Set-Cookie that brings the browser's cookie to the session as it is now, or null when
   * nothing changed since it was read or last written; an emptied session ends the cookie. Only a
   * loader or action that answers with a Response of its own (a redirect) calls it itself.
   */
  sessionCookie(): Promise<string | null>;
  /** An access token is present: the visitor's pages are private and never shared-cached. */
  signedIn: boolean;
  /** The signed-in member's snapshot, or null (anonymous, or a session without one). */
  member: Member | null;
  /**
   * Sends the visitor's token, refreshed when about to expire (decision 046); only an anonymous
   * transport shares answers through the cache. A refused token ends the sign-in (a thrown redirect).
   */
  transport: Transport;
  /** Never sends the token: the sign-in calls (login, codes, the code exchange). */
  anonymousTransport: Transport;
  /** Sends a token just received (a sign-in checking whose it is), with nothing to refresh or clear. */
  transportWith(accessToken: string): Transport;
  /**
   * The signed-in member as the upstream knows them now (authUser, once per request): a session
   * signed out elsewhere, or replayed after logout, is cleared and sent to `/` (thrown). When the
   * upstream cannot answer, the snapshot stands. Null for an anonymous visitor.
   */
  currentMember(): Promise<Member | null>;
  /** Language and theme, and the cookies that remember a choice made by `?lng=` or `?theme=`. */
  preferences: Preferences;
}

export interface VisitorServices {
  upstream: Upstream;
  upstreamCache: SwrCache;
  upstreamBreaker?: CircuitBreaker;
  upstreamDeadline?: AbortSignal;
  upstreamTiming: UpstreamTiming;
  sessionSecret: string;
  production: boolean;
  /** The visitor's IP address (server.ts's req.ip): the CMS's rate limits count per visitor. */
  clientAddress?: string;
  /** The clock of token expiry, injectable in tests. */
  now?: () => number;
}

/**
 * Decodes the session and reads the preferences of a request. `request` needs only the URL's
 * query and the Cookie and Accept-Language headers.
 */
export async function buildVisitor(request: Request, services: VisitorServices): Promise<Visitor> {
  const storage = getSessionStorage(services.sessionSecret, services.production);
  const [session, preferences] = await Promise.all([
    storage.getSession(request.headers.get("cookie")),
    readPreferences(request, { secure: services.production }),
  ]);
  const hadCookie = hasSessionCookie(request);
  let written = JSON.stringify(session.data);
  const sessionCookie = async () => {
    const now = JSON.stringify(session.data);
    if (now === written) return null;
    written = now;
    const empty = Object.keys(session.data).length === 0;
    if (empty && !hadCookie) return null;
    return empty ? storage.destroySession(session) : storage.commitSession(session);
  };
  const accessToken = session.get("accessToken") || null;
  const member = accessToken ? memberSchema.safeParse(session.get("member")) : null;
  const transportServices = {
    cache: services.upstreamCache,
    timing: services.upstreamTiming,
    breaker: services.upstreamBreaker,
    deadline: services.upstreamDeadline,
    clientAddress: services.clientAddress,
  };
  const anonymousTransport = createTransport(services.upstream, null, transportServices);
  const auth = accessToken
    ? createSessionAuth({
        session,
        sessionCookie,
        now: services.now,
        refresh: (refresh_token, fingerprint) => refreshToken(anonymousTransport, { refresh_token, fingerprint }),
      })
    : null;
  const transport = auth ? createTransport(services.upstream, auth, transportServices) : anonymousTransport;
  let current: Promise<Member | null> | undefined;
  const visitor: Visitor = {
    session,
    sessionCookie,
    signedIn: accessToken !== null,
    member: member?.success ? member.data : null,
    transport,
    anonymousTransport,
    transportWith: (token) => createTransport(services.upstream, token, { ...transportServices, cache: undefined }),
    currentMember: () => (current ??= checkMember(visitor)),
    preferences,
  };
  return visitor;
}

async function checkMember(visitor: Visitor): Promise<Member | null> {
  if (!visitor.signedIn) return null;
  let user;
  try {
    user = await authUser(visitor.transport);
  } catch (error) {
    // A refused token threw its redirect already; any other failure (the upstream cannot answer)
    // leaves the snapshot: an outage signs no one out.
    if (isUpstreamError(error)) return visitor.member;
    throw error;
  }
  if (user.id === null || user.id === undefined || user.id === "") {
    // Spec section 4: a user record without an id is no sign-in.
    clearSignIn(visitor.session);
    visitor.signedIn = false;
    visitor.member = null;
    return null;
  }
  const fresh = memberFromUser(user);
  if (JSON.stringify(fresh) !== JSON.stringify(visitor.member)) visitor.session.set("member", fresh);
  visitor.member = fresh;
  return fresh;
}
