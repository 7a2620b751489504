// `npm start`: installs what is missing, builds, then serves the site; server.ts migrates and
// seeds the embedded database on start. Honours PORT and DATA_DIR.
import { spawn } from "node:child_process";

import { ensureBuild, ensureDependencies, HOST_ARGS, HOST_ENV, root, say } from "./lib/ensure.mjs";

ensureDependencies();
ensureBuild();
say(`Starting the site on http://localhost:${process.env.PORT ?? 3000}`);

// The optimised React and Remix builds: NODE_ENV=production unless the caller chose otherwise.
const env = { ...HOST_ENV, ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production" };
// The host as built (build/host.js, decision 115): plain node, no compiler at run time.
const child = spawn(process.execPath, HOST_ARGS, {
  stdio: "inherit",
  cwd: root,
  env,
});
// SIGTERM or SIGINT is passed on and this process waits while the host drains (decision 120):
// /healthz says 503, what was accepted is answered, then it exits. A signal sent to the whole
// process group (a terminal's Ctrl-C, systemd's control-group) reaches the host twice, once
// directly and once from here; the host takes the second as the same signal.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
