// Builds the service worker (decision 063): app/entry.worker.ts with @remix-pwa/dev's classic
// compiler into public/sw.js (and its chunks in public/_shared/sw/). Run after `remix build` and
// the enhancers: `npm run build` and ensureBuild (scripts/lib/ensure.mjs) run it under `timeout`,
// because @remix-pwa/dev 2.0.31 hangs instead of exiting when the build fails.
import { rmSync } from "node:fs";
import path from "node:path";

import { runCompiler } from "@remix-pwa/dev";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
rmSync(path.join(root, "public", "_shared", "sw"), { recursive: true, force: true });
await runCompiler("build", root);
