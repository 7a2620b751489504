// A seeded DATA_DIR made once and copied for each server the tests start (decision 100).
//
// A server started on an empty DATA_DIR migrates and seeds its PGlite first: about 17 s of CPU,
// paid by each of the Playwright journeys' four servers, the JavaScript budget's and the HTML
// check's. `seededDataDir()` makes one migrated and seeded database with `npm run settings`
// (which migrates and seeds an empty database as the site does) in `.cache/seeded-data/<hash>/`,
// where the hash covers what the database is made of: `cms/` (its migrations and seeding code),
// `seeds/` and the installed packages. `copySeededDataDir(dir)` copies its `pglite/` into a new
// DATA_DIR. The demo accounts are not in it: each server seeds its own, with its own passwords
// in its own `demo-credentials.txt`, as on a fresh start.
//
// CLI: `node scripts/lib/seeded-data.mjs DIR…` copies the seeded database into each DIR that
// does not exist yet (playwright.config.ts runs it for its servers); with no DIR it only makes it.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { root } from "./ensure.mjs";

const cacheDir = path.join(root, ".cache", "seeded-data");

/** The files a seeded database is made of, hashed: a change to any of them makes a new one. */
function contentHash() {
  const hash = createHash("sha256");
  const inputs = ["cms", "seeds"].flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !/\.test\.ts$/.test(entry.name))
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name))),
  );
  for (const file of [...inputs.sort(), "package-lock.json"]) {
    hash.update(file);
    hash.update(readFileSync(path.join(root, file)));
  }
  return hash.digest("hex").slice(0, 16);
}

/** The folder of the seeded DATA_DIR (holding `pglite/`), made first when missing. */
export function seededDataDir() {
  const dir = path.join(cacheDir, contentHash());
  if (existsSync(path.join(dir, "pglite"))) return dir;
  // Made aside and renamed when complete, so that an interrupted run leaves nothing half made.
  const making = `${dir}.making-${process.pid}`;
  rmSync(making, { recursive: true, force: true });
  mkdirSync(making, { recursive: true });
  const made = spawnSync(path.join(root, "node_modules", ".bin", "tsx"), ["cms/settings-cli.ts", "list"], {
    cwd: root,
    env: { ...process.env, DATA_DIR: making, DATABASE_URL: "" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (made.status !== 0) {
    rmSync(making, { recursive: true, force: true });
    throw new Error(`seeding a database for the tests failed (npm run settings exited ${made.status})`);
  }
  // Older seeded databases are of no more use.
  for (const old of existsSync(cacheDir) ? readdirSync(cacheDir) : []) {
    if (old !== path.basename(making)) rmSync(path.join(cacheDir, old), { recursive: true, force: true });
  }
  renameSync(making, dir);
  return dir;
}

/** Copies the seeded database into `dataDir` (a DATA_DIR that has no database yet). */
export function copySeededDataDir(dataDir, from = seededDataDir()) {
  mkdirSync(dataDir, { recursive: true });
  cpSync(path.join(from, "pglite"), path.join(dataDir, "pglite"), { recursive: true });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  // With no DIR, it only makes the seeded database (npm test, beside its first steps).
  const from = seededDataDir();
  for (const dir of process.argv.slice(2).filter((dir) => !existsSync(path.join(dir, "pglite")))) {
    copySeededDataDir(dir, from);
  }
}
