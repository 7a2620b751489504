/**
 * Where made image variants are kept (decision 122), behind one small interface (get, put, has) that
 * an S3-compatible bucket could implement later:
 *
 * - the disk store, `{cacheDir}/{hash}/{aspect}/{width}.{ext}`: one instance's copy (atomic writes);
 * - the database store, the `image_variants` table: every instance's, so a variant is made once for
 *   the whole deployment.
 *
 * On PostgreSQL an instance reads the disk first and the database behind it (copying what it finds
 * to disk), and writes both; an encode is claimed in `image_variant_claims` first, so that the
 * other instances wait for it instead of making it again. PGlite serves one process: the disk
 * store alone, and the in-process sharing of variants.ts, are enough there.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";

import { and, eq, sql } from "drizzle-orm";

import type { Db } from "../db/client";
import { imageVariantClaims, imageVariants } from "../db/schema";
import { type VariantKey, variantPath } from "./variants";

export interface VariantStore {
  /** The variant's bytes, or null when it is not here. */
  get(key: VariantKey): Promise<Buffer | null>;
  /** Keeps a variant; putting one that is already there changes nothing. */
  put(key: VariantKey, bytes: Buffer): Promise<void>;
  has(key: VariantKey): Promise<boolean>;
}

/** A deployment-wide right to make one variant: `release` gives it up (made or failed). */
export interface VariantClaims {
  /** A release function when this instance may make the variant, null when another is making it. */
  claim(key: VariantKey): Promise<(() => Promise<void>) | null>;
}

/** What getVariant reads and writes: this instance's disk copy, and the deployment's store. */
export interface VariantStorage {
  /** Names this storage within the process: one make of a variant per storage at a time. */
  id: string;
  /** The disk store in front (null: the shared store alone). */
  local: VariantStore | null;
  /** Every instance's store, with its claims (null: this instance's disk is all there is). */
  shared: { store: VariantStore; claims: VariantClaims } | null;
}

/**
 * An instance's storage: the disk under `cacheDir`, with the database behind it when `shared`
 * (the default on PostgreSQL: `createCmsApp`'s `imageVariants` option).
 */
export function variantStorage(db: Db, cacheDir: string, shared: boolean): VariantStorage {
  return {
    id: path.resolve(cacheDir),
    local: diskVariantStore(cacheDir),
    shared: shared ? { store: databaseVariantStore(db), claims: databaseVariantClaims(db) } : null,
  };
}

/** The variant's name inside a folder or a bucket: `{hash}/{aspect}/{width}.{ext}`. */
export function variantName(key: VariantKey) {
  return `${key.hash}/${key.aspect}/${key.width}.${key.ext}`;
}

/**
 * The disk store under `cacheDir`. Every name is validated before it gets here; `variantPath`
 * refuses a path that would leave the folder all the same.
 */
export function diskVariantStore(cacheDir: string): VariantStore {
  return {
    async get(key) {
      const file = variantPath(cacheDir, key);
      return file ? readIfPresent(file) : null;
    },
    async put(key, bytes) {
      const file = variantPath(cacheDir, key);
      if (file) await writeAtomically(file, bytes);
    },
    async has(key) {
      return (await this.get(key)) !== null;
    },
  };
}

const whereKey = (key: VariantKey) =>
  and(
    eq(imageVariants.hash, key.hash),
    eq(imageVariants.aspect, key.aspect),
    eq(imageVariants.width, key.width),
    eq(imageVariants.format, key.ext),
  );

/** The `image_variants` table. */
export function databaseVariantStore(db: Db): VariantStore {
  return {
    async get(key) {
      const [row] = await db.select({ bytes: imageVariants.bytes }).from(imageVariants).where(whereKey(key)).limit(1);
      return row ? Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength) : null;
    },
    async put(key, bytes) {
      await db
        .insert(imageVariants)
        .values({ hash: key.hash, aspect: key.aspect, width: key.width, format: key.ext, bytes })
        .onConflictDoNothing();
    },
    async has(key) {
      const rows = await db
        .select({ one: sql<number>`1` })
        .from(imageVariants)
        .where(whereKey(key))
        .limit(1);
      return rows.length > 0;
    },
  };
}

/** How old a claim may grow before another instance takes it over (its maker died mid-encode). */
export const CLAIM_STALE_SECONDS = 60;

/**
 * Claims in `image_variant_claims`: an insert that does nothing when the row is there (unless it is
 * stale), so exactly one instance gets each. No session state: it works through PgBouncer in
 * transaction mode, and no connection is held while the variant is encoded.
 */
export function databaseVariantClaims(db: Db): VariantClaims {
  return {
    async claim(key) {
      const name = variantName(key);
      const owner = randomBytes(9).toString("base64url");
      const taken = await db
        .insert(imageVariantClaims)
        .values({ key: name, owner })
        .onConflictDoUpdate({
          target: imageVariantClaims.key,
          set: { owner, claimedAt: sql`now()` },
          setWhere: sql`${imageVariantClaims.claimedAt} < now() - make_interval(secs => ${CLAIM_STALE_SECONDS})`,
        })
        .returning({ owner: imageVariantClaims.owner });
      if (taken[0]?.owner !== owner) return null;
      return async () => {
        await db
          .delete(imageVariantClaims)
          .where(and(eq(imageVariantClaims.key, name), eq(imageVariantClaims.owner, owner)));
      };
    },
  };
}

async function readIfPresent(file: string) {
  try {
    return await readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}

/** Writes a file so that readers see either nothing or all of it: a temp file, then a rename. */
async function writeAtomically(file: string, bytes: Buffer) {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(tmp, bytes);
    await rename(tmp, file);
  } catch (err) {
    await unlink(tmp).catch(() => {});
    throw err;
  }
}
