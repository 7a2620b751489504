// The checks of scripts/instances-check.mjs, each given running instances ({ origin, dataDir })
// and `check(name, errors)` to report with: what one deployment of several instances on one
// PostgreSQL must do (issue 28; decisions 118 to 123).
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

import { root, say } from "./ensure.mjs";
import { signIn } from "./site-session.mjs";

/** How soon a change made through one instance must show on the other (decision 118). */
export const WITHIN_MS = 2_000;
/** How long the database outage lasts. */
export const OUTAGE_MS = 30_000;
/** How soon after the database is back every page must be itself again. */
export const RECOVERY_MS = 5_000;
/** The seeded pages warmed before the outage (a category and a product not among them are asked too). */
const WARMED = [
  "/",
  "/about",
  "/catalogue",
  "/catalogue/table-settings",
  "/catalogue/table-settings/eumundi-six-seater-setting",
];
const NEVER_ASKED = ["/catalogue/bar-settings", "/catalogue/bar-settings/noosa-bar-setting"];
/** The link-state notice (locales/en/common.json `outOfDate`). */
const NOTICE = "Some content may be out of date";
/** The friendly 503 page's heading (`unavailableTitle`), and the seeded member's first name. */
const RIGHT_BACK = "We&#x27;ll be right back";
const MEMBER_NAME = "Sam";

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const who = (sites, site) => "ABCDEF"[sites.indexOf(site)];

