// Restarts that lose nothing (issue 28, decision 120), run by `npm test` after the build:
// `node scripts/drain-check.mjs [--json FILE]`.
//
// Starts the built host as `npm start` runs it (scripts/lib/site.mjs: `node build/host.js` in a
// process group of its own) on a copy of the seeded database, and puts contact-form submissions
// (`POST /api/v1/cognito/form/submit/1` through the site, captcha solved) in flight in three
// states: sent whole, half sent, and only connected. Then it sends SIGTERM to the server's
// process group, as systemd or a terminal does, sends the rest of the half-sent ones and the
// whole of the connected ones, and two more on new connections during the drain. It checks that
//   - every submission is answered 200 (no ECONNRESET, no 502), those answered after the signal
//     with `Connection: close`;
//   - /healthz answers 503 as soon as the signal is handled (within 5 s on a loaded machine);
//   - the server exits 0 by itself once the drain is over;
//   - each submission is stored exactly once, and its receipt mail is in the outbox.
// Prints one line per check; exits 1 when one fails, 2 when it cannot run.
//
// Options: --json FILE also writes { checks: [{ name, ok, errors }] } (npm test counts them).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { contactSubmission, FORM_ID, SUBMIT_PATH } from "./lib/contact-form.mjs";
import { ensureBuild, say } from "./lib/ensure.mjs";
import { HOST, startSite } from "./lib/site.mjs";

/** How long the server keeps accepting after the signal, for this check (the default is 10 s). */
const DRAIN_MS = 3_000;
/** When the half-sent and connected submissions send the rest, after the signal. */
const LATE_MS = 300;
/** Submissions in flight at the signal, by how much of them was sent. */
const IN_FLIGHT = { whole: 8, half: 6, connected: 6 };
/** Submissions on new connections during the drain (a balancer that has not noticed yet). */
const DURING_DRAIN = 2;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A submission's request, whole, as bytes; `key` is its idempotency key and `email` its sender. */
async function submission(origin, n) {
  const { key, email, body } = await contactSubmission(origin, n, "drain");
  const head =
    `POST ${SUBMIT_PATH} HTTP/1.1\r\nHost: ${new URL(origin).host}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n`;
  return { n, key, email, bytes: Buffer.from(head + body) };
}

/**
 * A raw keep-alive connection that sends what it is given and reads one answer: its status and
 * headers, or the error that ended it (ECONNRESET, a close before any answer).
 */
function connection(port) {
  const socket = net.connect(port, HOST);
  let received = Buffer.alloc(0);
  const answer = new Promise((resolve) => {
    const done = (result) => {
      socket.destroy();
      resolve(result);
    };
    socket.on("data", (chunk) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf("\r\n\r\n");
      if (end === -1) return;
      const [statusLine, ...lines] = received.subarray(0, end).toString("latin1").split("\r\n");
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(":")).trim().toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
      );
      const length = Number(headers["content-length"] ?? 0);
      if (headers["transfer-encoding"] || received.length >= end + 4 + length) {
        done({ status: Number(statusLine.split(" ")[1]), headers });
      }
    });
    socket.on("error", (error) => done({ error: error.code ?? error.message }));
    socket.on("close", () => done({ error: "closed before an answer" }));
  });
  const connected = new Promise((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  return { connected, send: (bytes) => socket.write(bytes), answer };
}

/** The rows stored for these idempotency keys, counted per key, read from the stopped server's PGlite. */
async function storedCounts(dataDir, keys) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const db = await PGlite.create(path.join(dataDir, "pglite"), { extensions: { unaccent } });
  try {
    const { rows } = await db.query(
      "select idempotency_key as key, count(*)::int as n from form_submissions where form_id = $1 and idempotency_key = any($2) group by 1",
      [FORM_ID, keys],
    );
    return new Map(rows.map((r) => [r.key, r.n]));
  } finally {
    await db.close();
  }
}

/** The recipients of the mails in the server's outbox (`DATA_DIR/outbox/*.eml`). */
function outboxRecipients(dataDir) {
  const dir = path.join(dataDir, "outbox");
  const recipients = new Set();
  let files = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".eml"));
  } catch {
    return recipients;
  }
  for (const file of files) {
    const to = /^To: *(.+)$/im.exec(readFileSync(path.join(dir, file), "utf8"));
    if (to) for (const address of to[1].match(/[^\s<>,"]+@[^\s<>,"]+/g) ?? []) recipients.add(address.toLowerCase());
  }
  return recipients;
}

