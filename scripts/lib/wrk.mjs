// wrk as `npm run bench`'s load generator when the machine has it (Debian: `apt-get install wrk`).
// wrk is written in C: on a 2-core machine it leaves the server more of the CPU than autocannon,
// which runs in Node on the same cores, and it is what issue 10's first measurements used.
//
// runWrk() answers in the shape of autocannon's result, the fields the bench reads:
// { requests: { average, total }, latency: { p50, p99 } (ms), throughput: { total } (bytes),
//   errors, timeouts, non2xx }. A Lua `done` hook prints wrk's exact totals as JSON.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const DONE_HOOK = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '\\nWRK_JSON {"duration_us":%d,"requests":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50_us":%d,"p99_us":%d}\\n',
    summary.duration, summary.requests, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`;

/** Whether `wrk` can be run here. */
export function hasWrk() {
  return spawnSync("wrk", ["--version"], { stdio: "ignore" }).error === undefined;
}

/**
 * One wrk run: `connections` connections for `duration` seconds on `url`, with `headers`.
 * Requests that take over 10 s count as timeouts (autocannon's default). Resolves to the
 * autocannon-shaped result; `stop()` on the returned promise ends the run early.
 */
export function runWrk({ url, connections, duration, headers = {} }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "dovetail-wrk-"));
  const script = path.join(dir, "done.lua");
  writeFileSync(script, DONE_HOOK);
  const threads = Math.max(1, Math.min(2, connections));
  const args = ["-t", String(threads), "-c", String(connections), "-d", `${duration}s`, "--timeout", "10s"];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  args.push("-s", script, url);
  const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  child.stderr.on("data", (chunk) => (out += chunk));
  const result = new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => {
      rmSync(dir, { recursive: true, force: true });
      const line = /WRK_JSON (\{.*\})/.exec(out);
      if (!line) {
        reject(new Error(`wrk ended (${code}) without its totals:\n${out.slice(-2000)}`));
        return;
      }
      const s = JSON.parse(line[1]);
      const seconds = s.duration_us / 1e6;
      resolve({
        requests: { average: seconds > 0 ? s.requests / seconds : 0, total: s.requests },
        latency: { p50: s.p50_us / 1000, p99: s.p99_us / 1000 },
        throughput: { total: s.bytes },
        errors: s.connect + s.read + s.write,
        timeouts: s.timeout,
        non2xx: s.status,
      });
    });
  });
  result.stop = () => child.kill("SIGINT");
  return result;
}
