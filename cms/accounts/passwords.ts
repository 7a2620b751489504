/**
 * Password hashes: scrypt from node:crypto, stored as `scrypt$N$r$p$salt$hash` (salt and hash
 * base64url), so the cost can rise later without breaking stored hashes. Comparison is constant
 * time, and a missing account is compared against a dummy hash, so how long a sign-in takes does
 * not tell whether the e-mail has an account.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";

import { ApiError } from "./errors";
import { HashQueueFull, ScryptPool } from "./scrypt-pool";

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's scrypt choice with 16 MiB of memory: N=2^14, r=8, p=5. */
const PRODUCTION_COST: ScryptCost = { N: 2 ** 14, r: 8, p: 5 };
/**
 * Under NODE_ENV=test (vitest, and the journeys' servers) new hashes are made with an eightieth
 * of that work (decision 109), as Devise and Django do in their tests: the suites sign up and sign
 * in hundreds of times. The stored form names its parameters, so such a hash still verifies
 * anywhere, and a sign-in under any other NODE_ENV rehashes it at the production cost.
 */
const TEST_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

/** The cost new hashes are made with under `nodeEnv` (NODE_ENV). */
export function scryptCost(nodeEnv = process.env.NODE_ENV): ScryptCost {
  return nodeEnv === "test" ? TEST_COST : PRODUCTION_COST;
}
const KEY_LENGTH = 32;
/** Stored parameters above these are refused (a damaged row must not cost minutes or gigabytes). */
const MAX = { N: 2 ** 20, r: 32, p: 16 };

/** The process's scrypt workers, off libuv's thread pool (cms/accounts/scrypt-pool.ts). */
const pool = new ScryptPool();

/** Hashes refused because too many wait answer 503 with Retry-After (the site says "try again"). */
async function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  try {
    return await pool.derive({
      password: password.normalize("NFC"),
      salt,
      keyLength: KEY_LENGTH,
      N,
      r,
      p,
      maxmem: 256 * N * r + 2 ** 20,
    });
  } catch (error) {
    if (!(error instanceof HashQueueFull)) throw error;
    throw new ApiError(503, error.message, {
      code: "BUSY",
      headers: { "Retry-After": String(error.retryAfter) },
      extra: { retry_after: error.retryAfter },
    });
  }
}

/** The stored form of `password`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = scryptCost();
  const key = await derive(password, salt, N, r, p);
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

interface Parsed {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): Parsed | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map((v) => (/^\d+$/.test(v) ? Number(v) : NaN));
  if (!(N > 1 && N <= MAX.N && (N & (N - 1)) === 0 && r >= 1 && r <= MAX.r && p >= 1 && p <= MAX.p)) return null;
  const salt = Buffer.from(parts[4], "base64url");
  const key = Buffer.from(parts[5], "base64url");
  if (salt.length < 8 || key.length !== KEY_LENGTH) return null;
  return { N, r, p, salt, key };
}

let dummy: Promise<string> | null = null;
/** A hash of a random password made once, compared when there is no account. */
function dummyHash() {
  dummy ??= hashPassword(randomBytes(18).toString("base64url"));
  return dummy;
}

/**
 * Whether `password` matches `stored`. With no stored hash (no account, or a member who never set
 * a password) a dummy hash is compared all the same and the answer is false.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = stored ? parse(stored) : null;
  const target = parsed ?? parse(await dummyHash())!;
  const key = await derive(password, target.salt, target.N, target.r, target.p);
  return timingSafeEqual(key, target.key) && parsed !== null;
}

/** Whether a stored hash was made with weaker parameters than today's (to rehash at the next sign-in). */
export function needsRehash(stored: string, cost: ScryptCost = scryptCost()): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.N < cost.N || parsed.r < cost.r || parsed.p < cost.p;
}
