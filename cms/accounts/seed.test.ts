import { mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { addresses, users } from "../db/schema";
import { closeAndSettle, drivers, openTestDatabase, type TestDatabase } from "../test/databases";
import { announceCredentials, CREDENTIALS_FILE } from "./credentials";
import { creditBalance } from "./credit";
import { DEMO_ADMIN_EMAIL, DEMO_MEMBER_EMAIL, seedAccountsIfNone } from "./seed";
import { checkPassword } from "./signin";

describe("demo credentials", () => {
  it("writes the credentials owner-only and prints them", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "demo-credentials-"));
    const lines: string[] = [];
    const credentials = [
      { role: "admin" as const, email: DEMO_ADMIN_EMAIL, password: "p".repeat(16) },
      { role: "member" as const, email: DEMO_MEMBER_EMAIL, password: "q".repeat(16) },
    ];
    announceCredentials(dir, credentials, (line) => lines.push(line));
    const file = path.join(dir, CREDENTIALS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8")).toBe(
      `admin   ${DEMO_ADMIN_EMAIL}  ${"p".repeat(16)}\nmember  ${DEMO_MEMBER_EMAIL}  ${"q".repeat(16)}\n`,
    );
    expect(lines.join("\n")).toContain("q".repeat(16));
  });
});

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`demo accounts — ${driver.title}`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "accounts-seed");
    });
    afterAll(async () => {
      if (t) await closeAndSettle(t);
      await t?.dispose();
    });

    it("seeds an admin and a member once, with fresh passwords that work", async () => {
      const db = t.database.db;
      const credentials = await seedAccountsIfNone(db);
      expect(credentials).toEqual([
        { role: "admin", email: DEMO_ADMIN_EMAIL, password: expect.stringMatching(/^[A-Za-z0-9]{16}$/) },
        { role: "member", email: DEMO_MEMBER_EMAIL, password: expect.stringMatching(/^[A-Za-z0-9]{16}$/) },
      ]);
      const [admin, member] = credentials!;
      expect(admin.password).not.toBe(member.password);
      expect((await checkPassword(db, admin.email, admin.password))?.isAdmin).toBe(true);
      const sam = (await checkPassword(db, member.email, member.password))!;
      expect(sam).toMatchObject({ firstName: "Sam", lastName: "Taylor", isAdmin: false });
      expect(sam.mobilePhone).not.toBe("");
      const [address] = await db.select().from(addresses);
      expect(address).toMatchObject({ userId: sam.id, state: "QLD", country: "AU", enabled: true });
      expect(sam.currentAddressId).toBe(address.id);
      expect(await creditBalance(db, sam.id, 1)).toBe(50);

      expect(await seedAccountsIfNone(db)).toBeNull();
      expect(await db.select().from(users)).toHaveLength(2);
    });
  });
}
