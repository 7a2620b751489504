import express from "express";

import type { Upstream } from "~/lib/context";

/**
 * The site's files: hashed build assets (immutable, a year), translations and public/ (an hour),
 * and the service worker's script (checked anew on each update check, decision 063).
 */
export function mountStaticFiles(app: express.Express) {
  app.use(
    "/build",
    express.static("public/build", { immutable: true, maxAge: "1y", index: false, fallthrough: false }),
  );
  app.use("/locales", express.static("locales", { maxAge: "1h", index: false }));
  app.get("/sw.js", (_req, res, next) =>
    res.sendFile("sw.js", { root: "public", cacheControl: false, headers: { "Cache-Control": "no-cache" } }, (error) =>
      error ? next(error) : undefined,
    ),
  );
  // Every file in public/ has an extension: a page's path (no extension) goes straight on, without a
  // file-system lookup and the not-found error it would make on each request.
  const publicFiles = express.static("public", { maxAge: "1h", index: false });
  app.use((req, res, next) => (/\.[^/]+$/.test(req.path) ? publicFiles(req, res, next) : next()));
}

export interface HealthSources {
  /** The embedded CMS's database (pinged), or null when the site talks to an external CMS. */
  database: { kind: string; ping(): Promise<unknown> } | null;
  upstream: Upstream;
  /** What the answer says of the image warm-up (idle, running, done). */
  warmUpState: () => string;
  /** True once the server is stopping (decision 120): a balancer must send it nothing new. */
  draining?: () => boolean;
}

/**
 * GET /healthz: 200 when the database (or the external CMS) answers, else 503; 503 at once while
 * the server drains before stopping; never cached.
 */
export function healthHandler({ database, upstream, warmUpState, draining }: HealthSources): express.RequestHandler {
  return async (_req, res) => {
    res.set("Cache-Control", "no-store");
    if (draining?.()) {
      res.status(503).json({ ok: false, draining: true });
      return;
    }
    try {
      if (database) await database.ping();
      else {
        const url = new URL(
          "api/v1/cognito/domain/currentDomain",
          upstream.baseUrl.endsWith("/") ? upstream.baseUrl : `${upstream.baseUrl}/`,
        );
        const r = await upstream.fetch(new Request(url, { signal: AbortSignal.timeout(5000) }));
        if (!r.ok) throw new Error(`upstream answered ${r.status}`);
      }
      res.json({ ok: true, database: database?.kind ?? "upstream", warmUp: warmUpState() });
    } catch (error) {
      console.error("[healthz]", (error as Error).message);
      res.status(503).json({ ok: false });
    }
  };
}

/** Anything that still fails outside Remix (a malformed URL escape, say) gets a bare answer, no stack. */
export function bareErrors(
  error: Error & { status?: number; statusCode?: number },
  req: express.Request,
  res: express.Response,
  _next: express.NextFunction,
) {
  const status = error.status ?? error.statusCode ?? 500;
  if (status >= 500) console.error(`[site] ${req.method} ${req.originalUrl}:`, error);
  if (res.headersSent) return;
  const code = status >= 400 && status < 600 ? status : 500;
  res
    .status(code)
    .type("text/plain")
    .send(code === 404 ? "Not found." : code < 500 ? "Bad request." : "Something went wrong.");
}
