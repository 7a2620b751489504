import { mkdirSync } from "node:fs";
import path from "node:path";

import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Pool, PoolClient } from "pg";

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
  /** Folder for PGlite's files; "memory://" (or undefined) keeps it in memory. */
  dataDir?: string;
  /** A PGlite dump (from `dumpDataDir`) to start from: the fast way to a fresh test database. */
  loadDataDir?: Blob | File;
  /**
   * PGlite's shared_buffers (PostgreSQL's setting, "16MB"); PGlite's own default is 128MB.
   * Starting PGlite clears that memory: a test database holding a few megabytes starts in a third
   * of the time with 16MB (decision 099).
   */
  sharedBuffers?: string;
}

/** Opens the CMS database and applies the checked-in migrations. */
export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options);
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (restart, failover, idle timeout) must not crash the process:
  // the pool drops it and opens another on the next query.
  pool.on("error", (error) => console.warn("[cms] PostgreSQL connection lost:", error.message));
  const db = drizzle(pool, { schema });
  try {
    await migrateLocked(pool, (client) => migrate(drizzle(client, { schema }), { migrationsFolder }));
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

/**
 * Runs the migrations on one connection holding a session advisory lock: drizzle's migrator takes
 * no lock, so two instances starting at once on a fresh database would both run CREATE TABLE and
 * one would fail.
 */
async function migrateLocked(pool: Pool, run: (client: PoolClient) => Promise<void>) {
  const client = await pool.connect();
  let broken: unknown;
  try {
    await client.query("select pg_advisory_lock(727000)");
    try {
      await run(client);
    } finally {
      await client.query("select pg_advisory_unlock(727000)");
    }
  } catch (err) {
    broken = err;
    throw err;
  } finally {
    // A connection that failed may still hold the lock: destroy it rather than pool it.
    client.release(broken ? true : undefined);
  }
}

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
    ...(options.sharedBuffers
      ? { startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${options.sharedBuffers}`] }
      : {}),
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
