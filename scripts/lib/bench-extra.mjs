// The parts of `npm run bench` beyond loading pages (issue 29): the machine's limit for a page's
// bytes (nginx serving them as a file), a member's session, and sign-ins at the same time as load.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

import { startNginxFile } from "./nginx.mjs";
import { BROWSER_HEADERS } from "./site.mjs";
import { signIn } from "./site-session.mjs";

/** The raw answer to a GET of `url` with a browser's headers: { status, headers, body } (bytes as sent). */
function rawGet(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: BROWSER_HEADERS }, (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * nginx answering GET / with exactly the bytes the site answers for `url` (compressed as the site
 * sent them, with the same Content-Encoding): what this machine can do for those bytes. Resolves to
 * { origin, bytes, stop } or null when nginx is not installed.
 */
export async function startNginxFloor(url) {
  const page = await rawGet(url);
  if (page.status !== 200) throw new Error(`${url} answered ${page.status}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), "dovetail-floor-"));
  const file = path.join(dir, "page");
  writeFileSync(file, page.body);
  const headers = { Vary: "Accept-Encoding" };
  if (page.headers["content-encoding"]) headers["Content-Encoding"] = page.headers["content-encoding"];
  const nginx = await startNginxFile(file, headers);
  if (!nginx) {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    origin: nginx.origin,
    bytes: page.body.length,
    async stop() {
      await nginx.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The seeded member's { email, password }, from the server's DATA_DIR/demo-credentials.txt. */
export function memberCredentials(dataDir) {
  const line = readFileSync(path.join(dataDir, "demo-credentials.txt"), "utf8")
    .split("\n")
    .find((l) => l.startsWith("member"));
  const [, email, password] = line.trim().split(/\s+/);
  return { email, password };
}

/** A signed-in member's Cookie header at `origin`. */
export function memberCookie(origin, dataDir) {
  const { email, password } = memberCredentials(dataDir);
  return signIn(origin, email, password);
}

/**
 * Signs the member in `concurrency` times at once, again and again, until `signal` aborts:
 * resolves to { signIns, failures } (a failure is a sign-in not answered with a redirect).
 */
export async function signInStorm(origin, dataDir, { concurrency = 20, signal }) {
  const { email, password } = memberCredentials(dataDir);
  let signIns = 0;
  let failures = 0;
  const worker = async () => {
    while (!signal.aborted) {
      try {
        await signIn(origin, email, password);
        signIns++;
      } catch {
        failures++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { signIns, failures };
}
