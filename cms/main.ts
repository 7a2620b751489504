/** Runs the CMS API on its own, for a split deployment: `npm run cms`. */
import { serve } from "@hono/node-server";

import { announceCredentials } from "./accounts/credentials";
import { ensureOAuthClient } from "./accounts/oauth";
import { seedAccountsIfNone } from "./accounts/seed";
import { loadTokenSecret } from "./accounts/tokens";
import { createCmsApp } from "./app";
import { openDatabase } from "./db/client";
import { parseCmsEnv } from "./env";
import { purgeListener } from "./events";
import { mailerFromEnv } from "./mail/mailer";
import { setAvifEffort } from "./media/variants";
import { paymentGatewayFromEnv } from "./payments/from-env";
import { seedIfEmpty } from "./seed";

const parsed = parseCmsEnv(process.env);
if ("error" in parsed) {
  console.error(parsed.error);
  process.exit(1);
}
const env = parsed.env;

const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: `${env.DATA_DIR}/pglite` });
setAvifEffort(env.IMAGE_AVIF_EFFORT);
if (await seedIfEmpty(database.db)) console.log("[cms] seeded an empty database from seeds/");
// Demo accounts on a database without users: their passwords are shown once and kept in DATA_DIR.
const credentials = await seedAccountsIfNone(database.db);
if (credentials) announceCredentials(env.DATA_DIR, credentials);
// The site signs members in through this OAuth2 server, returning to its /auth.
if (env.SITE_URL) {
  await ensureOAuthClient(database.db, {
    clientId: "dovetail-site",
    name: "Dovetail website",
    redirectUri: `${env.SITE_URL.replace(/\/+$/, "")}/auth`,
  });
}
// With a site to tell, every content change is POSTed to its /_purge endpoint.
const onContentChange =
  env.SITE_URL && env.PURGE_TOKEN ? purgeListener({ siteUrl: env.SITE_URL, token: env.PURGE_TOKEN }) : undefined;
// The account mails: over SMTP_URL, else into DATA_DIR/outbox (`npm run outbox`).
const mailer = mailerFromEnv(env, env.DATA_DIR);
const app = createCmsApp(database, {
  mailer,
  imageCacheDir: `${env.DATA_DIR}/image-cache`,
  onContentChange,
  production: env.NODE_ENV === "production",
  tokenSecret: loadTokenSecret(env.JWT_SECRET, env.DATA_DIR),
  authRateLimit: env.AUTH_RATE_LIMIT,
  captchaDifficulty: env.CAPTCHA_DIFFICULTY,
  siteUrl: env.SITE_URL,
  paymentGateway: paymentGatewayFromEnv(env, env.DATA_DIR),
  paymentPageUrl: env.CMS_PUBLIC_URL ?? `http://localhost:${env.CMS_PORT}`,
});
const server = serve({ fetch: app.fetch, port: env.CMS_PORT, hostname: env.CMS_HOST }, (info) =>
  console.log(`[cms] API on http://${env.CMS_HOST}:${info.port}`),
);
const stop = () =>
  server.close(
    () =>
      void mailer
        .flush()
        .then(() => database.close())
        .then(() => process.exit(0)),
  );
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
