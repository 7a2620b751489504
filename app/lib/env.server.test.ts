import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("names the variable with a bad value", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ CMS_API_URL: "not a url" })).toThrow(/CMS_API_URL/);
  });

  it("runs in production with nothing but defaults, generating the session secret", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "env-prod-"));
    const env = parseEnv({ NODE_ENV: "production", DATA_DIR: dir });
    expect(env.SESSION_SECRET).toBe(readFileSync(path.join(dir, "session-secret"), "utf8"));
    expect(env.PUBLIC_URL).toBeUndefined();
  });

  it("generates a development secret once into DATA_DIR and reuses it", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "env-"));
    const first = parseEnv({ DATA_DIR: dir });
    const second = parseEnv({ DATA_DIR: dir });
    expect(first.SESSION_SECRET).toHaveLength(43);
    expect(second.SESSION_SECRET).toBe(first.SESSION_SECRET);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8")).toBe(first.SESSION_SECRET);
  });

  it("treats an empty optional URL as unset and applies defaults", () => {
    const env = parseEnv({ CMS_API_URL: "", SESSION_SECRET: "x".repeat(32) });
    expect(env.CMS_API_URL).toBeUndefined();
    expect(env.PORT).toBe(3000);
    expect(env.UPSTREAM_TIMEOUT_MS).toBe(50_000);
  });

  it("accepts a PURGE_TOKEN of 32 characters or more, and treats an empty one as unset", () => {
    const base = { SESSION_SECRET: "x".repeat(32) };
    expect(() => parseEnv({ ...base, PURGE_TOKEN: "short" })).toThrow(/PURGE_TOKEN: must be at least 32 characters/);
    expect(parseEnv({ ...base, PURGE_TOKEN: "p".repeat(32) }).PURGE_TOKEN).toBe("p".repeat(32));
    expect(parseEnv({ ...base, PURGE_TOKEN: "" }).PURGE_TOKEN).toBeUndefined();
    expect(parseEnv(base).PURGE_TOKEN).toBeUndefined();
  });
});
