import type { CspSources } from "./security-headers.server";

/** What server.ts hands every loader and action (Remix's load context). */
export interface Upstream {
  /** A fetch to the CMS API: in-process to cms/ when embedded, the network otherwise. */
  fetch: (request: Request) => Promise<Response>;
  /** Base URL the transport builds request URLs on. */
  baseUrl: string;
  /** Public URL of the API host as browsers see it (the back-office lives at `{it}/cms`). */
  publicUrl: string;
  /** Timeout for each upstream call, in milliseconds. */
  timeoutMs: number;
}

export interface SiteContext {
  cspNonce: string;
  /** Origins this response's CSP allows beyond the defaults; loaders add to it (see server.ts). */
  cspExtra: CspSources;
  upstream: Upstream;
  sessionSecret: string;
  production: boolean;
  /** The site's public origin (PUBLIC_URL) when configured; else the request's own origin is used. */
  publicUrl?: string;
}

declare module "@remix-run/server-runtime" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends SiteContext {}
}
