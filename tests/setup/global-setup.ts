/**
 * Vitest's global setup: the CMS test databases are built once per run, then copied per test
 * file (decision 099; epic-stack's tests/setup/global-setup.ts builds its base database the same
 * way).
 *
 * - PGlite: one in-memory database is created and migrated here, and its data directory dumped
 *   to a file. `openTestDatabase("pglite")` starts each test file's database from that dump
 *   (PGlite's `loadDataDir`), which skips initdb and the migrations. The dump is kept in
 *   `.cache/test-db/`, named by a hash of what makes it (the migrations, the database client,
 *   PGlite's version), so a later run with the same ones starts at once.
 * - PostgreSQL (when TEST_DATABASE_URL is set): one template database is created and migrated
 *   here; `openTestDatabase("postgres")` makes each file's database with
 *   `CREATE DATABASE … TEMPLATE` it. Teardown drops the template.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

import type { TestProject } from "vitest/node";

import { migrationsFolder, openDatabase } from "../../cms/db/client";
import { createPostgresDatabase, testDatabaseUrl } from "../../cms/test/databases";

declare module "vitest" {
  export interface ProvidedContext {
    /** Path of the dump of a migrated PGlite data directory (tar, uncompressed). */
    cmsPgliteDump: string;
    /** Name of the migrated template database on TEST_DATABASE_URL's server; "" without one. */
    cmsPostgresTemplate: string;
  }
}

const root = path.resolve(import.meta.dirname, "../..");

/** A name for the dump that changes whenever what it is made of changes. */
async function dumpName() {
  const hash = createHash("sha256");
  const files = (await readdir(migrationsFolder, { recursive: true })).sort();
  for (const file of files) {
    const full = path.join(migrationsFolder, file);
    if (!file.endsWith(".sql") && !file.endsWith(".json")) continue;
    hash.update(file).update(await readFile(full));
  }
  hash.update(await readFile(path.join(root, "cms/db/client.ts")));
  hash.update(await readFile(path.join(root, "node_modules/@electric-sql/pglite/package.json")));
  return `pglite-migrated-${hash.digest("hex").slice(0, 16)}.tar`;
}

/** The migrated PGlite's dump: made now, or kept from an earlier run. */
async function pgliteDump() {
  const dir = path.join(root, ".cache/test-db");
  const file = path.join(dir, await dumpName());
  if (existsSync(file)) return file;
  await mkdir(dir, { recursive: true });
  const pglite = await openDatabase({});
  try {
    const dump = await pglite.dumpDataDir!();
    // Written aside, then renamed: a run that stops half-way leaves no half dump behind.
    const partial = `${file}.${process.pid}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    for (const old of await readdir(dir))
      if (old !== path.basename(file) && old.endsWith(".tar")) await rm(path.join(dir, old), { force: true });
  } finally {
    await pglite.close();
  }
  return file;
}

export default async function setup(project: TestProject) {
  const started = Date.now();
  const dumpFile = await pgliteDump();

  let template: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  if (testDatabaseUrl) {
    template = await createPostgresDatabase("template");
    const database = await openDatabase({ databaseUrl: template.url });
    await database.close();
  }

  project.provide("cmsPgliteDump", dumpFile);
  project.provide("cmsPostgresTemplate", template?.name ?? "");
  console.log(
    `[test databases] migrated PGlite dump${template ? " and PostgreSQL template" : ""} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  return async () => {
    await template?.drop();
  };
}
