/**
 * The forms' own captcha (decisions 051 and 054), no third party. A challenge is an HMAC-signed
 * `{ form, nonce, issued, expires }`. With JavaScript the browser finds a `solution` so that
 * SHA-256(`challenge:solution`) starts with `difficulty` zero bits; without it the form sends
 * `nojs: true`, the honeypot field `website` must be empty and at least 3 seconds must have passed
 * since the challenge was issued. A challenge is used once: its nonce is recorded in the
 * `rate_limits` table (bucket `captcha:<nonce>`, kept until the pruning of old windows).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

import { answer } from "../contract/answer";
import { captchaSchema } from "../contract/forms";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";

/** Leading zero bits of the proof of work: about a second in a browser. */
export const CAPTCHA_DIFFICULTY = 18;
export const CAPTCHA_TTL_MS = 30 * 60_000;
/** The least time between the challenge and a submit without JavaScript. */
export const NOJS_MIN_MS = 3000;
/** The honeypot field a person never fills in. */
export const HONEYPOT_FIELD = "website";

export interface Challenge {
  challenge: string;
  difficulty: number;
  expires_at: string;
}

interface Payload {
  f: number;
  n: string;
  i: number;
  e: number;
}

function key(secret: Uint8Array) {
  return createHmac("sha256", secret).update("dovetail-form-captcha").digest();
}

function sign(secret: Uint8Array, body: string) {
  return createHmac("sha256", key(secret)).update(body).digest("base64url");
}

/** A new challenge for a form at `now`. */
export function issueChallenge(
  secret: Uint8Array,
  formId: number,
  now: number,
  difficulty = CAPTCHA_DIFFICULTY,
): Challenge {
  const payload: Payload = { f: formId, n: randomBytes(16).toString("base64url"), i: now, e: now + CAPTCHA_TTL_MS };
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return answer(captchaSchema, {
    challenge: `${body}.${sign(secret, body)}`,
    difficulty,
    expires_at: new Date(payload.e).toISOString(),
  });
}

/** How many leading zero bits a hash has. */
export function leadingZeroBits(hash: Buffer) {
  let bits = 0;
  for (const byte of hash) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** Whether `solution` solves `challenge` at `difficulty`. */
export function solves(challenge: string, solution: string, difficulty = CAPTCHA_DIFFICULTY) {
  return leadingZeroBits(createHash("sha256").update(`${challenge}:${solution}`).digest()) >= difficulty;
}

/** A solution found by trying 0, 1, 2 … (what the browser does; tests use it). */
export function solveChallenge(challenge: string, difficulty = CAPTCHA_DIFFICULTY): string {
  for (let i = 0; ; i++) if (solves(challenge, String(i), difficulty)) return String(i);
}

export interface CaptchaAnswer {
  challenge?: unknown;
  solution?: unknown;
  nojs?: unknown;
}

export type CaptchaCheck = { ok: true; nonce: string; expires: number } | { ok: false; reason: string };

/**
 * Checks a captcha answer without using it up (`useChallenge` does, inside the submission's
 * transaction): signed, for this form, not expired, solved, or without JavaScript the honeypot
 * empty and 3 seconds gone.
 */
export function checkCaptcha(
  secret: Uint8Array,
  input: { formId: number; captcha: unknown; data: Record<string, unknown>; now: number; difficulty?: number },
): CaptchaCheck {
  const answer = (input.captcha && typeof input.captcha === "object" ? input.captcha : {}) as CaptchaAnswer;
  const challenge = typeof answer.challenge === "string" ? answer.challenge : "";
  if (!challenge) return { ok: false, reason: "missing" };
  const [body, signature, extra] = challenge.split(".");
  if (!body || !signature || extra !== undefined) return { ok: false, reason: "invalid" };
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "invalid" };
  let payload: Payload;
  try {
    payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Payload;
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (payload.f !== input.formId) return { ok: false, reason: "invalid" };
  if (!(input.now < payload.e)) return { ok: false, reason: "expired" };
  const nojs = answer.nojs === true || answer.nojs === "1" || answer.nojs === "true";
  if (nojs) {
    const honeypot = input.data[HONEYPOT_FIELD];
    if (honeypot !== undefined && honeypot !== null && String(honeypot) !== "")
      return { ok: false, reason: "honeypot" };
    if (input.now - payload.i < NOJS_MIN_MS) return { ok: false, reason: "too_fast" };
  } else {
    const solution =
      typeof answer.solution === "string" || typeof answer.solution === "number" ? String(answer.solution) : "";
    if (!solution || solution.length > 64 || !solves(challenge, solution, input.difficulty ?? CAPTCHA_DIFFICULTY)) {
      return { ok: false, reason: "unsolved" };
    }
  }
  return { ok: true, nonce: payload.n, expires: payload.e };
}

/** Uses a checked challenge up; false when it was used before. */
export async function useChallenge(db: Db, check: { nonce: string; expires: number }): Promise<boolean> {
  const rows = await db
    .insert(rateLimits)
    .values({ bucket: `captcha:${check.nonce}`, windowStart: new Date(check.expires), count: 1 })
    .onConflictDoNothing()
    .returning({ bucket: rateLimits.bucket });
  return rows.length === 1;
}
