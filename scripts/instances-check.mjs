// Several instances on one PostgreSQL (issue 28, decisions 118 and 121), run by `npm test` after
// the build: `node scripts/instances-check.mjs [--json FILE]`, with TEST_DATABASE_URL set to a
// PostgreSQL server it may create a database on (npm test's throwaway one).
//
// Creates a fresh database on that server and starts two built hosts as `npm start` runs them
// (scripts/lib/site.mjs, each in a process group of its own) on it, with their own ports and
// DATA_DIRs and a shared SESSION_SECRET and JWT_SECRET: the first migrates and seeds, the second
// starts once the first answers /healthz. Both reach PostgreSQL through a TCP proxy this script
// controls. It checks that
//   - a page edited through instance A's admin API (signed in as the seeded admin) is served
//     changed by instance B within 2 s;
//   - `npm run settings -- set ecommerce true` (another process) opens /cart on both within 2 s;
//   - with PostgreSQL cut off for 10 s (every connection reset, new ones too), the seeded pages,
//     warmed once, and a category and product page never asked before answer 200, /search
//     answers 503 with Retry-After, and nothing answers 500; within 5 s of the connection coming
//     back, /search answers 200 on both, with no restart;
//   - with a pool of 2 connections each, 40 concurrent database-heavy API calls across both
//     answer only 200 or 503.
// Prints one line per check; exits 1 when one fails, 2 when it cannot run. Without
// TEST_DATABASE_URL it says it is skipped and exits 0 (writing no checks).
//
// Options: --json FILE also writes { checks: [{ name, ok, errors }] } (npm test counts them).
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";

import pg from "pg";

import { ensureBuild, root, say } from "./lib/ensure.mjs";
import { HOST, startSite } from "./lib/site.mjs";

/** How soon a change made through one instance must show on the other (decision 118). */
const WITHIN_MS = 2_000;
/** How long PostgreSQL is cut off. */
const OUTAGE_MS = 10_000;
/** How soon after it comes back a page must be fresh again. */
const RECOVERY_MS = 5_000;
/** The seeded pages warmed before the outage (a category and a product not among them are asked too). */
const WARMED = [
  "/",
  "/about",
  "/catalogue",
  "/catalogue/table-settings",
  "/catalogue/table-settings/eumundi-six-seater-setting",
];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A TCP proxy in front of PostgreSQL: `cut()` resets every open connection and every new one
 * until `restore()`, as a database that has gone away does.
 */
