// `npm run bench`'s setup: its options (`--only`, `--cache`, …, described at the top of
// scripts/bench.mjs), and the machine and revision a report names.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";

import { root } from "./ensure.mjs";

/** The machine, for the top of a report. */
export function machine() {
  let cpu = "unknown CPU";
  try {
    cpu = /^model name\s*:\s*(.+)$/m.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1]?.trim() ?? cpu;
  } catch {
    cpu = os.cpus()[0]?.model ?? cpu;
  }
  const cores = typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length;
  const memory = `${Math.round(os.totalmem() / 2 ** 30)} GiB`;
  return { cpu, cores, memory, node: process.version, platform: `${os.type()} ${os.release()} ${os.arch()}` };
}

/** The commit the run measured, and whether the work tree differed from it (read-only git). */
export function revision() {
  const git = (args) => spawnSync("git", ["--no-optional-locks", ...args], { cwd: root, encoding: "utf8" });
  const head = git(["rev-parse", "--short", "HEAD"]);
  if (head.status !== 0) return "unknown (not a git work tree)";
  const dirty = git(["status", "--porcelain", "--untracked-files=no"]).stdout.trim();
  return `${head.stdout.trim()}${dirty ? " + uncommitted changes" : ""}`;
}

/** The options after `npm run bench --`; a wrong one ends the run with exit code 2. */
export function parseArgs(argv) {
  const options = { only: [], duration: 10, connections: 50, cache: null, peers: [], cpuProf: null, load: null };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => inline ?? argv[++i];
    if (flag === "--only") options.only.push(value());
    else if (flag === "--duration") options.duration = Number(value());
    else if (flag === "--connections") options.connections = Number(value());
    else if (flag === "--cache") options.cache = value();
    else if (flag === "--peer") options.peers.push(value());
    else if (flag === "--cpu-prof") options.cpuProf = value();
    else if (flag === "--load") options.load = value();
    else {
      console.error(`unknown option ${argv[i]} (see the top of scripts/bench.mjs)`);
      process.exit(2);
    }
  }
  if (options.load !== null && !["wrk", "autocannon"].includes(options.load)) {
    console.error("--load takes wrk or autocannon");
    process.exit(2);
  }
  if (options.cache !== null && !["on", "off"].includes(options.cache)) {
    console.error("--cache takes on or off");
    process.exit(2);
  }
  for (const peer of options.peers) {
    try {
      new URL(peer);
    } catch {
      console.error(`--peer needs a URL, such as http://127.0.0.1:8080/ (got ${peer})`);
      process.exit(2);
    }
  }
  return options;
}
