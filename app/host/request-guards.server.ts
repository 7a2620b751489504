import type { IncomingMessage, ServerResponse } from "node:http";

import type express from "express";
import onHeaders from "on-headers";

import { cacheControl } from "~/shared/cache-control";

import { bodyRefusal, isCrossSiteWrite } from "./security-headers.server";

/**
 * The proxies whose X-Forwarded-* headers are believed (Express's `trust proxy`): one on this
 * machine or on a private network, as in front of a container. The guard and Remix both follow it.
 */
export const TRUSTED_PROXIES = "loopback, linklocal, uniquelocal";

/** The paths the embedded CMS answers (its API, GraphQL, images and videos, the OAuth2 sign-in, the test gateway's page). */
export const CMS_PATHS = ["/api", "/graphql", "/assets", "/v", "/authorize", "/authtoken", "/pay"];

/** The embedded CMS as a Node request listener (`getRequestListener(cms.fetch)`). */
export type CmsListener = (req: IncomingMessage, res: ServerResponse) => unknown;

type TrustProxy = (address: string | undefined, hop: number) => boolean;

/**
 * The host a request was sent to, port included, as the app's `trust proxy` setting says: the
 * first X-Forwarded-Host when the connection comes from a trusted proxy, else Host. It is the host
 * Express's `req.hostname`, and so the URL Remix builds, are made from.
 */
export function requestHost(req: express.Request): string | undefined {
  const forwarded = req.get("x-forwarded-host");
  const trust = req.app.get("trust proxy fn") as TrustProxy | undefined;
  if (forwarded && trust?.(req.socket.remoteAddress, 0)) return forwarded.split(",")[0].trim();
  return req.get("host");
}

/**
 * Paths that take a file, and the largest body each accepts: the profile picture (5 MB, checked
 * by its action with a clear message) and the form around it. Every other body stays under 1 MB.
 */
export const UPLOAD_BODY_LIMITS: Record<string, number> = { "/profile": 6 * 1024 * 1024 };

/** No unbounded or oversized request bodies: a stranger cannot make the server read without end. */
/**
 * A back-office record that takes photos (a product's, a gallery's "Add photo"): the CMS's 10 MB
 * for an image, checked there with its own message, and the form around it.
 */
const BACK_OFFICE_PHOTO_PATH = /^\/cms\/records\/(product|gallery)\/\d+$/;
export const BACK_OFFICE_PHOTO_BODY_LIMIT = 11 * 1024 * 1024;

/** The largest body a path accepts, when it takes a file (else undefined: 1 MB). */
export function uploadBodyLimit(path: string): number | undefined {
  if (Object.hasOwn(UPLOAD_BODY_LIMITS, path)) return UPLOAD_BODY_LIMITS[path];
  return BACK_OFFICE_PHOTO_PATH.test(path) ? BACK_OFFICE_PHOTO_BODY_LIMIT : undefined;
}

export const refuseUnboundedBodies: express.RequestHandler = (req, res, next) => {
  const max = uploadBodyLimit(req.path);
  const refused = bodyRefusal(req.method, req.get("content-length"), req.get("transfer-encoding"), max);
  if (refused) {
    res.status(refused.status).type("text/plain").send(refused.message);
    return;
  }
  next();
};

/** CSRF, first line: no state-changing request from another site reaches the CMS or an action. */
export const refuseCrossSiteWrites: express.RequestHandler = (req, res, next) => {
  if (isCrossSiteWrite(req.method, requestHost(req), req.get("origin"), req.get("sec-fetch-site"))) {
    res.status(403).type("text/plain").send("Cross-site request refused.");
    return;
  }
  next();
};

/**
 * The request guards, then the embedded CMS when there is one. In this order, whatever acts on a
 * request (the CMS's writes, Remix's actions, mounted after this) only ever sees requests with a
 * bounded body from this site: the guards cannot end up behind the CMS.
 */
export function mountGuardsAndCms(app: express.Express, cms: CmsListener | null) {
  app.use(refuseUnboundedBodies, refuseCrossSiteWrites);
  if (!cms) return;
  app.use(CMS_PATHS, (req, res) => {
    req.url = req.originalUrl;
    void cms(req, res);
  });
}

/**
 * A response that sets a cookie belongs to one visitor: whatever its route said, it goes out as
 * `private, no-store`, so no shared cache (a CDN, a proxy) hands the cookie to someone else.
 * Checked as the headers are written, so no route can forget it.
 */
export const privateWhenSettingCookies: express.RequestHandler = (_req, res, next) => {
  onHeaders(res, () => {
    if (res.getHeader("Set-Cookie") !== undefined) res.setHeader("Cache-Control", cacheControl.private);
  });
  next();
};
