/**
 * The HMAC-SHA256 signature of a notification body (the test gateway's server-to-server call):
 * header `X-Dovetail-Signature: t={unix seconds},v1={hex HMAC of "t.body"}`. Checked in constant
 * time; older or newer than NOTIFY_TOLERANCE_SECONDS is refused. A replay within the window does
 * no harm: a payment's outcome is recorded once (recordResult) and fulfilled once (fulfilPayment).
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const SIGNATURE_HEADER = "x-dovetail-signature";
export const NOTIFY_TOLERANCE_SECONDS = 300;

function hmac(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

/** The header value signing `body` at `now` (ms). */
export function signNotification(secret: string, body: string, now: number): string {
  const t = Math.floor(now / 1000);
  return `t=${t},v1=${hmac(secret, t, body)}`;
}

/** Whether `header` is a good signature of `body`, made within the tolerance of `now` (ms). */
export function verifySignature(secret: string, body: string, header: string | null | undefined, now: number): boolean {
  if (!header || header.length > 200) return false;
  const parts = Object.fromEntries(
    header.split(",").map((part) => {
      const i = part.indexOf("=");
      return [part.slice(0, i).trim(), part.slice(i + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  const given = String(parts.v1 ?? "");
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(Math.floor(now / 1000) - t) > NOTIFY_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(hmac(secret, t, body), "hex");
  return timingSafeEqual(expected, Buffer.from(given, "hex"));
}

/**
 * The notification secret: PAYMENT_NOTIFY_SECRET when set, else `DATA_DIR/payment-notify-secret`
 * (made on first use, 0600), so that instances sharing DATA_DIR agree.
 */
export function loadNotifySecret(secret: string | undefined, dataDir: string): string {
  if (secret) return secret;
  const file = path.resolve(dataDir, "payment-notify-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const made = randomBytes(32).toString("base64url");
  writeFileSync(file, made, { mode: 0o600 });
  return made;
}
