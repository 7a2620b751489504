/** `npm run settings`'s module against a real (PGlite) database. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { setSiteSettings } from "../accounts/test-support";
import { getCurrentDomain } from "../site/service";
import { openTestDatabase, type TestDatabase } from "../test/databases";
import { parseSettingValue, runSettingsCommand, SETTINGS_USAGE } from "./settings-command";

describe("the settings command", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase("pglite", "settings-command");
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it("reads a value as JSON when it is JSON, else as text", () => {
    expect(parseSettingValue("true")).toBe(true);
    expect(parseSettingValue("12")).toBe(12);
    expect(parseSettingValue('["a"]')).toEqual(["a"]);
    expect(parseSettingValue("Dovetail shop")).toBe("Dovetail shop");
  });

  it("says so when the site has no settings yet", async () => {
    expect(await runSettingsCommand(t.database.db, ["list"])).toMatchObject({ code: 1 });
  });

  it("lists, gets and sets a setting, saying what changed", async () => {
    await setSiteSettings(t.database.db, { ecommerce: false, name: "Dovetail" });
    const db = t.database.db;
    expect((await runSettingsCommand(db, ["list"])).lines).toEqual(["ecommerce = false", 'name = "Dovetail"']);
    expect(await runSettingsCommand(db, ["get", "ecommerce"])).toMatchObject({ lines: ["false"], code: 0 });
    const set = await runSettingsCommand(db, ["set", "ecommerce", "true"]);
    expect(set).toMatchObject({ lines: ["ecommerce: false → true"], code: 0 });
    expect(set.change?.paths).toContain("/api/v1/cognito/domain/currentDomain");
    expect(await getCurrentDomain(db)).toMatchObject({ ecommerce: true });
    await runSettingsCommand(db, ["set", "tagline", "Made in Yandina"]);
    expect(await runSettingsCommand(db, ["get", "tagline"])).toMatchObject({ lines: ['"Made in Yandina"'] });
  });

  it("refuses an unknown key to get and a bad use, changing nothing", async () => {
    const db = t.database.db;
    expect(await runSettingsCommand(db, ["get", "nope"])).toMatchObject({ code: 1, lines: ["nope is not set"] });
    for (const args of [[], ["set", "ecommerce"], ["drop", "ecommerce"], ["get"]]) {
      expect(await runSettingsCommand(db, args), args.join(" ")).toMatchObject({ code: 2, lines: [SETTINGS_USAGE] });
    }
    expect(await getCurrentDomain(db)).toMatchObject({ ecommerce: true });
  });
});
