import { fileURLToPath } from "node:url";

import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      // The API contract the site shares with the CMS (cms/contract/README.md).
      "@contract": fileURLToPath(new URL("./cms/contract", import.meta.url)),
    },
  },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "cms/**/*.test.ts", "tests/unit/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
