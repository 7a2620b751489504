// The parts of `npm run bench` beyond loading pages (issue 29): the machine's limit for a page's
// bytes (nginx serving them as a file), a member's session, sign-ins at the same time as load, and
// a member's cart with the shop open.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

import { adminApi, credentials } from "./instance-checks.mjs";
import { startNginxFile } from "./nginx.mjs";
import { BROWSER_HEADERS } from "./site.mjs";
import { mergeCookies, signIn } from "./site-session.mjs";

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
export const memberCredentials = (dataDir) => credentials({ dataDir }, "member");

/**
 * A signed-in member's Cookie header at `origin`, as a browser holds it after its first page: that
 * page updates the session once (its form token), and a cookie kept from before it would make
 * every measured page write the session again, which no browser does.
 */
export async function memberCookie(origin, dataDir) {
  const { email, password } = memberCredentials(dataDir);
  const cookie = await signIn(origin, email, password);
  const first = await fetch(`${origin}/`, { headers: { ...BROWSER_HEADERS, cookie } });
  await first.arrayBuffer();
  return mergeCookies(cookie, first);
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

/** The product whose page the shop's cart is filled from. */
const PRODUCT = "/catalogue/table-settings/eumundi-six-seater-setting";

/**
 * Opens the shop (the `ecommerce` setting, through the admin API as the seeded admin), then puts
 * one product in the seeded member's cart as a browser without JavaScript does (the product page's
 * "Add to cart" form, posted to /cart); resolves to that member's Cookie header.
 */
export async function memberWithCart(origin, dataDir) {
  const admin = await adminApi(origin, credentials({ dataDir }, "admin"));
  await admin("/domain/update", { settings: { ecommerce: true } });
  let cookie = await memberCookie(origin, dataDir);
  const page = await fetch(origin + PRODUCT, { headers: { ...BROWSER_HEADERS, cookie } });
  if (!page.ok) throw new Error(`${PRODUCT} answered ${page.status}`);
  cookie = mergeCookies(cookie, page);
  const form = /<form[^>]*action="\/cart"[^>]*>([\s\S]*?)<\/form>/.exec(await page.text())?.[1] ?? "";
  const value = (name) => {
    const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(form)?.[0] ?? "";
    return /value="([^"]*)"/.exec(input)?.[1];
  };
  const [csrf, sku, back] = [value("csrf"), value("sku"), value("back")];
  if (!csrf || !sku) throw new Error(`${PRODUCT} has no "Add to cart" form`);
  const added = await fetch(`${origin}/cart`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin, "content-type": "application/x-www-form-urlencoded", "accept-language": "en" },
    body: new URLSearchParams({ csrf, intent: "add", sku, qty: "1", back: back ?? PRODUCT }),
  });
  if (added.status < 300 || added.status >= 400) throw new Error(`adding to the cart answered ${added.status}`);
  return mergeCookies(cookie, added);
}
