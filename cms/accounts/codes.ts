/**
 * Single-use codes sent by mail (decisions 040 and 045): a 6-digit code, and for a link a 32-byte
 * token, each stored only as its SHA-256 in `account_codes`, valid 15 minutes.
 *
 * A code and its link token are two rows made together (same purpose, e-mail and payload); using
 * either uses both. A new code of the same purpose and e-mail ends the older unused ones. Every
 * wrong guess counts against all the live codes of that e-mail, and the fifth spends them, so a
 * 6-digit code cannot be guessed in the 15 minutes however the guesses are spread.
 */
import { createHash, randomBytes, randomInt } from "node:crypto";

import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";

import type { Db } from "../db/client";
import { accountCodes } from "../db/schema";

export type CodePurpose = "login" | "register" | "recovery";

export type CodeRow = typeof accountCodes.$inferSelect;

/** How long a code or link is valid. */
export const CODE_TTL_MS = 15 * 60_000;
/** Wrong guesses (over all of an e-mail's live codes) that spend them. */
export const MAX_CODE_ATTEMPTS = 5;
/** Codes are kept this long after they expire, then deleted when the next code is made. */
const KEEP_EXPIRED_MS = 86_400_000;

export type CodeFailure = "CODE_INVALID" | "CODE_USED" | "CODE_EXPIRED";

function sha256(value: string) {
  return createHash("sha256").update(value).digest("hex");
}

/** A 6-digit code, leading zeros kept. */
export function newSixDigitCode() {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

export interface CreateCodeInput {
  purpose: CodePurpose;
  /** Lower-cased here. */
  email: string;
  userId?: number | null;
  /** What a "register" code creates the member from. */
  payload?: Record<string, unknown>;
  /** Also make a link token (32 random bytes, base64url). */
  withLink?: boolean;
  now: number;
}

export interface CreatedCode {
  code: string;
  /** The link token, when asked for. */
  token?: string;
  expiresAt: Date;
}

/**
 * Makes a code (and a link token) for `purpose` and `email`, ending the e-mail's older unused
 * codes of that purpose. Runs in one transaction (a savepoint when `db` is one).
 */
export async function createCode(db: Db, input: CreateCodeInput): Promise<CreatedCode> {
  const email = input.email.trim().toLowerCase();
  const code = newSixDigitCode();
  const token = input.withLink ? randomBytes(32).toString("base64url") : undefined;
  const at = new Date(input.now);
  const expiresAt = new Date(input.now + CODE_TTL_MS);
  await db.transaction(async (tx) => {
    // Older unused codes of this purpose expire now: only the newest mail works.
    await tx
      .update(accountCodes)
      .set({ expiresAt: at })
      .where(
        and(
          eq(accountCodes.email, email),
          eq(accountCodes.purpose, input.purpose),
          isNull(accountCodes.usedAt),
          gt(accountCodes.expiresAt, at),
        ),
      );
    // Codes long expired go: this e-mail's each time, everyone's now and then.
    const stale = lt(accountCodes.expiresAt, new Date(input.now - KEEP_EXPIRED_MS));
    await tx.delete(accountCodes).where(Math.random() < 0.01 ? stale : and(eq(accountCodes.email, email), stale));
    const row = {
      purpose: input.purpose,
      email,
      userId: input.userId ?? null,
      payload: input.payload ?? {},
      createdAt: at,
      expiresAt,
    };
    await tx
      .insert(accountCodes)
      .values([{ ...row, codeHash: sha256(code) }, ...(token ? [{ ...row, codeHash: sha256(token) }] : [])]);
  });
  return { code, token, expiresAt };
}

export interface ConsumeCodeInput {
  email: string;
  /** The 6-digit code or the link token, as sent back. */
  code: string;
  /** The purposes this call accepts; a code of another purpose is a wrong code. */
  purposes: CodePurpose[];
  now: number;
}

export type ConsumeResult<T> = { ok: true; code: CodeRow; value: T } | { ok: false; error: CodeFailure };

/**
 * Uses a code, in one transaction holding a lock on the e-mail's codes (`for update`), so of two
 * parallel uses of one code exactly one wins. A match that is live is marked used (with its
 * sibling link or code) and `then` runs in the same transaction (to create the member, say);
 * when `then` throws, nothing is kept. No match counts a wrong attempt on every live code of
 * the e-mail. Failures: CODE_INVALID (wrong, unknown e-mail, spent by attempts), CODE_USED and
 * CODE_EXPIRED (only for a code that matched).
 */
export async function consumeCode<T = undefined>(
  db: Db,
  input: ConsumeCodeInput,
  then?: (tx: Db, code: CodeRow) => Promise<T>,
): Promise<ConsumeResult<T>> {
  const email = input.email.trim().toLowerCase();
  const hash = sha256(input.code.trim());
  const at = new Date(input.now);
  return db.transaction(async (tx): Promise<ConsumeResult<T>> => {
    const rows = await tx
      .select()
      .from(accountCodes)
      .where(eq(accountCodes.email, email))
      .orderBy(sql`${accountCodes.id} desc`)
      .for("update");
    const match = rows.find((row) => row.codeHash === hash && (input.purposes as string[]).includes(row.purpose));
    if (!match) {
      if (rows.length > 0) {
        await tx
          .update(accountCodes)
          .set({ attempts: sql`${accountCodes.attempts} + 1` })
          .where(
            and(
              eq(accountCodes.email, email),
              isNull(accountCodes.usedAt),
              gt(accountCodes.expiresAt, at),
              lt(accountCodes.attempts, MAX_CODE_ATTEMPTS),
            ),
          );
      }
      return { ok: false, error: "CODE_INVALID" };
    }
    if (match.attempts >= MAX_CODE_ATTEMPTS) return { ok: false, error: "CODE_INVALID" };
    if (match.usedAt) return { ok: false, error: "CODE_USED" };
    if (match.expiresAt.getTime() <= input.now) return { ok: false, error: "CODE_EXPIRED" };
    // The match and its sibling (the code of a link, the link of a code) made with it.
    await tx
      .update(accountCodes)
      .set({ usedAt: at })
      .where(
        or(
          eq(accountCodes.id, match.id),
          and(
            eq(accountCodes.email, email),
            eq(accountCodes.purpose, match.purpose),
            eq(accountCodes.createdAt, match.createdAt),
            isNull(accountCodes.usedAt),
          ),
        ),
      );
    const value = then ? await then(tx, { ...match, usedAt: at }) : (undefined as T);
    return { ok: true, code: { ...match, usedAt: at }, value };
  });
}
