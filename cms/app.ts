import { randomBytes } from "node:crypto";

import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";

import { addressRoutes } from "./accounts/address-routes";
import { codeRoutes } from "./accounts/code-routes";
import { apiErrorResponse, isApiError } from "./accounts/errors";
import { oauthRoutes } from "./accounts/oauth";
import { DEFAULT_AUTH_RATE_LIMIT } from "./accounts/rate-limit";
import { accountRoutes, imageTooLarge, UPLOAD_BODY_BYTES, UPLOAD_PATH } from "./accounts/routes";
import { tokenKey } from "./accounts/tokens";
import { ADMIN_PATH, adminRoutes } from "./admin/routes";
import { specRecordRoutes } from "./admin/spec-routes";
import { ADMIN_UPLOAD_BODY_BYTES, ADMIN_UPLOAD_PATH, uploadTooLarge } from "./admin/uploads";
import { catalogueRoutes } from "./catalogue/routes";
import { contentRoutes } from "./content/routes";
import type { CmsEnv } from "./context";
import { busyReason, busyResponse, logBusy, retryFullReads } from "./db/busy";
import type { Database } from "./db/client";
import { type ContentChange, type ContentChangeListener, createNotifier } from "./events";
import { fileRoutes } from "./files/routes";
import { FORM_SUBMIT_BODY_BYTES, FORM_SUBMIT_PATH, formRoutes } from "./forms/routes";
import { galleryRoutes } from "./galleries/routes";
import type { createGraphql } from "./graphql/schema";
import { groupRoutes } from "./groups/routes";
import { bodyGuard, MAX_BODY_BYTES, MAX_GRAPHQL_BODY_BYTES, securityHeaders, tooLarge } from "./lib/guards";
import { isBadInputError } from "./lib/http";
import { type Mailer, warningMailer } from "./mail/mailer";
import type { EncodeQueue } from "./media/encode-queue";
import { mediaRoutes } from "./media/routes";
import { variantStorage } from "./media/variant-store";
import { defaultImageCacheDir } from "./media/variants";
import { pageRoutes } from "./pages/routes";
import type { PaymentGateway } from "./payments/gateway";
import { paymentRoutes } from "./payments/routes";
import { createTestGateway, TestGateway, testGatewayRoutes } from "./payments/test-gateway";
import { searchRoutes } from "./search/routes";
import { DEFAULT_HOLD_MINUTES } from "./shop/holds";
import { shopRoutes } from "./shop/routes";
import { siteRoutes } from "./site/routes";
import { voucherRoutes } from "./vouchers/routes";

export interface CmsAppOptions {
  /** Production: GraphQL introspection is off. */
  production?: boolean;
  /** The clock that decides which scheduled content shows (ms); default Date.now (tests fix it). */
  clock?: () => number;
  /** Folder for this instance's disk copies of resized image variants (rebuildable); default under os.tmpdir(). */
  imageCacheDir?: string;
  /**
   * Where made image variants are kept (decision 122): `shared`, the database every instance reads
   * (behind the disk copies), or `disk` alone; default shared on PostgreSQL, disk on PGlite.
   */
  imageVariants?: "shared" | "disk";
  /** The encode queue of this app's image variants (default: the process's; tests give each app one). */
  imageEncodeQueue?: EncodeQueue;
  /** Told about every content change `notify` is given (errors are logged, never thrown). */
  onContentChange?: ContentChangeListener;
  /**
   * The access tokens' HS256 secret (JWT_SECRET, else `DATA_DIR/jwt-secret`: `loadTokenSecret`);
   * default a random one per app, so tokens do not outlive it (tests).
   */
  tokenSecret?: string | Uint8Array;
  /** Multiplier of the account calls' rate limits (AUTH_RATE_LIMIT; default 1). */
  authRateLimit?: number;
  /** How long an order's stock is held for its payment (STOCK_HOLD_MINUTES); default 30 minutes. */
  stockHoldMinutes?: number;
  /** The bits of the form captcha's proof of work (CAPTCHA_DIFFICULTY; default 18, decision 051). */
  captchaDifficulty?: number;
  /** The site's URL, which links in mail point to (PUBLIC_URL, or SITE_URL for `npm run cms`). */
  siteUrl?: string;
  /** Sends the account mails (`createMailer`: SMTP_URL, else `DATA_DIR/outbox/`); default: dropped with a warning. */
  mailer?: Mailer;
  /** The payment gateway (PAYMENT_GATEWAY); default the built-in test gateway with `paymentNotifySecret`. */
  paymentGateway?: PaymentGateway;
  /**
   * The default test gateway's notification secret (PAYMENT_NOTIFY_SECRET, else
   * `DATA_DIR/payment-notify-secret`: `loadNotifySecret`); default a random one per app (tests).
   */
  paymentNotifySecret?: string;
  /**
   * The public address of the CMS's `/pay/…` pages (the test gateway): the CMS alone sets its own
   * (CMS_PUBLIC_URL); default the return address's origin: the site, which hands `/pay/` to the
   * embedded CMS.
   */
  paymentPageUrl?: string;
}

export interface CmsApp {
  fetch: (request: Request, env?: object) => Promise<Response>;
  /** Announces a content change to `onContentChange`; resolves when it has been told, never rejects. */
  notify: (change: ContentChange) => Promise<void>;
}

/**
 * The embedded CMS API: a fetch-shaped app over one database. The website calls `fetch`
 * in-process; `cms/main.ts` serves it over HTTP for a split deployment.
 */
