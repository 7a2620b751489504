// `npm run bench`: a throughput and latency benchmark of the production server, with the
// rendered-page cache and without it, in one run.
//
// Installs what is missing, builds with DOVETAIL_BENCH=1 when the build is stale or was made
// without it (only such a build has /bench-bare, the floor route: remix.config.js leaves it out of
// every other build), then starts `node build/host.js` twice, one after the other, each with a fresh
// temporary DATA_DIR on a free loopback port:
//   1. with the page cache (PAGE_CACHE=on): its resident memory once warmed up; nginx serving the
//      very bytes of / as a file (the machine's limit, where nginx is installed;
//      scripts/lib/bench-extra.mjs); /, /about, /catalogue, /search?q=bench and a static file; a
//      ladder of 10, 50 and 200 connections on / (errors and timeouts counted); /, /profile and
//      /catalogue signed in as the seeded member; / while 20 members sign in at once, again and
//      again (the sign-in rate limits raised out of the way); its resident memory after all that;
//      then, the shop opened, the member's /cart with one product in it;
//   2. without it (PAGE_CACHE=off): /, /about, /catalogue (cache misses) and the bare route (the
//      floor: the same Remix handler, root loader and layout with no page of its own).
// Each target gets a warm-up, then its load (50 connections, 10 s) one target at a time: from wrk
// when the machine has it (lighter on a shared 2-core machine; scripts/lib/wrk.mjs), else from
// autocannon (a dependency, always there); `--load` picks. `--peer`
// adds another server's page (WordPress, say) to the same run. It prints one table, the ladder, and
// the targets of issue 29 with this run's figures. `--only` measures only the targets named.
// A benchmark, not a test: it never fails on numbers; it exits non-zero only when a server does
// not start. It stops each server and deletes its temporary folder at the end and on Ctrl-C.
//
// Options (after `npm run bench --`):
//   --only PATH       benchmark only this target (repeatable), e.g. --only /about; no ladder;
//                     `--only member:/profile` is /profile signed in as the seeded member;
//                     `--only storm` is / while members sign in; `--only cart` a member's /cart
//                     with the shop on (opened last, through the admin API)
//   --duration S      seconds per target (default 10)
//   --connections N   concurrent connections (default 50)
//   --cache on|off    only the server with (on) or without (off) the page cache (default: both)
//   --peer URL        also load this URL (repeatable), e.g. --peer http://127.0.0.1:8080/
//   --cpu-prof DIR    run the servers under `node --cpu-prof` and keep the .cpuprofile files in DIR
//   --load wrk|autocannon  the load generator (default: wrk when installed, else autocannon)
//
// The servers are started by startSite() (scripts/lib/site.mjs), as for `npm run lighthouse`.
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { memberCookie, memberWithCart, signInStorm, startNginxFloor } from "./lib/bench-extra.mjs";
import { fmt, report } from "./lib/bench-report.mjs";
import { machine, parseArgs, revision } from "./lib/bench-setup.mjs";
import { ensureBuild, ensureDependencies, say } from "./lib/ensure.mjs";
import { BROWSER_HEADERS, startSite } from "./lib/site.mjs";
import { hasWrk, runWrk } from "./lib/wrk.mjs";

const PAGES = ["/", "/about", "/catalogue"];
const SEARCH = "/search?q=bench";
/** A signed-in member's pages (issue 29). */
const MEMBER_PAGES = ["/", "/profile", "/catalogue"];
/** Sign-ins at once while the cached / is loaded. */
const SIGN_INS = 20;
/** `--only member:/profile` measures /profile signed in. */
const MEMBER = "member:";
/** `--only storm` measures the cached / while members sign in. */
const STORM = "storm";
/** `--only cart` measures a member's /cart with the shop on. */
const CART = "cart";
const STATIC = "/favicon.svg";
const BARE = "/bench-bare";
const LADDER = [10, 50, 200];
/**
 * Seconds of load on each target before its run: enough for the JIT and for the garbage the start
 * leaves (creating the database peaks near 1 GB), which otherwise lands in the first run's p99.
 */
