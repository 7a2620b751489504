import type { SwrCache } from "./api/cache.server";
import type { CircuitBreaker } from "./api/circuit-breaker.server";
import { createTransport, type Transport } from "./api/transport.server";
import type { UpstreamTiming } from "./api/upstream-timing.server";
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
  /** Sends the visitor's token; only an anonymous transport shares answers through the cache. */
  transport: Transport;
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
  return {
    session,
    sessionCookie,
    signedIn: accessToken !== null,
    member: member?.success ? member.data : null,
    transport: createTransport(services.upstream, accessToken, {
      cache: services.upstreamCache,
      timing: services.upstreamTiming,
      breaker: services.upstreamBreaker,
      deadline: services.upstreamDeadline,
    }),
    preferences,
  };
}