export function createCmsApp(database: Database, options: CmsAppOptions = {}): CmsApp {
  // GraphQL (graphql-yoga, graphql-armor, graphql: about 30 MB resident) loads at its first call,
  // not at start: most sites never receive one (issue 29's memory).
  let yoga: Promise<ReturnType<typeof createGraphql>> | null = null;
  const graphql = () =>
    (yoga ??= import("./graphql/schema").then(({ createGraphql: create }) =>
      create({ production: options.production ?? false }),
    ));
  const app = new Hono<CmsEnv>();

  app.use("*", securityHeaders());
  app.use(
    "*",
    bodyGuard(
      (path) =>
        path === "/graphql"
          ? MAX_GRAPHQL_BODY_BYTES
          : path === UPLOAD_PATH
            ? UPLOAD_BODY_BYTES
            : path === ADMIN_UPLOAD_PATH
              ? ADMIN_UPLOAD_BODY_BYTES
              : path.startsWith(FORM_SUBMIT_PATH)
                ? FORM_SUBMIT_BODY_BYTES
                : MAX_BODY_BYTES,
      (path) =>
        path === UPLOAD_PATH
          ? apiErrorResponse(imageTooLarge())
          : path === ADMIN_UPLOAD_PATH
            ? apiErrorResponse(uploadTooLarge())
            : tooLarge(),
    ),
  );
  const clock = options.clock ?? Date.now;
  const tokenSecret =
    typeof options.tokenSecret === "string"
      ? tokenKey(options.tokenSecret)
      : (options.tokenSecret ?? new Uint8Array(randomBytes(32)));
  const authRateLimit = options.authRateLimit ?? DEFAULT_AUTH_RATE_LIMIT;
  const mailer = options.mailer ?? warningMailer;
  const notify = createNotifier(options.onContentChange);
  const paymentGateway =
    options.paymentGateway ??
    createTestGateway({ secret: options.paymentNotifySecret ?? randomBytes(32).toString("base64url") });
  app.use("*", async (c, next) => {
    c.set("db", database.db);
    c.set("now", clock());
    c.set("notify", notify);
    c.set("tokenSecret", tokenSecret);
    c.set("authRateLimit", authRateLimit);
    c.set("stockHoldMinutes", options.stockHoldMinutes ?? DEFAULT_HOLD_MINUTES);
    c.set("siteUrl", options.siteUrl);
    c.set("mailer", mailer);
    c.set("paymentGateway", paymentGateway);
    c.set("paymentPageUrl", options.paymentPageUrl);
    await next();
  });

  // The generic record writes at each model's base path (`POST /gallery/create`): before the
  // public routes, whose `/gallery/{url}` would otherwise take them.
  app.route("/", specRecordRoutes(notify));
  // Before any other `/user` routes: `GET /user/{id}` must not take these paths.
  app.route("/api/v1/cognito/user", codeRoutes(mailer));
  app.route("/api/v1/cognito", formRoutes({ mailer, captchaDifficulty: options.captchaDifficulty }));
  app.route("/api/v1/cognito", siteRoutes);
  app.route("/api/v1/cognito", pageRoutes);
  app.route("/api/v1/cognito", groupRoutes);
  const imageCacheDir = options.imageCacheDir ?? defaultImageCacheDir();
  const sharedVariants = (options.imageVariants ?? (database.kind === "postgres" ? "shared" : "disk")) === "shared";
  app.route(
    "/",
    mediaRoutes({
      storage: variantStorage(database.db, imageCacheDir, sharedVariants),
      cacheDir: imageCacheDir,
      queue: options.imageEncodeQueue,
    }),
  );
  app.route("/api/v1/cognito/default/file", fileRoutes);
  app.route("/api/v1/cognito", contentRoutes);
  app.route("/api/v1/cognito", galleryRoutes);
  app.route("/api/v1/cognito", searchRoutes);
  app.route("/api/v1/catalogue", catalogueRoutes);
  app.route("/api/v1/cognito/user", accountRoutes);
  app.route("/api/v1/sell/address", addressRoutes);
  app.route("/api/v1/sell", shopRoutes());
  app.route("/", oauthRoutes);
  app.route("/api/v1/cognito/giftVoucher", voucherRoutes());
  app.route("/api/v1/cognito/payment", paymentRoutes);
  app.route(ADMIN_PATH, adminRoutes({ notify }));
  if (paymentGateway instanceof TestGateway) {
    app.route(
      "/",
      testGatewayRoutes(paymentGateway, (request) => Promise.resolve(app.fetch(request))),
    );
  }

  app.on(["GET", "POST"], "/graphql", async (c) =>
    (await graphql()).fetch(c.req.raw, { db: database.db, now: c.var.now, notify }),
  );

  app.get("/api/healthz", async (c) => {
    await database.ping();
    return c.json({ ok: true, database: database.kind });
  });

  app.notFound((c) => c.json({ message: "Not found", status: 404 }, 404));
  app.onError((err, c) => {
    if (isApiError(err)) return c.json(err.body(), err.status, err.headers);
    if (err instanceof HTTPException) {
      return c.json({ message: err.message, status: err.status }, err.status);
    }
    if (isBadInputError(err)) return c.json({ message: "Bad request", status: 400 }, 400);
    // A full, slow or absent database is "try again shortly", never a 500 (decision 120).
    const busy = busyReason(err);
    if (busy) {
      logBusy(busy, err);
      return busyResponse(busy);
    }
    console.error("[cms]", err);
    return c.json({ message: "Internal server error", status: 500 }, 500);
  });

  return {
    // env: Node's request, for the client's address. A read that met a full database is tried once more.
    fetch: retryFullReads((request, env) => Promise.resolve(app.fetch(request, env))),
    notify,
  };
}