const WARM_UP_SECONDS = 3;
/** Each server's targets: pages both ways, the static file with the cache, the floor without. */
const PHASES = [
  // Sign-ins are measured, not refused: the sign-in rate limits are raised out of the way.
  { cache: "on", env: { PAGE_CACHE: "on", AUTH_RATE_LIMIT: "10000" }, targets: [...PAGES, SEARCH, STATIC] },
  { cache: "off", env: { PAGE_CACHE: "off" }, targets: [...PAGES, BARE] },
];
const kindOf = (p) => (p === STATIC ? "static" : p === BARE ? "bare" : "page");

/** What Server-Timing says of a page's answer: "hit", "miss", or "–" (the page cache did not answer). */
async function pageCacheOutcome(url) {
  const res = await fetch(url, { headers: BROWSER_HEADERS });
  await res.arrayBuffer();
  return /page;desc="(\w+)"/.exec(res.headers.get("server-timing") ?? "")?.[1] ?? "–";
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const phases = PHASES.filter((p) => options.cache === null || p.cache === options.cache).map((p) => ({
    ...p,
    targets: options.only.length ? p.targets.filter((t) => options.only.includes(t)) : p.targets,
  }));
  if (options.only.length) {
    const known = new Set(PHASES.flatMap((p) => p.targets));
    const extras = options.only.filter((p) => !known.has(p) && !p.startsWith(MEMBER) && p !== STORM && p !== CART);
    for (const extra of extras) for (const p of phases) p.targets.push(extra);
  }
  const ladder = options.only.length === 0 && phases.some((p) => p.cache === "on");

  const m = machine();
  const loadBefore = os.loadavg();
  const rev = revision();
  console.log(
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memory} RAM, Node ${m.node}, ${m.platform}; load average ${loadBefore.map((x) => x.toFixed(2)).join(" ")}`,
  );

  ensureDependencies();
  ensureBuild({ bench: true });
  console.log("  Build: made with DOVETAIL_BENCH=1, so /bench-bare (the floor route) is served; other builds omit it.");
  options.load ??= hasWrk() ? "wrk" : "autocannon";
  if (options.load === "wrk" && !hasWrk()) {
    console.error("--load wrk: wrk is not installed (Debian: apt-get install wrk)");
    process.exit(2);
  }
  console.log(`  Load generator: ${options.load}`);
  const { default: autocannon } = await import("autocannon");

  let current = null; // the load run in progress, stopped on Ctrl-C
  let interrupted = false;
  const run = (opts) => {
    if (options.load === "wrk") {
      const running = runWrk({ headers: BROWSER_HEADERS, ...opts });
      current = running;
      return running;
    }
    return new Promise((resolve, reject) => {
      current = autocannon({ headers: BROWSER_HEADERS, ...opts }, (error, result) =>
        error ? reject(error) : resolve(result),
      );
    });
  };
  const stopped = () => new Promise(() => {}); // the SIGINT handler stops the server and exits

  const results = []; // { label, cache, connections, r, cpuMsPerRequest, kind, path, outcome }
  const measure = async (url, connections, cpuSeconds, headers = BROWSER_HEADERS) => {
    const cpuBefore = cpuSeconds?.();
    const r = await run({ url, connections, duration: options.duration, headers });
    const cpuAfter = cpuSeconds?.();
    const cpuMsPerRequest =
      cpuBefore != null && cpuAfter != null && r.requests.total
        ? ((cpuAfter - cpuBefore) * 1000) / r.requests.total
        : NaN;
    console.log(
      `  ${fmt(r.requests.average)} req/s, p50 ${fmt(r.latency.p50, 1)} ms, p99 ${fmt(r.latency.p99, 1)} ms, ` +
        `${r.errors} errors, ${r.timeouts} timeouts, server CPU ${fmt(cpuMsPerRequest, 2)} ms/request`,
    );
    return { r, cpuMsPerRequest };
  };

  const servers = [];
  const memory = {}; // resident MB of the server with the page cache: idle after warm-up, after the run
  const full = options.only.length === 0;
  for (const phase of phases) {
    say(`Starting the production server (node build/host.js, PAGE_CACHE=${phase.cache}) with a temporary DATA_DIR…`);
    let site;
    try {
      site = await startSite({
        label: `bench-${phase.cache}`,
        cpuProfDir: options.cpuProf,
        env: phase.env,
        onInterrupt: () => {
          interrupted = true;
          current?.stop();
        },
      });
    } catch (error) {
      console.error(`\n✗ ${error.message}`);
      process.exit(1);
    }
    servers.push({ cache: phase.cache, origin: site.origin, env: site.env });
    try {
      console.log(`  ${site.origin} ready in ${(site.startupMs / 1000).toFixed(1)} s (NODE_ENV=${site.env.NODE_ENV})`);
      say(`Warming up: ${WARM_UP_SECONDS} s of load on each target…`);
      for (const t of phase.targets) {
        const res = await fetch(site.origin + t, { headers: BROWSER_HEADERS });
        await res.arrayBuffer();
        if (!res.ok) console.log(`  ! ${t} answers ${res.status}: its numbers measure that answer`);
        await run({ url: site.origin + t, connections: 10, duration: WARM_UP_SECONDS });
        if (interrupted) return stopped();
      }
      if (phase.cache === "on" && full) {
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        memory.idle = site.rssMb();
        // The machine's limit for the cached /'s bytes: nginx serving them as a file.
        const floor = await startNginxFloor(site.origin + "/");
        if (floor) {
          try {
            say(
              `${options.load} nginx serving the same ${fmt(floor.bytes)} bytes of / as a file: ${options.connections} connections…`,
            );
            await run({ url: floor.origin + "/", connections: 10, duration: WARM_UP_SECONDS });
            const { r } = await measure(floor.origin + "/", options.connections, null);
            results.push({
              path: "/",
              kind: "nginx",
              cache: "–",
              connections: options.connections,
              r,
              cpuMsPerRequest: NaN,
            });
          } finally {
            await floor.stop();
          }
          if (interrupted) return stopped();
        } else console.log("  (nginx is not installed: no floor of the machine's own; Debian: apt-get install nginx)");
      }
      for (const t of phase.targets) {
        const outcome = kindOf(t) === "page" ? await pageCacheOutcome(site.origin + t) : "–";
        say(
          `${options.load} ${t} (page cache ${phase.cache}, Server-Timing page: ${outcome}): ${options.connections} connections, ${options.duration} s…`,
        );
        const { r, cpuMsPerRequest } = await measure(site.origin + t, options.connections, site.cpuSeconds);
        if (interrupted) return stopped();
        results.push({
          path: t,
          kind: kindOf(t),
          cache: phase.cache,
          connections: options.connections,
          r,
          cpuMsPerRequest,
          outcome,
        });
      }
      if (phase.cache === "on" && ladder) {
        for (const connections of LADDER) {
          const reuse = results.find((x) => x.path === "/" && x.cache === "on" && x.connections === connections);
          if (reuse) {
            results.push({ ...reuse, ladder: true });
            continue;
          }
          say(`Ladder: ${options.load} / (page cache on): ${connections} connections, ${options.duration} s…`);
          const { r, cpuMsPerRequest } = await measure(site.origin + "/", connections, site.cpuSeconds);
          if (interrupted) return stopped();
          results.push({ path: "/", kind: "page", cache: "on", connections, r, cpuMsPerRequest, ladder: true });
        }
      }
      const memberPages = full
        ? MEMBER_PAGES
        : options.only.filter((o) => o.startsWith(MEMBER)).map((o) => o.slice(MEMBER.length));
      if (phase.cache === "on" && memberPages.length) {
        // A signed-in member's pages.
        const cookie = await memberCookie(site.origin, site.dataDir);
        const headers = { ...BROWSER_HEADERS, cookie };
        for (const t of memberPages) {
          await run({ url: site.origin + t, connections: 10, duration: WARM_UP_SECONDS, headers });
          say(
            `${options.load} ${t} signed in as the seeded member: ${options.connections} connections, ${options.duration} s…`,
          );
          const { r, cpuMsPerRequest } = await measure(site.origin + t, options.connections, site.cpuSeconds, headers);
          if (interrupted) return stopped();
          results.push({ path: t, kind: "member", cache: "on", connections: options.connections, r, cpuMsPerRequest });
        }
      }
      if (phase.cache === "on" && (full || options.only.includes(STORM))) {
        // The cached / while members sign in all at once.
        // Its warm-up, as every target has: the sign-in pages and action run a first time.
        const warming = new AbortController();
        const warmUp = signInStorm(site.origin, site.dataDir, { concurrency: SIGN_INS, signal: warming.signal });
        await run({ url: site.origin + "/", connections: 10, duration: WARM_UP_SECONDS });
        warming.abort();
        await warmUp;
        say(`${options.load} / (page cache on) while ${SIGN_INS} members sign in at once, again and again…`);
        const stop = new AbortController();
        const storm = signInStorm(site.origin, site.dataDir, { concurrency: SIGN_INS, signal: stop.signal });
        const { r, cpuMsPerRequest } = await measure(site.origin + "/", options.connections, site.cpuSeconds);
        stop.abort();
        const signIns = await storm;
        console.log(`  ${signIns.signIns} sign-ins meanwhile, ${signIns.failures} failed`);
        if (interrupted) return stopped();
        results.push({
          path: "/",
          kind: "storm",
          cache: "on",
          connections: options.connections,
          r,
          cpuMsPerRequest,
          signIns,
        });
        memory.after = site.rssMb();
      }
      if (phase.cache === "on" && (full || options.only.includes(CART))) {
        // Last, since it opens the shop (every page changes): a member's cart with one product.
        const cookie = await memberWithCart(site.origin, site.dataDir);
        const headers = { ...BROWSER_HEADERS, cookie };
        await run({ url: site.origin + "/cart", connections: 10, duration: WARM_UP_SECONDS, headers });
        say(`${options.load} /cart with the shop on, signed in with one product in the cart…`);
        const { r, cpuMsPerRequest } = await measure(
          site.origin + "/cart",
          options.connections,
          site.cpuSeconds,
          headers,
        );
        if (interrupted) return stopped();
        results.push({
          path: "/cart",
          kind: "cart",
          cache: "on",
          connections: options.connections,
          r,
          cpuMsPerRequest,
        });
      }
    } finally {
      current = null;
      say("Stopping the server and deleting its temporary DATA_DIR…");
      await site.stop();
    }
  }
  for (const peer of options.peers) {
    say(`${options.load} the peer ${peer}: ${options.connections} connections, ${options.duration} s…`);
    const res = await fetch(peer, { headers: BROWSER_HEADERS }).catch((error) => ({
      ok: false,
      status: error.message,
    }));
    if (!res.ok) console.log(`  ! the peer answers ${res.status}: its numbers measure that answer`);
    else await res.arrayBuffer();
    await run({ url: peer, connections: 10, duration: WARM_UP_SECONDS });
    const { r } = await measure(peer, options.connections, null);
    if (interrupted) return stopped();
    results.push({ path: peer, kind: "peer", cache: "–", connections: options.connections, r, cpuMsPerRequest: NaN });
  }
  if (options.cpuProf)
    console.log(
      `  CPU profiles written to ${path.resolve(options.cpuProf)} (open them in Chrome DevTools › Performance)`,
    );

  console.log(
    report({
      options,
      m,
      loadBefore,
      rev,
      servers,
      results,
      memory,
      bench: { bare: BARE, signIns: SIGN_INS, warmUpSeconds: WARM_UP_SECONDS },
    }),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch(async (error) => {
    // Numbers never fail the benchmark; only a broken run does (the server is already stopped).
    console.error(`\n✗ ${error?.stack ?? error}`);
    process.exit(1);
  });
}
