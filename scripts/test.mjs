// `npm test`: installs what is missing (dependencies, Debian's chromium, a Java runtime from
// Debian's default-jre-headless, Debian's postgresql, and where it can Debian's nginx and
// pgbouncer), starts a throwaway PostgreSQL, then runs
// lint and the format check (ESLint, Prettier), the type check, vitest (units, and the CMS
// integration tests on PGlite and on PostgreSQL), and, against a fresh production build, the
// JavaScript budget of every seeded page (scripts/js-budget.mjs), a restart with posts in flight
// (scripts/drain-check.mjs), several instances on one PostgreSQL, through an outage and with small
// pools (scripts/instances-check.mjs), the W3C Nu HTML Checker over every seeded page
// (scripts/validate-html.mjs) and the Playwright journeys (with and without JavaScript).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

import {
  aptInstall,
  aptInstallIfPossible,
  ensureBuild,
  ensureDependencies,
  ensureJava,
  root,
  say,
} from "./lib/ensure.mjs";
import { startPostgres } from "./lib/postgres.mjs";

const bin = (name) => path.join(root, "node_modules", ".bin", name);
const cache = path.join(root, ".cache");
mkdirSync(cache, { recursive: true });

ensureDependencies();
// The journeys run in chromium-headless-shell (a third of the full browser's CPU); the scripts
// that audit pages (Lighthouse, screenshots) use the full browser.
const chromiumPackages = [
  ["/usr/bin/chromium", "chromium"],
  ["/usr/bin/chromium-headless-shell", "chromium-headless-shell"],
].filter(([file]) => !existsSync(file));
if (chromiumPackages.length > 0) {
  say(`Installing Debian's ${chromiumPackages.map(([, name]) => name).join(" and ")} for the browser tests…`);
  aptInstall(chromiumPackages.map(([, name]) => name));
}
ensureJava();
// nginx and PgBouncer in front of several instances (scripts/instances-check.mjs): that part is
// skipped, and said so, where they cannot be installed.
const balancerPackages = [
  ["/usr/sbin/nginx", "nginx"],
  ["/usr/sbin/pgbouncer", "pgbouncer"],
].filter(([file]) => !existsSync(file));
if (balancerPackages.length > 0) {
  say(`Installing Debian's ${balancerPackages.map(([, name]) => name).join(" and ")} for the several-instances check…`);
  aptInstallIfPossible(balancerPackages.map(([, name]) => name));
}

const pg = await startPostgres();
const cleanup = () => pg.stop();
process.on("exit", cleanup);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

const results = [];
/**
 * Steps that run at the same time, each on its own core (ESLint and tsc use one each): each
 * one's output is printed, whole, when it ends; a step marked `{ live: true }` prints as it goes.
 */
function together(steps) {
  return Promise.all(
    steps.map(
      ([name, cmd, args, env = {}, { live = false } = {}]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env } });
          const output = [];
          if (live) say(name);
          const keep = (chunk) => (live ? process.stdout.write(chunk) : output.push(chunk));
          child.stdout.on("data", keep);
          child.stderr.on("data", keep);
          const end = (status) => {
            if (!live) say(name);
            process.stdout.write(Buffer.concat(output));
            results.push({ name, ok: status === 0, seconds: (Date.now() - started) / 1000 });
            resolve(status === 0);
          };
          child.on("error", (error) => {
            output.push(Buffer.from(`${error.message}\n`));
            end(1);
          });
          child.on("close", (status) => end(status ?? 1));
        }),
    ),
  );
}
/** Like `step`, for work done in this process (the build). */
function timed(name, fn) {
  const started = Date.now();
  fn();
  results.push({ name, ok: true, seconds: (Date.now() - started) / 1000 });
}
const runStarted = Date.now();

