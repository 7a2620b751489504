import { describe, expect, it } from "vitest";

import { INLINE_SCRIPT_LIMIT } from "../../scripts/js-budget.mjs";
import { SERVICE_WORKER_SCRIPT } from "./service-worker";

describe("the service worker's registration script", () => {
  it("stays under the inline-script limit of pages without the runtime", () => {
    expect(Buffer.byteLength(SERVICE_WORKER_SCRIPT)).toBeLessThan(INLINE_SCRIPT_LIMIT);
  });

  it("registers /sw.js, checks every 10 minutes only when online, and activates on Update", () => {
    expect(SERVICE_WORKER_SCRIPT).toContain('"/sw.js"');
    expect(SERVICE_WORKER_SCRIPT).toMatch(/\b(?:6e5|600000)\b/);
    expect(SERVICE_WORKER_SCRIPT).toContain("navigator.onLine");
    expect(SERVICE_WORKER_SCRIPT).toContain("SKIP_WAITING");
  });
});
