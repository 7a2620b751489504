import { describe, expect, it } from "vitest";

import { hashPassword, needsRehash, verifyPassword } from "./passwords";

describe("passwords", () => {
  it("hashes with scrypt in the stored form and verifies", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^scrypt\$16384\$8\$5\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterz", stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
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
