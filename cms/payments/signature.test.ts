/** The notification signature and its secret. */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { loadNotifySecret, NOTIFY_TOLERANCE_SECONDS, signNotification, verifySignature } from "./signature";

const NOW = Date.UTC(2026, 10, 25, 9, 0, 0);

describe("notification signatures", () => {
  it("accepts its own signature within the tolerance, nothing else", () => {
    const body = '{"token":"t","status":"paid"}';
    const sig = signNotification("secret", body, NOW);
    expect(sig).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature("secret", body, sig, NOW)).toBe(true);
    expect(verifySignature("secret", body, sig, NOW + NOTIFY_TOLERANCE_SECONDS * 1000)).toBe(true);
    expect(verifySignature("secret", body, sig, NOW + (NOTIFY_TOLERANCE_SECONDS + 1) * 1000)).toBe(false);
    expect(verifySignature("other", body, sig, NOW)).toBe(false);
    expect(verifySignature("secret", body.replace("paid", "declined"), sig, NOW)).toBe(false);
    expect(verifySignature("secret", body, sig.replace(/t=\d+/, "t=1"), NOW)).toBe(false);
    for (const bad of [null, undefined, "", "v1=zz", "t=x,v1=" + "0".repeat(64), "x".repeat(500)]) {
      expect(verifySignature("secret", body, bad, NOW)).toBe(false);
    }
  });

  it("loads PAYMENT_NOTIFY_SECRET, else makes one in DATA_DIR (0600) and keeps it", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "notify-secret-"));
    try {
      expect(loadNotifySecret("from-env", dir)).toBe("from-env");
      const made = loadNotifySecret(undefined, dir);
      expect(made).toMatch(/^[\w-]{43}$/);
      expect(loadNotifySecret(undefined, dir)).toBe(made);
      expect(statSync(path.join(dir, "payment-notify-secret")).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
