// `npm test`: installs what is missing (dependencies, Debian's chromium, a Java runtime from
// Debian's default-jre-headless, Debian's postgresql), starts a throwaway PostgreSQL, then runs
// lint and the format check (ESLint, Prettier), the type check, vitest (units, and the CMS
// integration tests on PGlite and on PostgreSQL), and, against a fresh production build, the
// JavaScript budget of every seeded page (scripts/js-budget.mjs), the W3C Nu HTML Checker over
// every seeded page (scripts/validate-html.mjs) and the Playwright journeys (with and without JavaScript).
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

import { aptInstall, ensureBuild, ensureDependencies, ensureJava, root, run, say } from "./lib/ensure.mjs";
import { startPostgres } from "./lib/postgres.mjs";

const bin = (name) => path.join(root, "node_modules", ".bin", name);
const cache = path.join(root, ".cache");
mkdirSync(cache, { recursive: true });

ensureDependencies();
if (!existsSync("/usr/bin/chromium")) {
  say("Installing Chromium (Debian's chromium) for the browser tests…");
  aptInstall(["chromium"]);
}
ensureJava();

const pg = await startPostgres();
const cleanup = () => pg.stop();
process.on("exit", cleanup);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

const results = [];
function step(name, cmd, args, env = {}) {
  say(name);
  const status = run(cmd, args, { env: { ...process.env, ...env } });
  results.push({ name, ok: status === 0 });
  return status === 0;
}

step("Lint and format (ESLint, Prettier)", "npm", ["run", "--silent", "lint"]);
step("Type check (tsc)", bin("tsc"), ["--noEmit"]);

const vitestJson = path.join(cache, "vitest.json");
rmSync(vitestJson, { force: true });
step(
  "Unit and integration tests (vitest; CMS on PGlite and PostgreSQL)",
  bin("vitest"),
  ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`],
  { TEST_DATABASE_URL: pg.url },
);

ensureBuild({ force: true });
const budgetJson = path.join(cache, "js-budget.json");
rmSync(budgetJson, { force: true });
step("JavaScript budget (the scripts each seeded page loads, compressed)", process.execPath, [
  path.join(root, "scripts", "js-budget.mjs"),
  "--json",
  budgetJson,
]);

const vnuJson = path.join(cache, "vnu.json");
rmSync(vnuJson, { force: true });
step("Valid HTML (the Nu HTML Checker over every seeded page)", process.execPath, [
  path.join(root, "scripts", "validate-html.mjs"),
  "--json",
  vnuJson,
]);

const playwrightJson = path.join(cache, "playwright.json");
rmSync(playwrightJson, { force: true });
const e2eData = path.join(cache, `e2e-${Date.now()}`);
step(
  "Browser journeys (Playwright in Chromium, with and without JavaScript)",
  bin("playwright"),
  ["test", "--reporter=line,json"],
  { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson, E2E_DATA_DIR: e2eData },
);
rmSync(e2eData, { recursive: true, force: true });
rmSync(`${e2eData}-offline`, { recursive: true, force: true });
rmSync(`${e2eData}-shop`, { recursive: true, force: true });
rmSync(`${e2eData}-back-office`, { recursive: true, force: true });

// One closing line for everything that ran.
let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const v = JSON.parse(readFileSync(vitestJson, "utf8"));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + (v.numTodoTests ?? 0);
} catch {
  failed += 1;
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
  // One result per page checked: passed when vnu found no error in it.
  const pages = JSON.parse(readFileSync(vnuJson, "utf8")).pages;
  passed += pages.filter((p) => p.ok).length;
  failed += pages.filter((p) => !p.ok).length;
} catch {
  failed += 1;
}
try {
  const p = JSON.parse(readFileSync(playwrightJson, "utf8")).stats;
  passed += p.expected + p.flaky;
  failed += p.unexpected;
  skipped += p.skipped;
} catch {
  failed += 1;
}
const failedSteps = results.filter((r) => !r.ok).map((r) => r.name);
console.log("");
for (const r of results) console.log(`${r.ok ? "✓" : "✗"} ${r.name}`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps.length || failed ? 1 : 0);
