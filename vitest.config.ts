import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { configDefaults, defineConfig } from "vitest/config";

import SlowFilesFirst from "./tests/setup/slow-files-first";

const root = fileURLToPath(new URL(".", import.meta.url));
const include = ["app/**/*.test.{ts,tsx}", "cms/**/*.test.ts", "tests/unit/**/*.test.ts"];

/**
 * Test files that replace a module with `vi.mock`: they run isolated, each in a fresh module
 * registry, so the replacement reaches no other file (decision 099).
 */
function filesMockingModules() {
  const found: string[] = [];
  for (const dir of ["app", "cms", "tests/unit"]) {
    for (const entry of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.test\.tsx?$/.test(entry.name)) continue;
      const file = path.relative(root, path.join(entry.parentPath, entry.name));
      if (/\bvi\.mock\(/.test(readFileSync(path.join(root, file), "utf8"))) found.push(file);
    }
  }
  return found;
}
const isolated = filesMockingModules();

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      // The API contract the site shares with the CMS (cms/contract/README.md).
      "@contract": fileURLToPath(new URL("./cms/contract", import.meta.url)),
    },
  },
  test: {
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
    // The slowest files start first, so that none ends the run alone.
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: "shared",
          include,
          exclude: [...configDefaults.exclude, ...isolated],
          // The files of a worker share one module registry: the CMS app, React, PGlite's
          // WebAssembly and the rest are loaded once per worker instead of once per file, which
          // halves the suite's time. Each file still opens and closes its own databases.
          isolate: false,
          // …so each file puts back the clock, globals and spies it changed.
          setupFiles: ["tests/setup/between-files.ts"],
          // The CMS test databases, migrated once per run and copied per file (decision 099).
          globalSetup: ["tests/setup/global-setup.ts"],
        },
      },
      {
        extends: true,
        test: { name: "isolated", include: isolated.length ? isolated : ["no-such-file"], isolate: true },
      },
    ],
  },
});
