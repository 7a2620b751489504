// Submissions of the seeded contact form through the CMS API, as a browser sends them (captcha
// solved), for the checks that count what was stored (scripts/drain-check.mjs,
// scripts/instances-check.mjs).
import { createHash, randomBytes } from "node:crypto";

/** The seeded contact form (seeds/forms.json): name, email and message required, captcha on. */
export const FORM_ID = 1;
export const SUBMIT_PATH = `/api/v1/cognito/form/submit/${FORM_ID}`;

/** The captcha's proof of work, as the browser solves it (cms/forms/captcha.ts). */
function solve(challenge, difficulty) {
  for (let i = 0; ; i++) {
    const hash = createHash("sha256").update(`${challenge}:${i}`).digest();
    let bits = 0;
    for (const byte of hash) {
      if (byte === 0) {
        bits += 8;
        continue;
      }
      bits += Math.clz32(byte) - 24;
      break;
    }
    if (bits >= difficulty) return String(i);
  }
}

/**
 * Submission `n`'s JSON body, with a captcha fetched from `origin` and solved: { key, email, body }
 * (`key` its idempotency key, `email` its sender, both starting with `prefix`).
 */
export async function contactSubmission(origin, n, prefix) {
  const res = await fetch(`${origin}/api/v1/cognito/form/captcha?form=${FORM_ID}`);
  if (!res.ok) throw new Error(`the captcha answered ${res.status}`);
  const { challenge, difficulty } = await res.json();
  const key = `${prefix}-${n}-${randomBytes(6).toString("hex")}`;
  const email = `${key}@example.com`;
  const body = JSON.stringify({
    data: { name: `${prefix} ${n}`, email, message: `Submission ${n} of the ${prefix} check.` },
    url: "/contact",
    idempotency_key: key,
    captcha: { challenge, solution: solve(challenge, difficulty) },
    language: "en",
  });
  return { key, email, body };
}
