import type { SwrCache } from "./api/cache.server";
import { createTransport, type Transport } from "./api/transport.server";
import type { UpstreamTiming } from "./api/upstream-timing.server";
import type { Upstream } from "./context";
import { readPreferences } from "./preferences.server";
import { type AppSession, getSessionStorage, type Member, memberSchema } from "./session.server";

export type Preferences = Awaited<ReturnType<typeof readPreferences>>;

/**
 * The visitor of one request, built once (`context.visitor()`) and shared by every loader and
 * action of that request: their session, an upstream client carrying their token, and their
 * language and theme.
 */
export interface Visitor {
  session: AppSession;
  /** The session as a Set-Cookie value (after a change: a CSRF token, a sign-in). */
  commitSession(): Promise<string>;
  /** A Set-Cookie value that ends the session. */
  destroySession(): Promise<string>;
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
    readPreferences(request),
  ]);
  const accessToken = session.get("accessToken") || null;
  const member = accessToken ? memberSchema.safeParse(session.get("member")) : null;
  return {
    session,
    commitSession: () => storage.commitSession(session),
    destroySession: () => storage.destroySession(session),
    signedIn: accessToken !== null,
    member: member?.success ? member.data : null,
    transport: createTransport(services.upstream, accessToken, {
      cache: services.upstreamCache,
      timing: services.upstreamTiming,
    }),
    preferences,
  };
}
