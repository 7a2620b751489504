/**
 * Test databases for the CMS integration tests, one per driver:
 *
 * - "pglite": an in-memory PGlite with the migrations applied, started from the dump that
 *   vitest's global setup (`tests/setup/global-setup.ts`) made once for the run.
 * - "postgres": a fresh, uniquely named database on the server named by TEST_DATABASE_URL (a
 *   superuser connection string set by `npm test`), copied from the global setup's migrated
 *   template (`CREATE DATABASE … TEMPLATE`), opened with `openDatabase({ databaseUrl })` and
 *   dropped again by `dispose()`.
 *
 * Run without the global setup (another config), each database is created and migrated afresh.
 *
 * When TEST_DATABASE_URL is unset the "postgres" driver is marked `skip` with a reason that is
 * part of its suite's title, so the report shows it as skipped, never as passed.
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";

import pg from "pg";
import { inject } from "vitest";

import { type CmsApp, createCmsApp } from "../app";
import { type Database, openDatabase } from "../db/client";

export type DriverName = "pglite" | "postgres";

export interface Driver {
  name: DriverName;
  /** The suite title: the driver's name, plus the reason when it is skipped. */
  title: string;
  skip: boolean;
}

export const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

export const POSTGRES_SKIP_REASON =
  "SKIPPED: TEST_DATABASE_URL is not set (npm test starts a PostgreSQL server and sets it)";

export const pgliteDriver: Driver = { name: "pglite", title: "pglite (in-memory)", skip: false };
export const postgresDriver: Driver = testDatabaseUrl
  ? { name: "postgres", title: `postgres (${redact(testDatabaseUrl)})`, skip: false }
  : { name: "postgres", title: `postgres — ${POSTGRES_SKIP_REASON}`, skip: true };

/** Every driver the shared suites run against. */
export const drivers: Driver[] = [pgliteDriver, postgresDriver];

if (!testDatabaseUrl) {
  console.warn(`[cms tests] PostgreSQL suites ${POSTGRES_SKIP_REASON}`);
}

function redact(url: string) {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "invalid URL";
  }
}

function adminUrl(): string {
  if (!testDatabaseUrl) throw new Error(`TEST_DATABASE_URL is not set: ${POSTGRES_SKIP_REASON}`);
  return testDatabaseUrl;
}

/** A short, valid, unique database name: cms_test_<label>_<pid>_<random>. */
function uniqueName(label: string) {
  const safe = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 24);
  return `cms_test_${safe}_${process.pid}_${randomBytes(4).toString("hex")}`.slice(0, 63);
}

