import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { secureDataDir } from "./data-dir.server";
import { parseEnv } from "./env.server";

const mode = (file: string) => statSync(file).mode & 0o777;

const made: string[] = [];
function scratch() {
  const dir = mkdtempSync(path.join(tmpdir(), "data-dir-"));
  made.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("secureDataDir", () => {
  it("creates a missing DATA_DIR (and its parents) readable by its owner only", () => {
    const dir = path.join(scratch(), "a", "data");
    secureDataDir(dir);
    expect(mode(dir)).toBe(0o700);
  });

  it("makes what is already there owner-only: files 0600, folders 0700, at any depth", () => {
    const dir = scratch();
    chmodSync(dir, 0o755);
    // What PGlite leaves behind: 0666 files in 0755 folders.
    mkdirSync(path.join(dir, "pglite", "base", "1"), { recursive: true, mode: 0o755 });
    for (const sub of ["pglite", "pglite/base", "pglite/base/1"]) chmodSync(path.join(dir, sub), 0o755);
    const files = ["pglite/PG_VERSION", "pglite/base/1/1259", "session-secret"].map((f) => path.join(dir, f));
    for (const file of files) {
      writeFileSync(file, "x");
      chmodSync(file, 0o666);
    }
    const report = secureDataDir(dir);
    expect(mode(dir)).toBe(0o700);
    for (const sub of ["pglite", "pglite/base", "pglite/base/1"]) expect(mode(path.join(dir, sub))).toBe(0o700);
    for (const file of files) expect(mode(file)).toBe(0o600);
    expect(report).toEqual({ tightened: 7, failed: [] });
    // A second start finds nothing left to change.
    expect(secureDataDir(dir).tightened).toBe(0);
  });

  it("takes away only group and other bits, and leaves what a link points to alone", () => {
    const dir = scratch();
    const readOnly = path.join(dir, "read-only");
    writeFileSync(readOnly, "x");
    chmodSync(readOnly, 0o444);
    const outside = path.join(scratch(), "shared.txt");
    writeFileSync(outside, "x");
    chmodSync(outside, 0o644);
    symlinkSync(outside, path.join(dir, "link"));
    secureDataDir(dir);
    expect(mode(readOnly)).toBe(0o400);
    expect(mode(outside)).toBe(0o644);
  });
});

describe("the generated session secret", () => {
  it("is written 0600 into a DATA_DIR created 0700", () => {
    const dir = path.join(scratch(), "fresh");
    parseEnv({ DATA_DIR: dir });
    expect(mode(path.join(dir, "session-secret"))).toBe(0o600);
    expect(mode(dir)).toBe(0o700);
  });
});
