// `npm run bench`: a throughput and latency benchmark of the production server.
//
// Installs what is missing, builds with DOVETAIL_BENCH=1 when the build is stale or was made
// without it (only such a build has /bench-bare, the floor route: remix.config.js leaves it out of
// every other build), starts `tsx server.ts` with a fresh temporary DATA_DIR on a free loopback
// port, warms up, then runs autocannon (50 connections, 10 s, one target at a time) against a few
// pages, the bare route (the floor: the same Remix handler, root loader and layout with no page of
// its own) and a static file, and prints one table.
// A benchmark, not a test: it never fails on numbers; it exits non-zero only when the server
// does not start. It stops the server and deletes the temporary folder at the end and on Ctrl-C.
//
// Options (after `npm run bench --`):
//   --only PATH       benchmark only this target (repeatable), e.g. --only /about
//   --duration S      seconds per target (default 10)
//   --connections N   concurrent connections (default 50)
//   --cpu-prof DIR    run the server under `node --cpu-prof` and keep the .cpuprofile in DIR
//
// The server is started by startSite() (scripts/lib/site.mjs), as for `npm run lighthouse`.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { ensureBuild, ensureDependencies, root, say } from "./lib/ensure.mjs";
import { BROWSER_HEADERS, startSite } from "./lib/site.mjs";

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

const TARGETS = [
  { path: "/", kind: "page" },
  { path: "/about", kind: "page" },
  { path: "/catalogue", kind: "page" },
  { path: "/bench-bare", kind: "bare" },
  { path: "/favicon.svg", kind: "static" },
];

function parseArgs(argv) {
  const options = { only: [], duration: 10, connections: 50, cpuProf: null };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2);
    const value = () => inline ?? argv[++i];
    if (flag === "--only") options.only.push(value());
    else if (flag === "--duration") options.duration = Number(value());
    else if (flag === "--connections") options.connections = Number(value());
    else if (flag === "--cpu-prof") options.cpuProf = value();
    else {
      console.error(`unknown option ${argv[i]} (see the top of scripts/bench.mjs)`);
      process.exit(2);
    }
  }
  return options;
}

