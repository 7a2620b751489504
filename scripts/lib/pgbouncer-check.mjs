// The check of instances behind PgBouncer in transaction mode (docs/deployment.md), run by
// scripts/instances-check.mjs where PgBouncer is installed.
import { existsSync } from "node:fs";
import path from "node:path";

import pg from "pg";

import { contactSubmission, FORM_ID, SUBMIT_PATH } from "./contact-form.mjs";
import { say } from "./ensure.mjs";
import { checkEdits, credentials, get } from "./instance-checks.mjs";
import { startPgBouncer } from "./pgbouncer.mjs";
import { startSite } from "./site.mjs";

const POSTS = 20;
const READS = 40;

/**
 * On `direct` (a fresh database's URL, its owner needing no password): PgBouncer in transaction
 * mode in front of it, and two instances started at the same moment through it (their LISTEN
 * connections direct). Checks that they migrate and seed the empty database once; that 20 contact
 * form posts and 40 reads over both, all at once, are answered 200 and each post is stored once;
 * and that an edit through one reaches the other. Stops what it started (and `onFailure` is
 * given them first when a check failed). Resolves to false when PgBouncer is not installed.
 */
export async function checkPgBouncer(direct, env, check, onFailure) {
  const bouncer = await startPgBouncer(direct);
  if (!bouncer) return false;
  const sites = [];
  try {
    await runChecks(bouncer, direct, env, sites, check, onFailure);
  } finally {
    await Promise.all(sites.map((s) => s.stop()));
    await bouncer.stop();
  }
  return true;
}

async function runChecks(bouncer, direct, env, sites, check, onFailure) {
  say("Starting two production servers at once through PgBouncer in transaction mode…");
  const failedBefore = [];
  const counting = (name, errors) => {
    if (errors.length) failedBefore.push(name);
    check(name, errors);
  };
  const both = await Promise.all(
    ["pooled-a", "pooled-b"].map((label) =>
      startSite({
        label,
        databaseUrl: bouncer.url,
        listenUrl: direct.toString(),
        // A light proof of work, and room for all the posts from one address.
        env: { ...env, CAPTCHA_DIFFICULTY: "8", AUTH_RATE_LIMIT: "10" },
      }).then((site) => (sites.push(site), site)),
    ),
  );
  const db = new pg.Client({ connectionString: direct.toString() });
  await db.connect();
  try {
    {
      const errors = [];
      const { rows } = await db.query("select count(*)::int as n from users");
      if (rows[0].n !== 2) errors.push(`${rows[0].n} accounts, not the 2 seeded once`);
      const seeders = both.filter((s) => existsSync(path.join(s.dataDir, "demo-credentials.txt")));
      if (seeders.length !== 1) errors.push(`${seeders.length} instances seeded the accounts`);
      counting("two instances starting at once through PgBouncer migrate and seed the database once", errors);
    }
    const seeder = both.find((s) => existsSync(path.join(s.dataDir, "demo-credentials.txt"))) ?? both[0];
    {
      const posts = [];
      for (let n = 0; n < POSTS; n++) posts.push(await contactSubmission(both[n % 2].origin, n, "pooled"));
      const reads = ["/api/v1/cognito/search?q=chair", "/api/v1/catalogue/product", "/", "/catalogue"];
      const answers = await Promise.all([
        ...posts.map(({ body }, n) =>
          fetch(`${both[n % 2].origin}${SUBMIT_PATH}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body,
          }).then(
            (res) => res.status,
            (error) => error.cause?.code ?? error.name,
          ),
        ),
        ...Array.from({ length: READS }, (_, n) => get(both[n % 2].origin, reads[n % reads.length])).map((p) =>
          p.then((r) => r.status),
        ),
      ]);
      const errors = [];
      const other = answers.filter((s) => s !== 200);
      if (other.length) errors.push(`${other.length} answered otherwise: ${[...new Set(other)].join(", ")}`);
      const { rows } = await db.query(
        "select idempotency_key as key, count(*)::int as n from form_submissions where form_id = $1 and idempotency_key = any($2) group by 1",
        [FORM_ID, posts.map((p) => p.key)],
      );
      const stored = new Map(rows.map((r) => [r.key, r.n]));
      const wrong = posts.filter((p) => stored.get(p.key) !== 1);
      if (wrong.length) errors.push(`${wrong.length} posts not stored exactly once`);
      check(
        `through PgBouncer, ${POSTS} form posts and ${READS} reads at once answer 200, each post stored once`,
        errors,
      );
    }
    await checkEdits(both, counting, {
      admin: credentials(seeder, "admin"),
      scheduled: false,
      via: "through PgBouncer, listening directly",
    });
  } finally {
    await db.end();
  }
  if (failedBefore.length) onFailure(both);
}
