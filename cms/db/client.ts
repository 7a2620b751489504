import { mkdirSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Client } from "pg";

import { projectPath } from "../lib/project-root";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: its whole data directory as a tar file, which `loadDataDir` starts from. */
  dumpDataDir?(): Promise<Blob>;
}

export const migrationsFolder = projectPath("cms", "db", "migrations");

export interface OpenOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string;
  /** PostgreSQL only: the pool's bounds (decision 120). */
  pool?: PoolOptions;
  /** Folder for PGlite's files; "memory://" (or undefined) keeps it in memory. */
  dataDir?: string;
  /** A PGlite dump (from `dumpDataDir`) to start from: the fast way to a fresh test database. */
  loadDataDir?: Blob | File;
  /**
   * PGlite's shared_buffers (PostgreSQL's setting, "16MB"); default PGLITE_SHARED_BUFFERS.
   * Starting PGlite clears that memory: a test database holding a few megabytes starts in a third
   * of the time with 16MB (decision 099).
   */
  sharedBuffers?: string;
}

export interface PoolOptions {
  /** The most connections this instance holds (DATABASE_POOL_MAX); default 10. */
  max?: number;
  /**
   * How long a query waits for a connection, in ms (DATABASE_POOL_WAIT_MS): a free one, or a new
   * one to open; then it fails with a "busy" error that the CMS answers 503 (`db/busy.ts`).
   */
  waitMs?: number;
  /** What PostgreSQL's pg_stat_activity names this instance's connections; default `instanceName()`. */
  applicationName?: string;
}

export const DEFAULT_POOL_MAX = 10;
export const DEFAULT_POOL_WAIT_MS = 3_000;

/**
 * `dovetail-<host>-<pid>`: which instance holds a connection, in pg_stat_activity (PostgreSQL keeps
 * 63 bytes of it). A DATABASE_URL that sets `application_name` keeps its own.
 */
export function instanceName() {
  return `dovetail-${hostname()}-${process.pid}`.slice(0, 63);
}

/** Opens the CMS database and applies the checked-in migrations. */
export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.pool);
  return openPglite(options);
}

async function openPostgres(url: string, options: PoolOptions = {}): Promise<Database> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const connection = { connectionString: url, application_name: options.applicationName ?? instanceName() };
  const pool = new pg.Pool({
    ...connection,
    max: options.max ?? DEFAULT_POOL_MAX,
    connectionTimeoutMillis: options.waitMs ?? DEFAULT_POOL_WAIT_MS,
  });
  // An idle connection the server ends (restart, failover, idle timeout) must not crash the process:
  // the pool drops it and opens another on the next query.
  pool.on("error", (error) => console.warn("[cms] PostgreSQL connection lost:", error.message));
  const db = drizzle(pool, { schema });
  try {
    // On two connections of their own, not the pool's: a start may wait longer than a request.
    const client = () => new pg.Client({ ...connection, connectionTimeoutMillis: START_CONNECT_TIMEOUT_MS });
    await migrateLocked(client, (migrator) => migrate(drizzle(migrator, { schema }), { migrationsFolder }));
  } catch (err) {
    await pool.end();
    throw err;
  }
  return {
    db: db as unknown as Db,
    kind: "postgres",
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/** How long a start waits to connect for its migrations. */
const START_CONNECT_TIMEOUT_MS = 30_000;

/**
 * Runs the migrations on one connection while another holds a transaction-level advisory lock:
 * drizzle's migrator takes no lock, so two instances starting at once on a fresh database would
 * both run CREATE TABLE and one would fail. The lock is `pg_advisory_xact_lock` in a transaction
 * kept open on its own connection, never a session lock: behind PgBouncer in transaction mode a
 * session lock stays with whichever server connection took it, the unlock runs on another (tried:
 * it answers false), and the next start waits for as long as PgBouncer keeps that connection. If
 * the process dies, its connections go, and the transaction, lock and all, with them.
 */
async function migrateLocked(connect: () => Client, run: (migrator: Client) => Promise<unknown>) {
  const [lock, migrator] = [connect(), connect()];
  // A server that ends a connection must not crash the process; the query under way fails.
  for (const c of [lock, migrator])
    c.on("error", (error) => console.warn("[cms] migration connection lost:", error.message));
  try {
    await Promise.all([lock.connect(), migrator.connect()]);
    await lock.query("begin");
    await lock.query("select pg_advisory_xact_lock(727000)");
    await run(migrator);
    await lock.query("commit");
  } finally {
    await Promise.all([lock.end().catch(() => {}), migrator.end().catch(() => {})]);
  }
}

/**
 * PGlite's shared_buffers unless told otherwise. PGlite's own default, 128MB, is resident from the
 * start (it clears it): 280 MB of the site's memory before its first request. The seeded site's
 * database is about 20 MB, and its files stay in the operating system's page cache besides, so
 * 32MB holds it with room to spare for about 100 MB less (issue 29).
 */
export const PGLITE_SHARED_BUFFERS = "32MB";

async function openPglite(options: OpenOptions): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  // unaccent: site search folds accents with it (decision 061); the migration uses it when present.
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const { byteaCodec } = await import("./pglite-bytea");
  const dir = options.dataDir && options.dataDir !== "memory://" ? path.resolve(options.dataDir) : undefined;
  // PGlite creates only the last folder of its path.
  if (dir) mkdirSync(path.dirname(dir), { recursive: true });
  const client = await PGlite.create(dir, {
    extensions: { unaccent },
    ...byteaCodec,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    startParams: [
      ...PGlite.defaultStartParams,
      "-c",
      `shared_buffers=${options.sharedBuffers ?? PGLITE_SHARED_BUFFERS}`,
    ],
  });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    async ping() {
      await client.query("select 1");
    },
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir("none"),
  };
}