const vitestJson = path.join(cache, "vitest.json");
const vitestFileTimes = path.join(cache, "vitest-file-times.json");
rmSync(vitestJson, { force: true });
rmSync(vitestFileTimes, { force: true });
// ESLint and tsc use a core each, vitest two workers: side by side, each fills the gaps the
// others leave (vitest waits on its databases, timers and mail). The seeded database every
// server of the later steps starts from is made beside them (one core, while vitest's last
// files run alone).
await together([
  [
    "Seeded database for the test servers (scripts/lib/seeded-data.mjs, once per change)",
    process.execPath,
    [path.join(root, "scripts", "lib", "seeded-data.mjs")],
  ],
  ["Lint and format (ESLint, Prettier)", "npm", ["run", "--silent", "lint"]],
  ["Type check (tsc)", bin("tsc"), ["--noEmit"]],
  [
    "Unit and integration tests (vitest; CMS on PGlite and PostgreSQL)",
    bin("vitest"),
    [
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${vitestJson}`,
      "--reporter=./tests/setup/file-times-reporter.ts",
    ],
    { TEST_DATABASE_URL: pg.url, VITEST_FILE_TIMES: vitestFileTimes },
  ],
]);

timed("Production build (remix build, enhancers, service worker)", () => ensureBuild({ force: true }));
const budgetJson = path.join(cache, "js-budget.json");
rmSync(budgetJson, { force: true });
const vnuJson = path.join(cache, "vnu.json");
rmSync(vnuJson, { force: true });
// Each starts a server of its own from the seeded database. Run beside the whole of the journeys
// (tried once) they took two to three times as long and the journeys were no faster: the journeys
// start when the JavaScript budget is done. The HTML check's second half (vnu, one core, after its
// pages) then runs beside the journeys' servers starting, which leave a core to spare.
const drainJson = path.join(cache, "drain.json");
rmSync(drainJson, { force: true });
const instancesJson = path.join(cache, "instances.json");
rmSync(instancesJson, { force: true });
// The drain check (decision 120) beside the budget: a server of its own for about 15 s, timing
// nothing; then, in the same slot, up to six servers on a PostgreSQL of the check's own for about
// 70 s (scripts/instances-check.mjs, issue 28), once the drain check's server has stopped.
const budget = Promise.all([
  together([
    [
      "JavaScript budget (the scripts each seeded page loads, compressed)",
      process.execPath,
      [path.join(root, "scripts", "js-budget.mjs"), "--json", budgetJson],
    ],
  ]),
  together([
    [
      "Restarts lose nothing (SIGTERM with contact-form posts in flight)",
      process.execPath,
      [path.join(root, "scripts", "drain-check.mjs"), "--json", drainJson],
    ],
  ]).then(() =>
    together([
      [
        "Several instances on one PostgreSQL (coherence, an outage, small pools, an external CMS)",
        process.execPath,
        [path.join(root, "scripts", "instances-check.mjs"), "--json", instancesJson],
      ],
    ]),
  ),
]);
const validHtml = together([
  [
    "Valid HTML (the Nu HTML Checker over every seeded page)",
    process.execPath,
    [path.join(root, "scripts", "validate-html.mjs"), "--json", vnuJson],
  ],
]);
await budget;

const playwrightJson = path.join(cache, "playwright.json");
rmSync(playwrightJson, { force: true });
const e2eData = path.join(cache, `e2e-${Date.now()}`);
await together([
  [
    "Browser journeys (Playwright; the key ones with and without JavaScript)",
    bin("playwright"),
    ["test", "--reporter=line,json"],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson, E2E_DATA_DIR: e2eData },
    { live: true },
  ],
]);
await validHtml;
rmSync(e2eData, { recursive: true, force: true });
rmSync(`${e2eData}-offline`, { recursive: true, force: true });
rmSync(`${e2eData}-shop`, { recursive: true, force: true });
rmSync(`${e2eData}-back-office`, { recursive: true, force: true });
rmSync(`${e2eData}-image-cache`, { recursive: true, force: true });

// The closing lines: each step with its time, the slowest test files and journeys, the journeys
// that needed a retry (flaky: counted apart from passed), and one line of counts.
let passed = 0;
let failed = 0;
let flaky = 0;
let skipped = 0;
const slowest = [];
const flakyJourneys = [];
try {
  const v = JSON.parse(readFileSync(vitestJson, "utf8"));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + (v.numTodoTests ?? 0);
} catch {
  failed += 1;
}
try {
  for (const f of JSON.parse(readFileSync(vitestFileTimes, "utf8")).files)
    slowest.push({ kind: "vitest", name: f.file, seconds: f.seconds });
} catch {
  // The vitest step failed before its reporter wrote: its failure is already counted.
}
try {
  // One result per page measured: passed when it is within its script budget.
  const pages = JSON.parse(readFileSync(budgetJson, "utf8")).pages;
  passed += pages.filter((p) => p.ok).length;
  failed += pages.filter((p) => !p.ok).length;
} catch {
  failed += 1;
}
try {
  // One result per check of the drain (every post answered, stored once, …).
  const checks = JSON.parse(readFileSync(drainJson, "utf8")).checks;
  passed += checks.filter((c) => c.ok).length;
  failed += checks.filter((c) => !c.ok).length;
} catch {
  failed += 1;
}
try {
  // One result per check of the instances; one skipped for each that could not run here (nginx).
  const report = JSON.parse(readFileSync(instancesJson, "utf8"));
  passed += report.checks.filter((c) => c.ok).length;
  failed += report.checks.filter((c) => !c.ok).length;
  for (const reason of report.skipped ?? []) {
    skipped += 1;
    console.log(`Several instances: skipped ${reason}`);
  }
} catch {
  failed += 1;
}
try {
  // One result per page checked: passed when vnu found no error in it.
  const pages = JSON.parse(readFileSync(vnuJson, "utf8")).pages;
  passed += pages.filter((p) => p.ok).length;
  failed += pages.filter((p) => !p.ok).length;
} catch {
  failed += 1;
}
try {
  const report = JSON.parse(readFileSync(playwrightJson, "utf8"));
  passed += report.stats.expected;
  flaky += report.stats.flaky;
  failed += report.stats.unexpected;
  skipped += report.stats.skipped;
  for (const { spec, test } of journeys(report.suites)) {
    const seconds = test.results.reduce((sum, r) => sum + r.duration, 0) / 1000;
    const name = `${spec.file}:${spec.line} ${spec.title} [${test.projectName}]`;
    slowest.push({ kind: "journey", name, seconds });
    if (test.status === "flaky") flakyJourneys.push(name);
  }
} catch {
  failed += 1;
}
const failedSteps = results.filter((r) => !r.ok).map((r) => r.name);
const secs = (s) => `${s.toFixed(1).padStart(6)} s`;
console.log("");
for (const kind of ["vitest", "journey"]) {
  const top = slowest
    .filter((s) => s.kind === kind)
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10);
  if (!top.length) continue;
  console.log(kind === "vitest" ? "Slowest test files:" : "Slowest journeys (all attempts):");
  for (const s of top) console.log(`${secs(s.seconds)}  ${s.name}`);
}
if (flakyJourneys.length) {
  console.log("Flaky (failed, then passed on the retry; fix them):");
  for (const name of flakyJourneys) console.log(`  ${name}`);
}
console.log("");
for (const r of results) console.log(`${r.ok ? "✓" : "✗"} ${secs(r.seconds)}  ${r.name}`);
console.log(`Time: ${((Date.now() - runStarted) / 60000).toFixed(1)} min after the installs`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${flaky} flaky, ${skipped} skipped`);
process.exit(failedSteps.length || failed ? 1 : 0);

/** Every test of a Playwright JSON report, with its spec. */
function* journeys(suites = []) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) for (const test of spec.tests) yield { spec, test };
    yield* journeys(suite.suites);
  }
}
