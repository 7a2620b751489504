/** Runs the CMS API on its own, for a split deployment: `npm run cms`. */
import { serve } from "@hono/node-server";

import { createCmsApp } from "./app";
import { openDatabase } from "./db/client";
import { parseCmsEnv } from "./env";
import { purgeListener } from "./events";
import { mailerFromEnv } from "./mail/mailer";
import { seedIfEmpty } from "./seed";

const parsed = parseCmsEnv(process.env);
if ("error" in parsed) {
  console.error(parsed.error);
  process.exit(1);
}
const env = parsed.env;

const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: `${env.DATA_DIR}/pglite` });
if (await seedIfEmpty(database.db)) console.log("[cms] seeded an empty database from seeds/");
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