function tcpProxy(target) {
  const sockets = new Set();
  let cutOff = false;
  const server = net.createServer((client) => {
    if (cutOff) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ]) {
      sockets.add(a);
      a.pipe(b);
      a.on("error", () => b.destroy());
      a.on("close", () => {
        sockets.delete(a);
        b.destroy();
      });
    }
  });
  return {
    listen: () => new Promise((resolve) => server.listen(0, HOST, () => resolve(server.address().port))),
    cut() {
      cutOff = true;
      for (const s of sockets) (s.resetAndDestroy ?? s.destroy).call(s);
    },
    restore() {
      cutOff = false;
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** GET a path: { status, retryAfter, body } or { status: the network error }. */
async function get(origin, pathname, timeoutMs = 30_000) {
  try {
    const res = await fetch(`${origin}${pathname}`, {
      headers: { accept: "text/html", "accept-language": "en" },
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.text() };
  } catch (error) {
    return { status: error.cause?.code ?? error.name ?? String(error), body: "" };
  }
}

/** How long until `test` holds for GET origin+pathname (ms), polling; Infinity after `limitMs`. */
async function timeUntil(origin, pathname, test, limitMs) {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (test(await get(origin, pathname, limitMs))) return Date.now() - started;
    await sleep(50);
  }
  return Infinity;
}

async function main() {
  const [flag, value, ...rest] = process.argv.slice(2);
  if ((flag && flag !== "--json") || (flag && !value) || rest.length) {
    console.error("usage: node scripts/instances-check.mjs [--json FILE]");
    process.exit(2);
  }
  const checks = [];
  const check = (name, errors) => {
    checks.push({ name, ok: errors.length === 0, errors });
    console.log(`${errors.length ? "✗" : "✓"} ${name}${errors.length ? `\n    ${errors.join("\n    ")}` : ""}`);
  };
  const write = (extra = {}) => {
    if (!value) return;
    const file = path.resolve(value);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ checks, ...extra }, null, 2));
  };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const reason = "no test PostgreSQL (TEST_DATABASE_URL is unset)";
    console.log(`– Several instances on one PostgreSQL: skipped, ${reason}`);
    write({ skipped: reason });
    process.exit(0);
  }
  ensureBuild();

  const name = `instances_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const direct = new URL(adminUrl);
  direct.pathname = `/${name}`;
  const proxy = tcpProxy(direct);
  const proxied = new URL(direct);
  proxied.hostname = HOST;
  proxied.port = String(await proxy.listen());

  const env = {
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    JWT_SECRET: randomBytes(32).toString("base64url"),
    IMAGE_WARM_UP: "off",
    DATABASE_POOL_MAX: "2",
  };
  const sites = [];
  try {
    say(`Starting two production servers on a fresh PostgreSQL database (${name}), through a proxy…`);
    const a = await startSite({ label: "instance-a", databaseUrl: proxied.toString(), env });
    sites.push(a);
    const b = await startSite({ label: "instance-b", databaseUrl: proxied.toString(), env });
    sites.push(b);
    say(
      `Both answer /healthz (A in ${(a.startupMs / 1000).toFixed(1)} s, migrating and seeding; B in ${(b.startupMs / 1000).toFixed(1)} s)`,
    );

    // 1. An edit through A's admin API, served by B.
    {
      const errors = [];
      let ms = Infinity;
      try {
        const line = readFileSync(path.join(a.dataDir, "demo-credentials.txt"), "utf8")
          .split("\n")
          .find((l) => l.startsWith("admin"));
        const [, email, password] = line.trim().split(/\s+/);
        const fingerprint = randomBytes(12).toString("hex");
        const login = await fetch(`${a.origin}/api/v1/cognito/user/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ username: email, password, fingerprint }),
        });
        if (!login.ok) throw new Error(`signing in answered ${login.status}: ${await login.text()}`);
        const token = (await login.json()).access_token;
        const call = async (what, body) => {
          const res = await fetch(`${a.origin}/api/v1/cognito/admin${what}`, {
            method: "POST",
            headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
            body: JSON.stringify(body),
          });
          if (!res.ok) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
          return res.json();
        };
        const doc = (title) => ({
          title,
          seo_title: null,
          meta_description: "",
          priority: 50,
          rows: [],
          pageContents: [],
        });
        const first = `Harness first ${randomBytes(3).toString("hex")}`;
        const second = `Harness second ${randomBytes(3).toString("hex")}`;
        const id = (await call("/page/create", { name: "Harness", slug: "harness", url: "harness" })).data.id;
        await call("/page/saveDraft", { id, doc: doc(first) });
        await call("/page/publish", { id });
        for (const site of [a, b]) {
          const page = await get(site.origin, "/harness");
          if (page.status !== 200 || !page.body.includes(first))
            errors.push(`before the edit, ${site === a ? "A" : "B"} answered ${page.status} without "${first}"`);
        }
        await call("/page/saveDraft", { id, doc: doc(second) });
        await call("/page/publish", { id });
        ms = await timeUntil(b.origin, "/harness", (p) => p.status === 200 && p.body.includes(second), 10_000);
        if (ms > WITHIN_MS) errors.push(`B served the edited page after ${ms} ms`);
      } catch (error) {
        errors.push(error.message);
      }
      check(`a page edited through A's admin API is served changed by B within 2 s (${ms} ms)`, errors);
    }

    // 2. `npm run settings` from another process, seen by both.
    {
      const errors = [];
      let slowest = 0;
      try {
        for (const site of [a, b]) {
          const cart = await get(site.origin, "/cart");
          if (cart.status !== 404) errors.push(`before, ${site === a ? "A" : "B"}'s /cart answered ${cart.status}`);
        }
        await promisify(execFile)(
          path.join(root, "node_modules", ".bin", "tsx"),
          ["cms/settings-cli.ts", "set", "ecommerce", "true"],
          {
            cwd: root,
            env: { ...process.env, DATABASE_URL: direct.toString(), DATA_DIR: a.dataDir },
            timeout: 60_000,
          },
        );
        for (const site of [a, b]) {
          const ms = await timeUntil(site.origin, "/cart", (p) => p.status === 200, 10_000);
          slowest = Math.max(slowest, ms);
          if (ms > WITHIN_MS) errors.push(`${site === a ? "A" : "B"}'s /cart answered 200 after ${ms} ms`);
        }
      } catch (error) {
        errors.push(error.message);
      }
      check(`npm run settings (another process) opens /cart on both within 2 s (${slowest} ms)`, errors);
    }

    // 3. An outage of PostgreSQL.
    {
      const errors = [];
      for (const site of [a, b])
        for (const pathname of WARMED) {
          const page = await get(site.origin, pathname);
          if (page.status !== 200) errors.push(`warming ${pathname}: ${page.status}`);
        }
      say(`Cutting PostgreSQL off for ${OUTAGE_MS / 1000} s…`);
      proxy.cut();
      const cutAt = Date.now();
      const seen = [];
      const uncached = ["/catalogue/bar-settings", "/catalogue/bar-settings/noosa-bar-setting"];
      let round = 0;
      while (Date.now() - cutAt < OUTAGE_MS - 1_000) {
        for (const [i, site] of [a, b].entries()) {
          const who = i ? "B" : "A";
          for (const pathname of [...WARMED, ...uncached]) {
            const page = await get(site.origin, pathname, 8_000);
            seen.push(page.status);
            if (page.status !== 200) errors.push(`during the outage, ${who}'s ${pathname} answered ${page.status}`);
          }
          const search = await get(site.origin, "/search?q=chair", 8_000);
          seen.push(search.status);
          if (search.status !== 503 || !search.retryAfter)
            errors.push(
              `during the outage, ${who}'s /search answered ${search.status} (Retry-After ${search.retryAfter})`,
            );
        }
        round++;
        await sleep(500);
      }
      await sleep(Math.max(0, OUTAGE_MS - (Date.now() - cutAt)));
      proxy.restore();
      // Back without a restart: search, which answered 503 all through the outage (checked above),
      // answers 200 again on both within RECOVERY_MS.
      const ms = await timeUntil(a.origin, "/search?q=chair", (p) => p.status === 200, RECOVERY_MS * 4);
      if (ms > RECOVERY_MS) errors.push(`after the outage, A's /search answered 200 only after ${ms} ms`);
      const msB = await timeUntil(b.origin, "/search?q=chair", (p) => p.status === 200, RECOVERY_MS * 4);
      if (msB > RECOVERY_MS) errors.push(`after the outage, B's /search answered 200 only after ${msB} ms`);
      const fiveHundreds = seen.filter((s) => s === 500).length;
      check(
        `a 10 s outage: seeded pages 200, /search 503 + Retry-After, no 500 (${seen.length} requests in ${round} rounds); search back ${Math.max(ms, msB)} ms after`,
        [...new Set(errors)].slice(0, 10).concat(fiveHundreds ? [`${fiveHundreds} answered 500`] : []),
      );
    }

    // 4. The pool: 2 connections each, 40 concurrent database-heavy calls.
    {
      const calls = [
        "/api/v1/cognito/search?q=chair",
        "/api/v1/catalogue/product",
        "/api/v1/cognito/page/about",
        "/api/v1/cognito/domain/initialData",
      ];
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => get([a, b][i % 2].origin, calls[i % calls.length], 60_000)),
      );
      const counts = {};
      for (const r of answers) counts[r.status] = (counts[r.status] ?? 0) + 1;
      const bad = answers.filter((r) => r.status !== 200 && r.status !== 503);
      check(
        `a pool of 2 each: 40 concurrent API calls across both answer 200 or 503 (${JSON.stringify(counts)})`,
        bad.length ? [`${bad.length} answered otherwise: ${[...new Set(bad.map((r) => r.status))].join(", ")}`] : [],
      );
    }
    if (checks.some((c) => !c.ok))
      for (const [i, site] of sites.entries()) console.log(`\nServer ${"AB"[i]}'s last lines:\n${site.logTail(30)}`);
  } finally {
    proxy.restore();
    await Promise.all(sites.map((s) => s.stop()));
    await proxy.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
  write();
  const failed = checks.filter((c) => !c.ok).length;
  console.log(`\nSeveral instances: ${checks.length} checks, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(`\n✗ the several-instances check could not run: ${error?.stack ?? error}`);
    process.exit(2);
  });
}