async function main() {
  const [flag, value, ...rest] = process.argv.slice(2);
  if ((flag && flag !== "--json") || (flag && !value) || rest.length) {
    console.error("usage: node scripts/drain-check.mjs [--json FILE]");
    process.exit(2);
  }
  ensureBuild();
  say("Starting the production server with a temporary DATA_DIR…");
  const site = await startSite({
    label: "drain",
    env: {
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      // A light proof of work, and room for all the submissions from one address.
      CAPTCHA_DIFFICULTY: "8",
      AUTH_RATE_LIMIT: "10",
    },
  });
  const checks = [];
  const check = (name, errors) => {
    checks.push({ name, ok: errors.length === 0, errors });
    console.log(`${errors.length ? "✗" : "✓"} ${name}${errors.length ? `\n    ${errors.join("\n    ")}` : ""}`);
  };
  try {
    const total = IN_FLIGHT.whole + IN_FLIGHT.half + IN_FLIGHT.connected + DURING_DRAIN;
    const posts = [];
    for (let n = 1; n <= total; n++) posts.push(await submission(site.origin, n));
    const kinds = [
      ...Array(IN_FLIGHT.whole).fill("whole"),
      ...Array(IN_FLIGHT.half).fill("half"),
      ...Array(IN_FLIGHT.connected).fill("connected"),
      ...Array(DURING_DRAIN).fill("during the drain"),
    ];
    say(`Sending ${total - DURING_DRAIN} submissions, then SIGTERM to the server's process group…`);
    const inFlight = posts.slice(0, total - DURING_DRAIN).map((post) => ({ post, conn: connection(site.port) }));
    await Promise.all(inFlight.map(({ conn }) => conn.connected));
    for (const [i, { post, conn }] of inFlight.entries()) {
      if (kinds[i] === "whole") conn.send(post.bytes);
      if (kinds[i] === "half") conn.send(post.bytes.subarray(0, post.bytes.length - 40));
    }
    const signalled = Date.now();
    site.signal("SIGTERM");
    // The server handles the signal when its event loop gets to it, which on a loaded machine takes
    // a while: /healthz says when (503), and only then do the rest of the bytes go, so what is
    // judged below is what the server does once draining, not a race with the signal.
    let healthStatus;
    do {
      await sleep(50);
      healthStatus = await fetch(`${site.origin}/healthz`).then(
        (r) => r.status,
        (e) => e.cause?.code ?? e.message,
      );
    } while (healthStatus === 200 && Date.now() - signalled < 5_000);
    const noticedMs = Date.now() - signalled;
    await sleep(LATE_MS);
    for (const [i, { post, conn }] of inFlight.entries()) {
      if (kinds[i] === "half") conn.send(post.bytes.subarray(post.bytes.length - 40));
      if (kinds[i] === "connected") conn.send(post.bytes);
    }
    const late = [];
    for (const post of posts.slice(total - DURING_DRAIN)) {
      await sleep(300);
      const conn = connection(site.port);
      late.push({ post, conn });
      conn.connected.then(() => conn.send(post.bytes)).catch(() => {});
    }
    const all = [...inFlight, ...late];
    const answers = await Promise.all(all.map(({ conn }) => conn.answer));

    const unanswered = [];
    const keptAlive = [];
    for (const [i, a] of answers.entries()) {
      const what = `submission ${all[i].post.n} (${kinds[i]})`;
      if (a.error || a.status !== 200) unanswered.push(`${what}: ${a.error ?? `answered ${a.status}`}`);
      else if (kinds[i] !== "whole" && a.headers.connection !== "close")
        keptAlive.push(`${what}: no Connection: close`);
    }
    check(`every submission in flight or sent during the drain is answered 200 (${answers.length})`, unanswered);
    check("the answers after the signal say Connection: close", keptAlive);
    check(
      `/healthz answers 503 once the signal is handled (${noticedMs} ms after it)`,
      healthStatus === 503 ? [] : [`it answered ${healthStatus}`],
    );

    const exit = await Promise.race([site.exited, sleep(DRAIN_MS + 20_000).then(() => null)]);
    const seconds = ((Date.now() - signalled) / 1000).toFixed(1);
    check(
      `the server exits 0 by itself after the drain (${seconds} s after the signal)`,
      exit === null
        ? ["it had not exited 20 s after the drain"]
        : exit.code === 0
          ? []
          : [`exit ${exit.code ?? exit.signal}`],
    );
    if (exit === null) throw new Error(`the server did not stop:\n${site.logTail()}`);

    const counts = await storedCounts(
      site.dataDir,
      posts.map((p) => p.key),
    );
    check(
      "each submission is stored exactly once",
      posts
        .filter((p) => counts.get(p.key) !== 1)
        .map((p) => `submission ${p.n}: stored ${counts.get(p.key) ?? 0} times`),
    );
    const mailed = outboxRecipients(site.dataDir);
    check(
      "each sender's receipt is in the outbox",
      posts.filter((p) => !mailed.has(p.email)).map((p) => `submission ${p.n}: no mail to ${p.email}`),
    );
    if (checks.some((c) => !c.ok)) console.log(`\nThe server's last lines:\n${site.logTail(30)}`);
  } finally {
    await site.stop();
  }
  if (value) {
    const file = path.resolve(value);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ checks }, null, 2));
  }
  const failed = checks.filter((c) => !c.ok).length;
  console.log(`\nDrain: ${checks.length} checks, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(`\n✗ the drain check could not run: ${error?.stack ?? error}`);
    process.exit(2);
  });
}
