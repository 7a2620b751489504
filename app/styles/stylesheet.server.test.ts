import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { builtStylesheet } from "./stylesheet.server";

describe("builtStylesheet", () => {
  const cwd = process.cwd();
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "stylesheet-"));
    mkdirSync(path.join(dir, "public", "build", "_assets"), { recursive: true });
    writeFileSync(path.join(dir, "public", "build", "_assets", "app-AAAA.css"), "body{color:red}");
    writeFileSync(path.join(dir, "public", "build", "_assets", "app-BBBB.css"), "a{}</style><script>x()</script>");
    writeFileSync(path.join(dir, "secret.css"), "not served");
    process.chdir(dir);
  });
  afterAll(() => {
    process.chdir(cwd);
    rmSync(dir, { recursive: true, force: true });
  });

  it("reads a built stylesheet's text from public/", () => {
    expect(builtStylesheet("/build/_assets/app-AAAA.css")).toBe("body{color:red}");
  });

  it("gives null (the page links it) when it is missing, outside the build, or could end its <style>", () => {
    expect(builtStylesheet("/build/_assets/app-MISSING.css")).toBeNull();
    expect(builtStylesheet("/build/_assets/../../secret.css")).toBeNull();
    expect(builtStylesheet("/secret.css")).toBeNull();
    expect(builtStylesheet("/build/_assets/app-BBBB.css")).toBeNull();
  });
});
