import { serve } from "@hono/node-server";
import { z } from "zod";
import { createCmsApp } from "./app";
import { openDatabase } from "./db/client";
import { seedIfEmpty } from "./seed";

/** Runs the CMS API on its own, for a split deployment: `npm run cms`. */
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.string().url().optional())
  .optional();
const env = z
  .object({
    CMS_PORT: z.coerce.number().int().min(1).max(65535).default(4000),
    /** Interface to listen on; set 0.0.0.0 (or ::) when the site runs on another machine. */
    CMS_HOST: z.string().min(1).default("127.0.0.1"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optionalUrl,
  })
  .safeParse(process.env);
if (!env.success) {
  const issue = env.error.issues[0];
  console.error(`Invalid environment variable ${issue.path.join(".")}: ${issue.message}`);
  process.exit(1);
}

const database = await openDatabase({ databaseUrl: env.data.DATABASE_URL, dataDir: `${env.data.DATA_DIR}/pglite` });
if (await seedIfEmpty(database.db)) console.log("[cms] seeded an empty database from seeds/");
const app = createCmsApp(database, { imageCacheDir: `${env.data.DATA_DIR}/image-cache` });
const server = serve({ fetch: app.fetch, port: env.data.CMS_PORT, hostname: env.data.CMS_HOST }, (info) =>
  console.log(`[cms] API on http://${env.data.CMS_HOST}:${info.port}`),
);
const stop = () => server.close(() => void database.close().then(() => process.exit(0)));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
