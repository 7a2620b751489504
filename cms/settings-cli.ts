/**
 * `npm run settings -- list | get <key> | set <key> <value>`: the site's settings from the command
 * line (docs/shop.md). Opens the database as the site does (DATABASE_URL, else PGlite in
 * DATA_DIR/pglite), migrating and seeding an empty one first; after a change, tells every site
 * instance on the same PostgreSQL (decision 118), and tells the site to purge when SITE_URL and
 * PURGE_TOKEN are set.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";

import { announceChange } from "./change-channel";
import { openDatabase } from "./db/client";
import { purgeListener } from "./events";
import { seedIfEmpty } from "./seed";
import { runSettingsCommand, SETTINGS_USAGE } from "./site/settings-command";

const args = process.argv.slice(2);
if (args.length === 0) {
  console.error(SETTINGS_USAGE);
  process.exit(2);
}
const dataDir = process.env.DATA_DIR?.trim() || "./data";
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
const database = await openDatabase({ databaseUrl, dataDir: path.join(dataDir, "pglite") });
let code = 1;
try {
  if (await seedIfEmpty(database.db)) console.log("Seeded the empty database from seeds/");
  const result = await runSettingsCommand(database.db, args);
  for (const line of result.lines) (result.code === 0 ? console.log : console.error)(line);
  // The instances on this PostgreSQL hear it on their change channel; a site on PGlite is stopped.
  if (result.change && database.kind === "postgres") {
    await announceChange(database.db, result.change, `settings-${randomUUID()}`);
    console.log("Announced the change to every site instance on this database");
  }
  const siteUrl = process.env.SITE_URL?.trim();
  const token = process.env.PURGE_TOKEN?.trim();
  if (result.change && siteUrl && token) {
    await purgeListener({ siteUrl, token })(result.change);
    console.log(`Told ${siteUrl} to purge its cache`);
  }
  code = result.code;
} finally {
  await database.close();
}
// Exit once what was printed has been written (a pipe is written asynchronously).
process.stdout.write("", () => process.exit(code));
