// Several instances on one PostgreSQL (issue 28, decisions 118 to 123), run by `npm test` after
// the build: `node scripts/instances-check.mjs [--json FILE]`.
//
// Starts a PostgreSQL of its own with max_connections=30 (scripts/lib/postgres.mjs, installing
// Debian's postgresql when absent) and, on a fresh database owned by a role that is not a
// superuser (so 27 connections are the role's), built hosts as `npm start` runs them
// (scripts/lib/site.mjs), each in a process group of its own with its own port and DATA_DIR and a
// shared SESSION_SECRET and JWT_SECRET. The first migrates and seeds; the others start once it
// answers /healthz. The checks (scripts/lib/instance-checks.mjs):
//   - with two instances A and B reaching PostgreSQL through a TCP proxy this script controls:
//     a page edited through A's admin API is served changed by B within 2 s; a revision scheduled
//     ahead shows on both within 2 s of its time; `npm run settings -- set ecommerce true` (another
//     process) opens /cart on both within 2 s;
//   - PostgreSQL cut off for 30 s: every seeded page answers 200 with the "Some content may be out
//     of date" notice, /search 503 with Retry-After, a member's /profile the friendly 503 page,
//     nothing 500; within 5 s of it coming back all is as before, with no restart;
//   - then six instances with DATABASE_POOL_MAX=4 (24 connections, and six LISTEN connections,
//     more than the role's 27): a burst of database-heavy requests answers 200 or 503, never 500;
//     through nginx too (docs/deployment.md's balancer) where nginx is installed;
//   - then the CMS alone (`npm run cms`) on that database and two sites of it (CMS_API_URL, with
//     DATABASE_LISTEN_URL naming the database): a page edited through the CMS's admin API is
//     served changed by the second site within 2 s;
//   - then, where PgBouncer is installed, two instances started at once through it in transaction
//     mode on another fresh database (LISTEN direct): it is migrated and seeded once, 20 form posts
//     and 40 reads at once are answered 200 and each post stored once, and edits reach both.
// Prints one line per check; exits 1 when one fails, 2 when it cannot run.
//
// Options: --json FILE also writes { checks: [{ name, ok, errors }], skipped: [reason] } (npm test
// counts them).
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import pg from "pg";

import { startCmsAlone } from "./lib/cms-alone.mjs";
import { ensureBuild, say } from "./lib/ensure.mjs";
import { checkEdits, checkOutage, checkPoolBurst, checkSettings, credentials } from "./lib/instance-checks.mjs";
import { startNginx } from "./lib/nginx.mjs";
import { checkPgBouncer } from "./lib/pgbouncer-check.mjs";
import { startPostgres } from "./lib/postgres.mjs";
import { HOST, startSite } from "./lib/site.mjs";
import { tcpProxy } from "./lib/tcp-proxy.mjs";

/** The server's max_connections; 3 of them are kept for superusers. */
const MAX_CONNECTIONS = 30;
/** The instances and pool of the pool check: 6 × 4 in the pools, and a LISTEN connection each. */
const POOL_INSTANCES = 6;
const POOL_MAX = 4;