/** GET a path: { status, retryAfter, body } or { status: the network error }. */
export async function get(origin, pathname, { timeoutMs = 30_000, cookie } = {}) {
  try {
    const res = await fetch(`${origin}${pathname}`, {
      headers: { accept: "text/html", "accept-language": "en", ...(cookie ? { cookie } : {}) },
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
    if (test(await get(origin, pathname, { timeoutMs: limitMs }))) return Date.now() - started;
    await sleep(50);
  }
  return Infinity;
}

/** A seeded account's { email, password }, from the instance's DATA_DIR/demo-credentials.txt. */
export function credentials(site, role) {
  const line = readFileSync(path.join(site.dataDir, "demo-credentials.txt"), "utf8")
    .split("\n")
    .find((l) => l.startsWith(role));
  const [, email, password] = line.trim().split(/\s+/);
  return { email, password };
}

/** Signs in to a CMS API at `origin` as `admin`; resolves to `call(path, body)` on its admin API. */
export async function adminApi(origin, { email, password }) {
  const login = await fetch(`${origin}/api/v1/cognito/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: email, password, fingerprint: randomBytes(12).toString("hex") }),
  });
  if (!login.ok) throw new Error(`signing in answered ${login.status}: ${await login.text()}`);
  const token = (await login.json()).access_token;
  return async (what, body) => {
    const res = await fetch(`${origin}/api/v1/cognito/admin${what}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
}

/**
 * A page edited through a CMS's admin API (A's own, or `cms`: the CMS alone, at its origin) is
 * served changed by B within 2 s; unless `scheduled` is false, a revision scheduled a few seconds
 * ahead then shows on both within 2 s of its time, and not before. `via` says how, in the name.
 */
export async function checkEdits([a, b], check, { admin, cms, scheduled = true, via }) {
  const through = `${cms ? "the CMS alone" : "A's admin API"}${via ? ` (${via})` : ""}`;
  const slug = `harness-${randomBytes(3).toString("hex")}`;
  const doc = (title) => ({ title, seo_title: null, meta_description: "", priority: 50, rows: [], pageContents: [] });
  const mark = (what) => `Harness ${what} ${randomBytes(3).toString("hex")}`;
  let call;
  let id;
  {
    const errors = [];
    let ms = Infinity;
    try {
      call = await adminApi(cms ?? a.origin, admin);
      const [first, second] = [mark("first"), mark("second")];
      id = (await call("/page/create", { name: "Harness", slug, url: slug })).data.id;
      await call("/page/saveDraft", { id, doc: doc(first) });
      await call("/page/publish", { id });
      for (const site of [a, b]) {
        const page = await get(site.origin, `/${slug}`);
        if (page.status !== 200 || !page.body.includes(first))
          errors.push(`before the edit, ${who([a, b], site)} answered ${page.status} without "${first}"`);
      }
      await call("/page/saveDraft", { id, doc: doc(second) });
      await call("/page/publish", { id });
      ms = await timeUntil(b.origin, `/${slug}`, (p) => p.status === 200 && p.body.includes(second), 10_000);
      if (ms > WITHIN_MS) errors.push(`B served the edited page after ${ms} ms`);
    } catch (error) {
      errors.push(error.message);
    }
    check(`a page edited through ${through} is served changed by B within 2 s (${ms} ms)`, errors);
  }
  if (scheduled) {
    const errors = [];
    const late = [];
    try {
      if (!call) throw new Error("no admin session (see the check above)");
      const scheduled = mark("scheduled");
      const at = Math.ceil((Date.now() + 4_000) / 1000) * 1000;
      await call("/page/saveDraft", { id, doc: doc(scheduled) });
      await call("/page/publish", { id, publish_at: new Date(at).toISOString() });
      await Promise.all(
        [a, b].map(async (site) => {
          for (;;) {
            const page = await get(site.origin, `/${slug}`);
            const now = Date.now();
            if (page.status === 200 && page.body.includes(scheduled)) {
              if (now < at - 250) errors.push(`${who([a, b], site)} showed the revision ${at - now} ms early`);
              late.push(now - at);
              if (now - at > WITHIN_MS) errors.push(`${who([a, b], site)} showed the revision ${now - at} ms late`);
              return;
            }
            if (now > at + 10_000) return errors.push(`${who([a, b], site)} never showed the revision`);
            await sleep(50);
          }
        }),
      );
    } catch (error) {
      errors.push(error.message);
    }
    check(`a revision scheduled ahead shows on both within 2 s of its time (${late.join(" and ")} ms)`, errors);
  }
}

/** `npm run settings -- set ecommerce true` (another process) opens /cart on both within 2 s. */
export async function checkSettings(sites, databaseUrl, check) {
  const errors = [];
  let slowest = 0;
  try {
    for (const site of sites) {
      const cart = await get(site.origin, "/cart");
      if (cart.status !== 404) errors.push(`before, ${who(sites, site)}'s /cart answered ${cart.status}`);
    }
    await promisify(execFile)(
      path.join(root, "node_modules", ".bin", "tsx"),
      ["cms/settings-cli.ts", "set", "ecommerce", "true"],
      { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: sites[0].dataDir }, timeout: 60_000 },
    );
    for (const site of sites) {
      const ms = await timeUntil(site.origin, "/cart", (p) => p.status === 200, 10_000);
      slowest = Math.max(slowest, ms);
      if (ms > WITHIN_MS) errors.push(`${who(sites, site)}'s /cart answered 200 after ${ms} ms`);
    }
  } catch (error) {
    errors.push(error.message);
  }
  check(`npm run settings (another process) opens /cart on both within 2 s (${slowest} ms)`, errors);
}

/**
 * PostgreSQL cut off for OUTAGE_MS (`proxy`: every connection reset, new ones too): every
 * seeded page, a category and a product never asked before among them, answers 200 with the
 * notice; /search and the API 503 with Retry-After; a member's /profile the friendly 503 page with the
 * member's name; nothing 500. Within RECOVERY_MS of the database coming back, with no restart,
 * search, the pages (without the notice) and /profile answer as before on every instance.
 */
export async function checkOutage(sites, proxy, member, check) {
  const errors = [];
  const cookie = await signIn(sites[0].origin, member.email, member.password);
  for (const site of sites) {
    for (const pathname of WARMED) {
      const page = await get(site.origin, pathname);
      if (page.status !== 200) errors.push(`warming ${pathname}: ${page.status}`);
    }
    const profile = await get(site.origin, "/profile", { cookie });
    if (profile.status !== 200)
      errors.push(`before the outage, ${who(sites, site)}'s /profile answered ${profile.status}`);
  }
  say(`Cutting PostgreSQL off for ${OUTAGE_MS / 1000} s…`);
  proxy.cut();
  const cutAt = Date.now();
  const seen = [];
  let round = 0;
  const judge = (site, pathname, answer, ok, what) => {
    seen.push(answer.status);
    if (!ok) errors.push(`during the outage, ${who(sites, site)}'s ${pathname} answered ${answer.status}${what}`);
  };
  while (Date.now() - cutAt < OUTAGE_MS - 1_000) {
    for (const site of sites) {
      for (const pathname of [...WARMED, ...NEVER_ASKED]) {
        const page = await get(site.origin, pathname, { timeoutMs: 8_000 });
        judge(site, pathname, page, page.status === 200 && page.body.includes(NOTICE), " without the notice");
      }
      for (const pathname of ["/search?q=chair", "/api/v1/cognito/search?q=chair"]) {
        const answer = await get(site.origin, pathname, { timeoutMs: 8_000 });
        judge(
          site,
          pathname,
          answer,
          answer.status === 503 && answer.retryAfter,
          ` (Retry-After ${answer.retryAfter})`,
        );
      }
      const profile = await get(site.origin, "/profile", { timeoutMs: 8_000, cookie });
      const friendly = profile.body.includes(RIGHT_BACK) && profile.body.includes(MEMBER_NAME);
      judge(site, "/profile", profile, profile.status === 503 && friendly, friendly ? "" : " (not the friendly page)");
    }
    round++;
    await sleep(500);
  }
  await sleep(Math.max(0, OUTAGE_MS - (Date.now() - cutAt)));
  proxy.restore();
  const restoredAt = Date.now();
  // Back without a restart: every instance's search, a page without the notice, and /profile.
  const back = await Promise.all(
    sites.map(async (site) => {
      for (;;) {
        const [search, home, profile] = await Promise.all([
          get(site.origin, "/search?q=chair", { timeoutMs: 5_000 }),
          get(site.origin, "/catalogue/bar-settings", { timeoutMs: 5_000 }),
          get(site.origin, "/profile", { timeoutMs: 5_000, cookie }),
        ]);
        if (search.status === 200 && home.status === 200 && !home.body.includes(NOTICE) && profile.status === 200)
          return Date.now() - restoredAt;
        if (Date.now() - restoredAt > RECOVERY_MS * 4) return Infinity;
        await sleep(100);
      }
    }),
  );
  for (const [i, ms] of back.entries())
    if (ms > RECOVERY_MS) errors.push(`after the outage, ${"ABCDEF"[i]} was itself again only after ${ms} ms`);
  const fiveHundreds = seen.filter((s) => s === 500).length;
  check(
    `a ${OUTAGE_MS / 1000} s outage: seeded pages 200 with the notice, /search and the API 503 + Retry-After, /profile the friendly 503, no 500 (${seen.length} requests in ${round} rounds); all back ${Math.max(...back)} ms after`,
    [...new Set(errors)].slice(0, 10).concat(fiveHundreds ? [`${fiveHundreds} answered 500`] : []),
  );
}

/**
 * A burst of database-heavy requests over every instance (through `balancer` when given: nginx),
 * whose pools together outgrow what PostgreSQL allows the role: answered 200 or 503, never 500,
 * and mostly 200.
 */
export async function checkPoolBurst(sites, balancer, { requests, label }, check) {
  const calls = [
    "/api/v1/cognito/search?q=chair",
    "/api/v1/catalogue/product",
    "/api/v1/cognito/page/about",
    "/api/v1/cognito/domain/initialData",
    "/search?q=table",
  ];
  const answers = await Promise.all(
    Array.from({ length: requests }, (_, i) =>
      get(balancer?.origin ?? sites[i % sites.length].origin, calls[i % calls.length], { timeoutMs: 60_000 }),
    ),
  );
  const counts = {};
  for (const r of answers) counts[r.status] = (counts[r.status] ?? 0) + 1;
  const errors = [];
  const bad = answers.filter((r) => r.status !== 200 && r.status !== 503);
  if (bad.length) errors.push(`${bad.length} answered otherwise: ${[...new Set(bad.map((r) => r.status))].join(", ")}`);
  if ((counts[200] ?? 0) < requests / 2) errors.push(`only ${counts[200] ?? 0} of ${requests} answered 200`);
  check(
    `${label}: ${requests} database-heavy requests at once answer 200 or 503, never 500 (${JSON.stringify(counts)})`,
    errors,
  );
}
