import { afterEach, describe, expect, it, vi } from "vitest";

import { hashPassword, needsRehash, scryptCost, verifyPassword } from "./passwords";

describe("passwords", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("hashes with OWASP's scrypt cost outside the tests, and verifies", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^scrypt\$16384\$8\$5\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterz", stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
    expect(scryptCost("development")).toEqual(scryptCost("production"));
  });

  it("hashes cheaper under NODE_ENV=test, and a sign-in elsewhere would rehash it", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterz", stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
    expect(needsRehash(stored, scryptCost("production"))).toBe(true);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("answers false for no hash or a damaged one, after the same work", async () => {
    expect(await verifyPassword("anything", null)).toBe(false);
    expect(await verifyPassword("anything", "scrypt$3$8$1$abc$def")).toBe(false);
    expect(await verifyPassword("anything", "plain")).toBe(false);
  });
});