/** Label from a test file's path (pass `import.meta.url` or a plain label). */
export function labelOf(fileOrLabel: string) {
  return path.basename(fileOrLabel).replace(/\.test\.ts$/, "");
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface EmptyPostgresDatabase {
  name: string;
  /** Connection string of the new database (same server and credentials as TEST_DATABASE_URL). */
  url: string;
  /** Drops the database, closing any connections left open. */
  drop(): Promise<void>;
}

/**
 * Creates a fresh database on the TEST_DATABASE_URL server: empty (no migrations applied), or a
 * copy of `template`.
 */
export async function createPostgresDatabase(label: string, template?: string): Promise<EmptyPostgresDatabase> {
  const name = uniqueName(label);
  await withAdmin((c) => c.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`));
  const u = new URL(adminUrl());
  u.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: u.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await withAdmin(async (c) => {
        try {
          await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        } catch (err) {
          // WITH (FORCE) needs PostgreSQL 13+.
          if ((err as { code?: string }).code !== "42601") throw err;
          await c.query(`DROP DATABASE IF EXISTS "${name}"`);
        }
      });
    },
  };
}

/** Whether a database of this name exists on the TEST_DATABASE_URL server. */
export async function postgresDatabaseExists(name: string) {
  return withAdmin(async (c) => (await c.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1);
}

export interface TestDatabase {
  driver: DriverName;
  database: Database;
  /** The PostgreSQL database's name; undefined for PGlite. */
  name?: string;
  /** The PostgreSQL database's connection string (another pool may open it); undefined for PGlite. */
  url?: string;
  /** Closes the connection(s) and, for PostgreSQL, drops the database. Safe to call twice. */
  dispose(): Promise<void>;
}

/** What the global setup made, or nothing when it did not run. */
function provided() {
  try {
    return { dump: inject("cmsPgliteDump"), template: inject("cmsPostgresTemplate") };
  } catch {
    return { dump: undefined, template: undefined };
  }
}

/**
 * A dump as PGlite's `loadDataDir` reads it (`arrayBuffer()`, then untar), answered from memory.
 * Node's Blob hands a 43 MB dump over in 64 KiB pieces joined again, which cost each test
 * database about 0.3 s of CPU; a copy of the bytes costs a hundredth of that.
 */
class DumpBlob extends Blob {
  readonly #tar: Uint8Array;
  constructor(tar: Uint8Array) {
    super([]);
    this.#tar = tar;
  }
  override get size() {
    return this.#tar.byteLength;
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    return this.#tar.slice().buffer as ArrayBuffer;
  }
}

let pgliteDump: Promise<Blob | undefined> | undefined;
/** The global setup's migrated PGlite, read once per worker (its files share modules). */
function migratedPglite() {
  const file = provided().dump;
  pgliteDump ??= file ? readFile(file).then((bytes) => new DumpBlob(bytes)) : Promise.resolve(undefined);
  return pgliteDump;
}

/** Opens a fresh database for `driver` with the migrations applied (and nothing else). */
export async function openTestDatabase(driver: DriverName, label: string): Promise<TestDatabase> {
  if (driver === "pglite") {
    const dump = await migratedPglite();
    const database = await openDatabase({ ...(dump ? { loadDataDir: dump } : {}), sharedBuffers: "16MB" });
    let closed = false;
    return {
      driver,
      database,
      async dispose() {
        if (closed) return;
        closed = true;
        await database.close();
      },
    };
  }
  const empty = await createPostgresDatabase(label, provided().template || undefined);
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: empty.url });
  } catch (err) {
    await empty.drop();
    throw err;
  }
  let closed = false;
  return {
    driver,
    database,
    name: empty.name,
    url: empty.url,
    async dispose() {
      if (closed) return;
      closed = true;
      try {
        await database.close();
      } finally {
        await empty.drop();
      }
    },
  };
}

export interface JsonResponse<T = any> {
  status: number;
  contentType: string;
  body: T;
}

/** A tiny in-process client for the CMS app. */
export function cmsClient(app: CmsApp, origin = "http://cms.test") {
  const read = async (res: Response): Promise<JsonResponse> => {
    const contentType = res.headers.get("content-type") ?? "";
    const text = await res.text();
    let body: unknown = text;
    if (contentType.includes("json")) body = JSON.parse(text);
    return { status: res.status, contentType, body };
  };
  return {
    app,
    get: async (pathAndQuery: string) => read(await app.fetch(new Request(origin + pathAndQuery))),
    /** A POST with a JSON body (a string is sent as it is, to test malformed bodies). */
    post: async (pathAndQuery: string, body?: unknown) =>
      read(
        await app.fetch(
          new Request(origin + pathAndQuery, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
          }),
        ),
      ),
    graphql: async (query: string, variables?: Record<string, unknown>) =>
      read(
        await app.fetch(
          new Request(`${origin}/graphql`, {
            method: "POST",
            headers: { "content-type": "application/json", accept: "application/json" },
            body: JSON.stringify({ query, variables }),
          }),
        ),
      ),
  };
}

export type CmsClient = ReturnType<typeof cmsClient>;

export { createCmsApp };

/**
 * Closes a PostgreSQL test database's pool and waits until its server connections are gone, so
 * that `dispose()`'s DROP DATABASE ... WITH (FORCE) does not terminate connections the pool is
 * still closing (the server's FATAL 57P01 would surface as an uncaught exception). For PGlite
 * it does nothing; `dispose()` then closes it.
 */
export async function closeAndSettle(t: TestDatabase) {
  if (!t.name || !testDatabaseUrl) return;
  await t.database.close();
  t.database.close = async () => {};
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  try {
    for (let i = 0; i < 100; i++) {
      const { rows } = await admin.query("select count(*)::int as n from pg_stat_activity where datname = $1", [
        t.name,
      ]);
      if (rows[0].n === 0) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    await admin.end();
  }
}