async function main() {
  const [flag, value, ...rest] = process.argv.slice(2);
  if ((flag && flag !== "--json") || (flag && !value) || rest.length) {
    console.error("usage: node scripts/instances-check.mjs [--json FILE]");
    process.exit(2);
  }
  const checks = [];
  const skipped = [];
  const check = (name, errors) => {
    checks.push({ name, ok: errors.length === 0, errors });
    console.log(`${errors.length ? "✗" : "✓"} ${name}${errors.length ? `\n    ${errors.join("\n    ")}` : ""}`);
  };
  ensureBuild();

  const server = await startPostgres({ maxConnections: MAX_CONNECTIONS });
  process.on("exit", () => server.stop());
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query("CREATE ROLE dovetail LOGIN");
  await admin.query("CREATE DATABASE dovetail OWNER dovetail");
  await admin.query("CREATE DATABASE dovetail_pooled OWNER dovetail");
  await admin.end();
  const direct = new URL(server.url);
  direct.username = "dovetail";
  direct.pathname = "/dovetail";
  const proxy = tcpProxy(direct, HOST);
  const proxied = new URL(direct);
  proxied.hostname = HOST;
  proxied.port = String(await proxy.listen());

  const env = {
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    JWT_SECRET: randomBytes(32).toString("base64url"),
    IMAGE_WARM_UP: "off",
  };
  const sites = [];
  // The last lines of the servers of a part whose checks failed, once, after that part.
  const tails = (servers) => {
    for (const s of servers) console.log(`\n${s.origin}'s last lines:\n${s.logTail(30)}`);
  };
  let reported = 0;
  const tailsIfFailed = (servers) => {
    if (checks.slice(reported).some((c) => !c.ok)) tails(servers);
    reported = checks.length;
  };
  let nginx = null;
  let cms = null;
  try {
    say(`Starting two production servers on a fresh PostgreSQL (max_connections ${MAX_CONNECTIONS}), through a proxy…`);
    const a = await startSite({ label: "instance-a", databaseUrl: proxied.toString(), env });
    sites.push(a);
    const b = await startSite({ label: "instance-b", databaseUrl: proxied.toString(), env });
    sites.push(b);
    say(
      `Both answer /healthz (A in ${(a.startupMs / 1000).toFixed(1)} s, migrating and seeding; B in ${(b.startupMs / 1000).toFixed(1)} s)`,
    );
    const admin = credentials(a, "admin");
    await checkEdits([a, b], check, { admin });
    await checkSettings([a, b], direct.toString(), check);
    await checkOutage([a, b], proxy, credentials(a, "member"), check);
    tailsIfFailed([a, b]);

    say(`Stopping A and B; starting ${POOL_INSTANCES} with DATABASE_POOL_MAX=${POOL_MAX}…`);
    await Promise.all(sites.splice(0).map((s) => s.stop()));
    const started = Date.now();
    const six = await Promise.all(
      Array.from({ length: POOL_INSTANCES }, (_, i) =>
        startSite({
          label: `instance-${i + 1}`,
          databaseUrl: direct.toString(),
          env: { ...env, DATABASE_POOL_MAX: String(POOL_MAX) },
        }).then((site) => (sites.push(site), site)),
      ),
    );
    say(`All ${POOL_INSTANCES} answer /healthz after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const label = `${POOL_INSTANCES} instances, pool ${POOL_MAX}, max_connections ${MAX_CONNECTIONS}`;
    await checkPoolBurst(six, null, { requests: 240, label }, check);
    nginx = await startNginx(six.map((s) => `${HOST}:${s.port}`));
    if (nginx) await checkPoolBurst(six, nginx, { requests: 240, label: `${label}, through nginx` }, check);
    else {
      skipped.push("the pool burst through nginx: nginx is not installed");
      console.log("– the same through nginx: skipped, nginx is not installed");
    }
    tailsIfFailed(six);
    await nginx?.stop();
    nginx = null;

    say("Stopping them; starting the CMS alone and two sites of it (CMS_API_URL, DATABASE_LISTEN_URL)…");
    await Promise.all(sites.splice(0).map((s) => s.stop()));
    cms = await startCmsAlone({ databaseUrl: direct.toString(), env: { JWT_SECRET: env.JWT_SECRET } });
    const externalCms = { apiUrl: cms.origin, listenUrl: direct.toString() };
    for (const label of ["site-a", "site-b"]) sites.push(await startSite({ label, externalCms, env }));
    await checkEdits(sites, check, { admin, cms: cms.origin, scheduled: false });
    tailsIfFailed([cms, ...sites]);

    await Promise.all(sites.splice(0).map((s) => s.stop()));
    await cms.stop();
    cms = null;
    const pooled = new URL(direct);
    pooled.pathname = "/dovetail_pooled";
    if (!(await checkPgBouncer(pooled, env, check, tails))) {
      skipped.push("the instances through PgBouncer: PgBouncer is not installed");
      console.log("– instances through PgBouncer: skipped, PgBouncer is not installed");
    }
  } finally {
    proxy.restore();
    await nginx?.stop();
    await Promise.all(sites.map((s) => s.stop()));
    await cms?.stop();
    await proxy.close();
    server.stop();
  }
  if (value) {
    const file = path.resolve(value);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ checks, skipped }, null, 2));
  }
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
