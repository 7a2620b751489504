import { createHash, timingSafeEqual } from "node:crypto";

import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";

import { cacheControl } from "~/shared/cache-control";

/**
 * `{"paths": ["/api/v1/cognito/page/about", …]}` or `{"all": true}`. A path names one answer in
 * all its query variants; a path ending in "/" names everything under it.
 */
export const purgeRequestSchema = z.union([
  z.object({ all: z.literal(true) }).strict(),
  z.object({ paths: z.array(z.string().max(500).startsWith("/api/")).min(1).max(100) }).strict(),
]);

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Whether an Authorization header carries the bearer token, compared in constant time. */
export function bearerMatches(authorization: string | null, token: string) {
  const sent = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  // Digests have one length, so the comparison takes as long whatever was sent.
  return timingSafeEqual(digest(sent ?? ""), digest(token)) && sent !== undefined;
}

const BAD_BODY =
  'Send {"paths": [1 to 100 API paths starting with /api/, each at most 500 characters]} or {"all": true}.';

function answer(status: number, text: string | null, headers: Record<string, string> = {}) {
  const base = { "Cache-Control": cacheControl.none, "Content-Type": "text/plain; charset=utf-8" };
  return new Response(text, { status, headers: { ...base, ...headers } });
}

/**
 * The CMS's call when content changed (`POST /_purge`, bearer PURGE_TOKEN): drops the cached
 * upstream answers under the paths it names, or all of them. A machine-to-machine call, so no
 * CSRF token; server.ts's Origin guard still refuses it from another site's page. Announced to the
 * other instances on the same PostgreSQL (`announcePurge`, decision 118). 404 when no
 * PURGE_TOKEN is configured, 401 for a missing or wrong token, 400 for a bad body, else 204.
 */
export async function handlePurge(request: Request, context: AppLoadContext): Promise<Response> {
  const token = context.purgeToken;
  if (!token) return answer(404, "Not found.");
  if (request.method !== "POST") return answer(405, "Use POST.", { Allow: "POST" });
  if (!bearerMatches(request.headers.get("authorization"), token)) {
    return answer(401, "A valid bearer token is required.", { "WWW-Authenticate": 'Bearer realm="purge"' });
  }
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return answer(400, "The body must be JSON.");
  }
  const parsed = purgeRequestSchema.safeParse(body);
  if (!parsed.success) return answer(400, BAD_BODY);
  const dropped = context.upstreamCache.purge(parsed.data);
  const what = "all" in parsed.data ? "everything" : parsed.data.paths.join(", ");
  console.log(`[purge] ${what}: ${dropped} cached answer(s) dropped`);
  // The call reached one instance behind the load balancer: the others on its PostgreSQL hear it.
  await context.announcePurge?.(parsed.data);
  return answer(204, null);
}
