// Builds the host (decision 115): server.ts, with the host's modules (app/host/) and the embedded
// CMS (cms/) it imports, bundled by esbuild into build/host.js (and build/host-chunks/), which
// `npm start` and the tests' servers run with plain node. The packages stay in node_modules (imported at run time); the
// Remix build (build/index.js) is imported by path at start, as before. Run after `remix build`:
// `npm run build` runs it last, and so does ensureBuild (scripts/lib/ensure.mjs).
import { rmSync } from "node:fs";
import path from "node:path";

import { build } from "esbuild";

import { root } from "./lib/ensure.mjs";

// Chunks are named by their content: the last build's go first.
rmSync(path.join(root, "build", "host-chunks"), { recursive: true, force: true });

await build({
  absWorkingDir: root,
  entryPoints: { host: "server.ts" },
  outdir: "build",
  // What server.ts imports only on demand (the error reporter, with Sentry's SDK, when SENTRY_DSN
  // is set) stays in a chunk of its own, loaded then; in one file its packages would load at start.
  splitting: true,
  chunkNames: "host-chunks/[name]-[hash]",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  // tsconfig.json's paths, which esbuild would otherwise take for package names here.
  alias: { "~": "./app", "@contract": "./cms/contract" },
  // Error reports and stack traces name the source files (the host runs with --enable-source-maps).
  sourcemap: "linked",
  sourcesContent: false,
  logLevel: "warning",
});
