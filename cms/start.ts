/**
 * Opening the CMS as both of its hosts do: the site's `server.ts` (the embedded CMS) and
 * `npm run cms` (`cms/main.ts`, the API on its own). The database is opened, migrated and seeded
 * when empty, the demo accounts made once, the site's OAuth2 client registered, and the app built
 * from the environment's settings.
 */
import { randomUUID } from "node:crypto";

import { announceCredentials } from "./accounts/credentials";
import { ensureOAuthClient } from "./accounts/oauth";
import { seedAccountsIfNone } from "./accounts/seed";
import { loadTokenSecret } from "./accounts/tokens";
import { type CmsApp, type CmsAppOptions, createCmsApp } from "./app";
import { announceChange, type ChangeListener, listenForChanges } from "./change-channel";
import { type Database, openDatabase } from "./db/client";
import type { CmsEnvironment } from "./env";
import type { ContentChangeListener, ContentChangeNotice } from "./events";
import { type Mailer, mailerFromEnv } from "./mail/mailer";
import { setAvifEffort } from "./media/variants";
import { paymentGatewayFromEnv, paymentGatewayNotice } from "./payments/from-env";
import { seedIfEmpty } from "./seed";
import { startHoldSweeper } from "./shop/holds";

/** The settings both hosts read, with the names they have in the environment. */
export type CmsStartEnv = Pick<
  CmsEnvironment,
  | "DATABASE_URL"
  | "DATABASE_POOL_MAX"
  | "DATABASE_POOL_WAIT_MS"
  | "DATA_DIR"
  | "IMAGE_AVIF_EFFORT"
  | "JWT_SECRET"
  | "AUTH_RATE_LIMIT"
  | "CAPTCHA_DIFFICULTY"
  | "SMTP_URL"
  | "MAIL_FROM"
  | "PAYMENT_GATEWAY"
  | "PAYMENT_NOTIFY_SECRET"
  | "STRIPE_SECRET_KEY"
  | "STRIPE_WEBHOOK_SECRET"
  | "STRIPE_API_BASE"
  | "STOCK_HOLD_MINUTES"
>;

export interface CmsStartOptions extends Pick<CmsAppOptions, "production" | "onContentChange" | "paymentPageUrl"> {
  /** The site's address: links in mail point there, and its OAuth2 client returns to its /auth. */
  siteUrl?: string;
  /** The site's OAuth2 client, registered when `siteUrl` is known. */
  oauthClientId: string;
  /**
   * On PostgreSQL, the changes the other instances announce (decision 118): LISTENed for at
   * `listenUrl` on a connection of its own, each handed to `onChange` (the site purges its caches).
   */
  otherInstances?: {
    listenUrl: string;
    onChange: (change: ContentChangeNotice) => void;
    /** Told when the LISTEN connection is lost (the site expires its caches, decision 123). */
    onLost?: () => void;
  };
}

export interface StartedCms {
  database: Database;
  mailer: Mailer;
  app: CmsApp;
  /** Stops this instance's background work (the hold sweeper, the change listener) before the database closes. */
  stop: () => void;
  /**
   * Tells the other instances on the same PostgreSQL about a change this one has already purged
   * (`POST /_purge`); nothing on PGlite. Never rejects.
   */
  announce: (change: ContentChangeNotice) => Promise<void>;
  /** The LISTEN connection of `otherInstances`; null on PGlite or without that option. */
  changes: ChangeListener | null;
}

export async function startCms(env: CmsStartEnv, options: CmsStartOptions): Promise<StartedCms> {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: `${env.DATA_DIR}/pglite`,
    pool: { max: env.DATABASE_POOL_MAX, waitMs: env.DATABASE_POOL_WAIT_MS },
  });
  setAvifEffort(env.IMAGE_AVIF_EFFORT);
  if (await seedIfEmpty(database.db)) console.log("[cms] seeded the empty database from seeds/");
  // Demo accounts on a database without users: their passwords are shown once and kept in DATA_DIR.
  const credentials = await seedAccountsIfNone(database.db);
  if (credentials) announceCredentials(env.DATA_DIR, credentials);
  const siteUrl = options.siteUrl?.replace(/\/+$/, "");
  // The site signs members in through the CMS's OAuth2 server: it is a client, returning to /auth.
  if (siteUrl) {
    await ensureOAuthClient(database.db, {
      clientId: options.oauthClientId,
      name: "Dovetail website",
      redirectUri: `${siteUrl}/auth`,
    });
  }
  // The account mails: over SMTP_URL, else into DATA_DIR/outbox (`npm run outbox`).
  const mailer = mailerFromEnv(env, env.DATA_DIR);
  const paymentGateway = await paymentGatewayFromEnv(env, env.DATA_DIR);
  console.log(paymentGatewayNotice(paymentGateway));
  // On PostgreSQL every change is also announced to the other instances (decision 118): after the
  // in-process listener, so this instance shows it at once; its own notice comes back and is skipped.
  const instance = randomUUID();
  const announce =
    database.kind === "postgres"
      ? (change: ContentChangeNotice) => announceChange(database.db, change, instance)
      : () => Promise.resolve();
  const local = options.onContentChange;
  const onContentChange: ContentChangeListener | undefined =
    database.kind === "postgres"
      ? async (change) => {
          try {
            await local?.(change);
          } finally {
            await announce(change);
          }
        }
      : local;
  const app = createCmsApp(database, {
    production: options.production,
    mailer,
    imageCacheDir: `${env.DATA_DIR}/image-cache`,
    tokenSecret: loadTokenSecret(env.JWT_SECRET, env.DATA_DIR),
    authRateLimit: env.AUTH_RATE_LIMIT,
    captchaDifficulty: env.CAPTCHA_DIFFICULTY,
    siteUrl,
    paymentGateway,
    stockHoldMinutes: env.STOCK_HOLD_MINUTES,
    paymentPageUrl: options.paymentPageUrl,
    onContentChange,
  });
  // Unpaid orders' stock goes back when their hold runs out, found by every instance in turn.
  const stopSweeper = startHoldSweeper(database.db, { gateway: paymentGateway });
  const changes =
    options.otherInstances && database.kind === "postgres"
      ? listenForChanges({
          databaseUrl: options.otherInstances.listenUrl,
          self: instance,
          onChange: options.otherInstances.onChange,
          onLost: options.otherInstances.onLost,
        })
      : null;
  // Listening before the first request is answered: nothing announced from here on is missed.
  await changes?.started;
  const stop = () => {
    stopSweeper();
    void changes?.close();
  };
  return { database, mailer, app, stop, announce, changes };
}
