import type { ServerBuild } from "@remix-run/node";

import type * as EntryServer from "~/entry.server";

/**
 * What the host takes from the Remix build (`app/entry.server.tsx`'s exports) instead of importing
 * its own copies of those modules (decision 106): what it hands Remix on the load context, and how
 * a render reads a request, which the rendered-page cache's key must follow exactly. There is then
 * one copy of each, the build's, and no module of the build runs in the host by import.
 */
const NAMES = [
  "SwrCache",
  "createUpstreamBreaker",
  "parseBaseAllowlist",
  "browserErrorReporter",
  "createLoadContext",
  "pageCacheDecision",
  "knownPageCacheDecision",
  "renderCookie",
] as const;

export type FromBuild = Pick<typeof EntryServer, (typeof NAMES)[number]>;

/** The build's exports the host uses; a build made before they were exported stops the start. */
export function fromBuild(build: ServerBuild): FromBuild {
  const entry = build.entry.module as unknown as Partial<FromBuild>;
  const missing = NAMES.filter((name) => typeof entry[name] !== "function");
  if (missing.length > 0) {
    throw new Error(`The server build lacks ${missing.join(", ")} (app/entry.server.tsx): run \`npm run build\``);
  }
  return entry as FromBuild;
}
