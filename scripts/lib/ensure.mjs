// Helpers for `npm start` and `npm test`: install what is missing, build when stale.
// Only Node built-ins here: these run before node_modules exists.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: "inherit", cwd: root, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function runOrDie(cmd, args, options = {}) {
  const status = run(cmd, args, options);
  if (status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(" ")} failed (exit ${status})`);
    process.exit(status);
  }
}

export function say(message) {
  console.log(`\n▸ ${message}`);
}

function sha(file) {
  return createHash("sha256").update(readFileSync(file)).digest("hex");
}

/** npm ci when node_modules is absent or was installed from another package-lock.json. */
export function ensureDependencies() {
  const lock = path.join(root, "package-lock.json");
  const stamp = path.join(root, "node_modules", ".dovetail-lock");
  const want = sha(lock);
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === want) return;
  say("Installing dependencies (npm ci)…");
  if (run("npm", ["ci", "--no-audit", "--no-fund"]) !== 0) {
    // A registry that lacks some platform build of an optional dependency makes `npm ci` refuse
    // a lock file that `npm install` accepts.
    say("npm ci failed; trying npm install with the same lock file…");
    runOrDie("npm", ["install", "--no-audit", "--no-fund"]);
  }
  writeFileSync(stamp, want);
}

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const st = statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

/** Whether the build in build/ includes the benchmark's floor route (built with DOVETAIL_BENCH=1). */
function builtForBench(built) {
  return readFileSync(built, "utf8").includes('"routes/bench-bare"');
}

/**
 * Builds the site when there is no build, a source is newer than it, or it was built for the
 * other purpose: `bench: true` builds with DOVETAIL_BENCH=1 (the benchmark's floor route,
 * /bench-bare, included); every other build leaves that route out.
 */
/**
 * How the built host is run (decision 115): plain node on build/host.js, stack traces through its
 * source map. `npm start`, the measuring scripts and the journeys' servers all start it so.
 */
export const HOST_ARGS = ["--enable-source-maps", path.join(root, "build", "host.js")];
/**
 * The host's environment defaults, under whatever the caller sets. MALLOC_ARENA_MAX=2: glibc's
 * malloc otherwise keeps up to eight arenas per core for the threads that compress, read files
 * and hash, and their free space stays resident; two cost nothing measurable here and keep about
 * 70 MB less (issue 29, decision 126). Read by glibc when the process starts, so it is set for it.
 */
export const HOST_ENV = { MALLOC_ARENA_MAX: "2" };

export function ensureBuild({ force = false, bench = false } = {}) {
  const built = path.join(root, "build", "index.js");
  const enhancers = path.join(root, "public", "build", "enhance", "manifest.json");
  const worker = path.join(root, "public", "sw.js");
  const host = path.join(root, "build", "host.js");
  const sources = ["app", "cms", "server.ts", "seeds", "remix.config.js", "postcss.config.js", "package-lock.json"];
  const fresh =
    existsSync(built) &&
    existsSync(enhancers) &&
    existsSync(worker) &&
    existsSync(host) &&
    statSync(built).mtimeMs >= Math.max(...sources.map(newestMtime));
  if (!force && fresh && builtForBench(built) === bench) return;
  const env = { ...process.env };
  delete env.DOVETAIL_BENCH;
  if (bench) {
    env.DOVETAIL_BENCH = "1";
    say("Building the site for the benchmark (remix build with DOVETAIL_BENCH=1: /bench-bare included)…");
  } else {
    say("Building the site (remix build, then the enhancers, the service worker and the host)…");
  }
  runOrDie(path.join(root, "node_modules", ".bin", "remix"), ["build"], { env });
  // The enhancers after it: remix build empties public/build (decision 034).
  runOrDie(process.execPath, [path.join(root, "scripts", "build-enhancers.mjs")], { env });
  // The service worker last (decision 063), under `timeout`: @remix-pwa/dev hangs when its build fails.
  runOrDie("timeout", ["120", process.execPath, path.join(root, "scripts", "build-worker.mjs")], { env });
  // The host (server.ts and the embedded CMS) last, into build/host.js (decision 115).
  runOrDie(process.execPath, [path.join(root, "scripts", "build-host.mjs")], { env });
}

export function isRoot() {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

/** Installs Debian packages (apt-get), with sudo when not root. */
export function aptInstall(packages) {
  const prefix = isRoot() ? [] : ["sudo"];
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const [cmd, ...rest] = [...prefix, "apt-get"];
  runOrDie(cmd, [...rest, "update", "-qq"], { env });
  runOrDie(cmd, [...rest, "install", "-y", "-qq", ...packages], { env });
}

/**
 * Installs Debian packages the checks can do without: like aptInstall, but a failure (no apt, no
 * sudo, a package that will not configure) is said and answered false instead of ending the run.
 */
export function aptInstallIfPossible(packages) {
  const prefix = isRoot() ? [] : ["sudo", "-n"];
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const [cmd, ...rest] = [...prefix, "apt-get"];
  try {
    if (run(cmd, [...rest, "update", "-qq"], { env }) !== 0) throw new Error("apt-get update failed");
    if (run(cmd, [...rest, "install", "-y", "-qq", ...packages], { env }) !== 0)
      throw new Error("apt-get install failed");
    return true;
  } catch (error) {
    console.log(
      `  could not install ${packages.join(" and ")} (${error.message}): the checks that need them are skipped`,
    );
    return false;
  }
}

/** Whether a program can be started from PATH. */
export function hasCommand(cmd, args = ["--version"]) {
  return !spawnSync(cmd, args, { stdio: "ignore" }).error;
}

/** A Java runtime for the Nu HTML Checker (vnu.jar): Debian's default-jre-headless when `java` is absent. */
export function ensureJava() {
  if (hasCommand("java", ["-version"])) return;
  say("Installing a Java runtime (Debian's default-jre-headless) for the HTML checker…");
  aptInstall(["default-jre-headless"]);
}
