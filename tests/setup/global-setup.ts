/**
 * Vitest's global setup: the CMS test databases are built once per run, then copied per test
 * file (decision 099; epic-stack's tests/setup/global-setup.ts builds its base database the same
 * way).
 *
 * - PGlite: one in-memory database is created and migrated here, and its data directory dumped
 *   to a file. `openTestDatabase("pglite")` starts each test file's database from that dump
 *   (PGlite's `loadDataDir`), which skips initdb and the migrations.
 * - PostgreSQL (when TEST_DATABASE_URL is set): one template database is created and migrated
 *   here; `openTestDatabase("postgres")` makes each file's database with
 *   `CREATE DATABASE … TEMPLATE` it. Teardown drops the template.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import type { TestProject } from "vitest/node";

import { openDatabase } from "../../cms/db/client";
import { createPostgresDatabase, testDatabaseUrl } from "../../cms/test/databases";

declare module "vitest" {
  export interface ProvidedContext {
    /** Path of the dump of a migrated PGlite data directory (tar, uncompressed). */
    cmsPgliteDump: string;
    /** Name of the migrated template database on TEST_DATABASE_URL's server; "" without one. */
    cmsPostgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const started = Date.now();
  const dir = await mkdtemp(path.join(os.tmpdir(), "dovetail-test-db-"));
  const dumpFile = path.join(dir, "pglite-migrated.tar");

  const pglite = await openDatabase({});
  try {
    const dump = await pglite.dumpDataDir!();
    await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pglite.close();
  }

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
    await rm(dir, { recursive: true, force: true });
  };
}
