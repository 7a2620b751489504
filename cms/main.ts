/** Runs the CMS API on its own, for a split deployment: `npm run cms`. */
import { serve } from "@hono/node-server";

import { parseCmsEnv } from "./env";
import { purgeListener } from "./events";
import { startCms } from "./start";

const parsed = parseCmsEnv(process.env);
if ("error" in parsed) {
  console.error(parsed.error);
  process.exit(1);
}
const env = parsed.env;

// With a site to tell, every content change is POSTed to its /_purge endpoint.
const onContentChange =
  env.SITE_URL && env.PURGE_TOKEN ? purgeListener({ siteUrl: env.SITE_URL, token: env.PURGE_TOKEN }) : undefined;
const {
  database,
  mailer,
  app,
  stop: stopWork,
} = await startCms(env, {
  production: env.NODE_ENV === "production",
  // The site signs members in through this OAuth2 server, returning to its /auth.
  siteUrl: env.SITE_URL,
  oauthClientId: "dovetail-site",
  onContentChange,
  paymentPageUrl: env.CMS_PUBLIC_URL ?? `http://localhost:${env.CMS_PORT}`,
});
const server = serve({ fetch: app.fetch, port: env.CMS_PORT, hostname: env.CMS_HOST }, (info) =>
  console.log(`[cms] API on http://${env.CMS_HOST}:${info.port}`),
);
const stop = () => {
  stopWork();
  server.close(
    () =>
      void mailer
        .flush()
        .then(() => database.close())
        .then(() => process.exit(0)),
  );
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