const fmt = (n, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : "–";
const ratio = (a, b) => (b ? `${(a / b).toFixed(2)}×` : "–");

function table(head, rows) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ");
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const targets = options.only.length
    ? options.only.map((p) => TARGETS.find((t) => t.path === p) ?? { path: p, kind: "page" })
    : TARGETS;

  const m = machine();
  const loadBefore = os.loadavg();
  const rev = revision();
  console.log(
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memory} RAM, Node ${m.node}, ${m.platform}; load average ${loadBefore.map((x) => x.toFixed(2)).join(" ")}`,
  );

  ensureDependencies();
  ensureBuild({ bench: true });
  console.log("  Build: made with DOVETAIL_BENCH=1, so /bench-bare (the floor route) is served; other builds omit it.");
  const { default: autocannon } = await import("autocannon");

  let current = null; // the autocannon run in progress, stopped on Ctrl-C
  let interrupted = false;
  say("Starting the production server (tsx server.ts) with a temporary DATA_DIR…");
  let site;
  try {
    const onInterrupt = () => {
      interrupted = true;
      current?.stop();
    };
    site = await startSite({ label: "bench", cpuProfDir: options.cpuProf, onInterrupt });
  } catch (error) {
    console.error(`\n✗ ${error.message}`);
    process.exit(1);
  }

  const run = (opts) =>
    new Promise((resolve, reject) => {
      current = autocannon({ headers: BROWSER_HEADERS, ...opts }, (error, result) =>
        error ? reject(error) : resolve(result),
      );
    });

  const results = [];
  try {
    console.log(
      `  ${site.origin} ready in ${(site.startupMs / 1000).toFixed(1)} s (NODE_ENV=${site.env.NODE_ENV}, DATA_DIR=${site.dataDir})`,
    );
    say("Warming up: 200 requests to each target…");
    for (const t of targets) {
      const res = await fetch(site.origin + t.path, { headers: BROWSER_HEADERS });
      await res.arrayBuffer();
      if (!res.ok) console.log(`  ! ${t.path} answers ${res.status}: its numbers measure that answer`);
      await run({ url: site.origin + t.path, connections: 10, amount: 200 });
      if (interrupted) return new Promise(() => {}); // the SIGINT handler stops the server and exits
    }
    for (const t of targets) {
      say(`autocannon ${t.path}: ${options.connections} connections, ${options.duration} s…`);
      const cpuBefore = site.cpuSeconds();
      const r = await run({ url: site.origin + t.path, connections: options.connections, duration: options.duration });
      const cpuAfter = site.cpuSeconds();
      if (interrupted) return new Promise(() => {});
      const cpuMsPerRequest =
        cpuBefore != null && cpuAfter != null && r.requests.total
          ? ((cpuAfter - cpuBefore) * 1000) / r.requests.total
          : NaN;
      results.push({ ...t, r, cpuMsPerRequest });
      console.log(
        `  ${fmt(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, server CPU ${fmt(cpuMsPerRequest, 2)} ms/request`,
      );
    }
  } finally {
    current = null;
    say("Stopping the server and deleting the temporary DATA_DIR…");
    await site.stop();
  }
  if (options.cpuProf)
    console.log(`  CPU profile written to ${path.resolve(options.cpuProf)} (open it in Chrome DevTools › Performance)`);

  const rows = results.map(({ path: p, r, cpuMsPerRequest }) => {
    const bytes = r.requests.total ? r.throughput.total / r.requests.total : NaN;
    const bad = r.non2xx + r.errors + r.timeouts;
    return [
      p,
      fmt(r.requests.average),
      fmt(r.latency.p50, 0),
      fmt(r.latency.p99, 0),
      fmt(cpuMsPerRequest, 2),
      fmt(bytes / 1024, 1),
      fmt(r.requests.total),
      bad ? `${r.non2xx}/${r.errors}/${r.timeouts}` : "0",
    ];
  });
  const bare = results.find((x) => x.kind === "bare");
  const out = [];
  out.push("");
  out.push(`Dovetail benchmark — ${new Date().toISOString()}`);
  out.push(`Machine: ${m.cpu}, ${m.cores} cores, ${m.memory} RAM, Node ${m.node}, ${m.platform}`);
  const load = (l) => l.map((x) => x.toFixed(2)).join(" ");
  out.push(
    `Load average (1/5/15 min): ${load(loadBefore)} before, ${load(os.loadavg())} after — other work on the machine skews the numbers`,
  );
  out.push(
    `Server: tsx server.ts, NODE_ENV=${site.env.NODE_ENV}, build with DOVETAIL_BENCH=1, embedded CMS on PGlite ` +
      `(fresh DATA_DIR), ${site.origin}; revision ${rev}`,
  );
  out.push(
    `Load: autocannon, ${options.connections} connections, ${options.duration} s per target, one target at a time, on the same ${m.cores}-core machine;`,
  );
  out.push(`      request headers of a browser (Accept-Encoding: gzip, deflate, br; a non-crawler User-Agent); 200-request warm-up each;
      server CPU ms/req = CPU time the server's processes used during the run (/proc) ÷ requests answered`);
  out.push("");
  out.push(
    table(
      ["target", "req/s", "p50 ms", "p99 ms", "server CPU ms/req", "KB/resp", "requests", "non2xx/err/timeout"],
      rows,
    ),
  );
  if (bare) {
    const ratioRows = results
      .filter((x) => x.kind !== "bare")
      .map(({ path: p, kind, r, cpuMsPerRequest }) => [
        kind === "static" ? `static ${p} ÷ bare` : `${p} ÷ bare`,
        ratio(r.requests.average, bare.r.requests.average),
        ratio(r.latency.p50, bare.r.latency.p50),
        ratio(cpuMsPerRequest, bare.cpuMsPerRequest),
      ]);
    out.push("");
    out.push(table(["ratio (÷ /bench-bare)", "req/s", "p50", "CPU/req"], ratioRows));
    out.push("");
    out.push(
      "req/s ratio < 1: the page serves fewer requests than the bare route; p50 or CPU/req ratio > 1: it costs more.",
    );
  }
  console.log(out.join("\n"));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch(async (error) => {
    // Numbers never fail the benchmark; only a broken run does (the server is already stopped).
    console.error(`\n✗ ${error?.stack ?? error}`);
    process.exit(1);
  });
}
