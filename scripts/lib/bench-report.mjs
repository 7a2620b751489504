// The report of `npm run bench` (scripts/bench.mjs): its tables and issue 29's targets.
import os from "node:os";

export const fmt = (n, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : "–";
const ratio = (a, b) => (b && Number.isFinite(a / b) ? `${(a / b).toFixed(2)}×` : "–");

function table(head, rows) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ");
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/**
 * The report `npm run bench` prints: one table of every target, the ladder, the ratios to the
 * floor route, and issue 29's targets with the run's figures (✓ met, ✗ missed, · a figure only).
 * `bench` names the run's floor route, sign-ins at once and warm-up seconds.
 */
export function report({ options, m, loadBefore, rev, servers, results, memory, bench }) {
  const { bare: BARE, signIns: SIGN_INS, warmUpSeconds: WARM_UP_SECONDS } = bench;
  const main = results.filter((x) => !x.ladder);
  const labels = {
    static: (p) => `${p} (static)`,
    bare: (p) => `${p} (floor)`,
    peer: (p) => `peer ${p}`,
    nginx: (p) => `${p} (nginx, same bytes)`,
    member: (p) => `${p} (signed in)`,
    storm: (p) => `${p} (${SIGN_INS} sign-ins at once)`,
    cart: (p) => `${p} (shop on, signed in)`,
  };
  const label = ({ path: p, kind }) => labels[kind]?.(p) ?? p;
  const bad = (r) => (r.non2xx + r.errors + r.timeouts ? `${r.non2xx}/${r.errors}/${r.timeouts}` : "0");
  const row = (x) => {
    const answered = x.r.requests.total > 0;
    const bytes = answered ? x.r.throughput.total / x.r.requests.total : NaN;
    return [
      label(x),
      x.cache,
      x.outcome ?? "–",
      fmt(x.r.requests.average),
      answered ? fmt(x.r.latency.p50, 0) : "–",
      answered ? fmt(x.r.latency.p99, 0) : "–",
      fmt(x.cpuMsPerRequest, 2),
      fmt(bytes / 1024, 1),
      fmt(x.r.requests.total),
      bad(x.r),
    ];
  };
  const load = (l) => l.map((x) => x.toFixed(2)).join(" ");
  const env = servers[0]?.env ?? {};
  const out = [
    "",
    `Dovetail benchmark — ${new Date().toISOString()}`,
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memory} RAM, Node ${m.node}, ${m.platform}`,
    `Load average (1/5/15 min): ${load(loadBefore)} before, ${load(os.loadavg())} after — other work on the machine skews the numbers`,
    `Servers: node build/host.js, NODE_ENV=${env.NODE_ENV}, build with DOVETAIL_BENCH=1, embedded CMS on PGlite (fresh DATA_DIR each), ` +
      `PUBLIC_URL set; ${servers.map((s) => `PAGE_CACHE=${s.cache} at ${s.origin}`).join(", ")}; revision ${rev}`,
    `Load: ${options.load}, ${options.connections} connections, ${options.duration} s per target, one target at a time, on the same ${m.cores}-core machine;`,
    `      request headers of a browser (Accept-Encoding: gzip, deflate, br; a non-crawler User-Agent); ${WARM_UP_SECONDS}-s warm-up each;`,
    `      "page" = what Server-Timing said of the page just before its run; server CPU ms/req = CPU time the server's`,
    `      processes used during the run (/proc) ÷ requests answered`,
    "",
    table(
      [
        "target",
        "cache",
        "page",
        "req/s",
        "p50 ms",
        "p99 ms",
        "server CPU ms/req",
        "KB/resp",
        "requests",
        "non2xx/err/timeout",
      ],
      main.map(row),
    ),
  ];

  const ladderRows = results.filter((x) => x.ladder).sort((a, b) => a.connections - b.connections);
  if (ladderRows.length) {
    out.push("", "Ladder: / with the page cache");
    out.push(
      table(
        ["connections", "req/s", "p50 ms", "p99 ms", "requests", "errors", "timeouts", "non2xx"],
        ladderRows.map(({ connections, r }) => [
          connections,
          fmt(r.requests.average),
          fmt(r.latency.p50, 0),
          fmt(r.latency.p99, 0),
          fmt(r.requests.total),
          r.errors,
          r.timeouts,
          r.non2xx,
        ]),
      ),
    );
  }

  const find = (p, cache) => main.find((x) => x.path === p && x.cache === cache);
  const bare = find(BARE, "off");
  if (bare) {
    const ratioRows = main
      .filter((x) => x.kind === "page" && x.cache === "off")
      .map((x) => [
        `${x.path} (cache off) ÷ floor`,
        ratio(x.r.requests.average, bare.r.requests.average),
        ratio(x.r.latency.p50, bare.r.latency.p50),
        ratio(x.cpuMsPerRequest, bare.cpuMsPerRequest),
      ]);
    out.push("", table(["ratio (÷ /bench-bare)", "req/s", "p50", "CPU/req"], ratioRows));
  }

  // The targets of issue 29, each with this run's figure.
  const checks = [];
  const check = (what, value, ok) => checks.push([ok === null ? "·" : ok ? "✓" : "✗", what, value]);
  const of = (p, kind, cache = "on") => main.find((x) => x.path === p && x.kind === kind && x.cache === cache);
  const rps = (x) => `${fmt(x.r.requests.average)} req/s, p99 ${fmt(x.r.latency.p99, 0)} ms, ${x.r.timeouts} timeouts`;
  for (const p of ["/", "/profile"]) {
    const x = of(p, "member");
    if (x)
      check(
        `${p} signed in: ≥ 150 req/s, p99 ≤ 300 ms, no timeouts`,
        rps(x),
        x.r.requests.average >= 150 && x.r.latency.p99 <= 300 && x.r.timeouts === 0,
      );
  }
  const catalogue = of("/catalogue", "member");
  if (catalogue) check("/catalogue signed in: ≥ 80 req/s", rps(catalogue), catalogue.r.requests.average >= 80);
  const miss = of("/", "page", "off");
  if (miss) check("/ anonymous, a cache miss (cache off): ≥ 250 req/s", rps(miss), miss.r.requests.average >= 250);
  const cached = of("/", "page");
  const nginx = of("/", "nginx", "–");
  if (cached && nginx) {
    const x = cached.r.requests.average / nginx.r.requests.average;
    check(
      "/ cached: ≥ 0.25× nginx serving the same bytes, p99 ≤ 25 ms",
      `${x.toFixed(2)}×, p99 ${fmt(cached.r.latency.p99, 1)} ms`,
      x >= 0.25 && cached.r.latency.p99 <= 25,
    );
  }
  const storm = of("/", "storm");
  if (storm)
    check(
      `/ cached during ${SIGN_INS} sign-ins at once: p99 < 100 ms`,
      `p99 ${fmt(storm.r.latency.p99, 1)} ms (${storm.signIns.signIns} sign-ins)`,
      storm.r.latency.p99 < 100,
    );
  const cart = of("/cart", "cart");
  if (cart) check("/cart with the shop on, signed in, one item (no target)", rps(cart), null);
  if (memory.idle != null)
    check("resident memory idle after warm-up (PGlite): ≤ 400 MB", `${fmt(memory.idle)} MB`, memory.idle <= 400);
  if (memory.after != null)
    check("resident memory after the run (PGlite): ≤ 600 MB", `${fmt(memory.after)} MB`, memory.after <= 600);
  for (const peer of main.filter((x) => x.kind === "peer")) {
    if (!cached) break;
    const x = cached.r.requests.average / peer.r.requests.average;
    check(`/ cached ÷ the peer ${peer.path}`, `${x.toFixed(1)}×`, null);
  }
  if (checks.length) {
    const width = Math.max(...checks.map(([, what]) => what.length));
    out.push("", "Targets (issue 29), this run:");
    for (const [mark, what, value] of checks) out.push(`  ${mark} ${what.padEnd(width)}  ${value}`);
  }
  return out.join("\n");
}
