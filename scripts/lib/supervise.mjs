// A helper server process the scripts start (nginx, PgBouncer): its stderr kept, a stop that
// signals it, waits, and deletes its folder, and a SIGKILL if the script exits without stopping it.
import { rmSync } from "node:fs";

/**
 * Watches `child`. stop() sends `signal` (after `beforeSignal()`, for a process behind a wrapper),
 * then SIGKILL after 5 s, and deletes `dir`. Answers { stderr(), exited(), stop }.
 */
export function supervise(child, { signal, dir, beforeSignal = () => {} }) {
  let stderr = "";
  child.stderr?.on("data", (chunk) => (stderr += chunk));
  let exited = false;
  const gone = new Promise((resolve) => child.on("exit", () => resolve((exited = true))));
  process.once("exit", () => child.kill("SIGKILL"));
  return {
    stderr: () => stderr.trim(),
    exited: () => exited,
    async stop() {
      if (!exited) {
        beforeSignal();
        child.kill(signal);
        const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await gone;
        clearTimeout(killer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
