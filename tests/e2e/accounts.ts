import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "@playwright/test";

import { CSRF_INPUT_NAME } from "../../app/components/member/csrf-input";
import { type SessionData, unseal } from "../../app/lib/session.server";
import { E2E_SESSION_SECRET, openingTags, waitUntilReady } from "./support";

/**
 * The DATA_DIR of the server the running journey talks to (playwright.config.ts sets them for every
 * worker): the shop's server for the shop projects, the back-office's for the cms ones, else the main one.
 */
export function e2eDataDir() {
  const project = test.info().project.name;
  const dir = project.startsWith("shop-")
    ? process.env.E2E_SHOP_DATA_DIR
    : project.startsWith("cms-")
      ? process.env.E2E_BACK_OFFICE_DATA_DIR
      : process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run the journeys through playwright.config.ts");
  return dir;
}

export interface Account {
  role: "admin" | "member";
  email: string;
  password: string;
}

/** The seeded accounts, as the server wrote them at its first start (DATA_DIR/demo-credentials.txt). */
export function demoAccounts(): Record<Account["role"], Account> {
  const text = readFileSync(path.join(e2eDataDir(), "demo-credentials.txt"), "utf8");
  const accounts = {} as Record<Account["role"], Account>;
  for (const line of text.split("\n")) {
    const [role, email, password] = line.trim().split(/\s+/);
    if ((role === "admin" || role === "member") && email && password) accounts[role] = { role, email, password };
  }
  expect(accounts.member, "the seeded member's credentials").toBeTruthy();
  return accounts;
}

/**
 * The account a journey that reads mail uses: one per project, so the js and no-js runs of the
 * same journey never read each other's message.
 */
export function accountFor(projectName: string) {
  const accounts = demoAccounts();
  return projectName.endsWith("no-js") ? accounts.member : accounts.admin;
}

export interface Mail {
  file: string;
  to: string;
  subject: string;
  text: string;
  /** The first link to the site's /login or /forgotpassword with an email and a code. */
  link: string | null;
  /** The 6-digit code, when the message has one. */
  code: string | null;
  /** The names of its attached files. */
  attachments: string[];
}

function decodeQuotedPrintable(body: string) {
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** Reads one .eml of the outbox: its headers and its plain-text part. */
export function readMail(file: string): Mail {
  const raw = readFileSync(file, "utf8");
  const header = (name: string) => raw.match(new RegExp(`^${name}: (.*)$`, "mi"))?.[1].trim() ?? "";
  const plain = raw.split(/Content-Type: text\/plain[^\n]*\n/i)[1] ?? "";
  const [partHeaders, ...rest] = plain.split(/\r?\n\r?\n/);
  let body = rest.join("\n\n").split(/\n--[-\w]+/)[0];
  if (/quoted-printable/i.test(partHeaders)) body = decodeQuotedPrintable(body);
  const link = body.match(/https?:\/\/\S+\/(?:login|forgotpassword)\?\S*code=\S+/)?.[0] ?? null;
  return {
    file,
    to: header("To"),
    subject: header("Subject"),
    text: body,
    link,
    code: body.match(/\b\d{6}\b/)?.[0] ?? null,
    attachments: [...raw.matchAll(/Content-Disposition: attachment;\s*filename="?([^"\r\n;]+)/gi)].map((m) => m[1]!),
  };
}

/** Every message to `to` written after `since` (ms), oldest first, as the outbox holds them now. */
export function mailsTo(to: string, since: number): Mail[] {
  const outbox = path.join(e2eDataDir(), "outbox");
  let files: string[] = [];
  try {
    files = readdirSync(outbox).filter((f) => f.endsWith(".eml"));
  } catch {
    return [];
  }
  return files
    .map((f) => path.join(outbox, f))
    .filter((f) => statSync(f).mtimeMs >= since - 1000)
    .sort()
    .map(readMail)
    .filter((m) => m.to.toLowerCase().includes(to.toLowerCase()));
}

/** The newest message to `to` written after `since` (ms), waiting for it to arrive. */
export async function waitForMail(to: string, since: number, match?: (mail: Mail) => boolean): Promise<Mail> {
  const outbox = path.join(e2eDataDir(), "outbox");
  let found: Mail | null = null;
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(outbox).filter((f) => f.endsWith(".eml"));
        } catch {
          return false;
        }
        const fresh = files
          .map((f) => path.join(outbox, f))
          .filter((f) => statSync(f).mtimeMs >= since - 1000)
          .sort()
          .map(readMail)
          .filter((m) => m.to.toLowerCase().includes(to.toLowerCase()) && (!match || match(m)));
        found = fresh.at(-1) ?? null;
        return found !== null;
      },
      { message: `a message to ${to} in the outbox`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The session a browser context holds, decrypted with the journeys' SESSION_SECRET. */
export async function sessionOf(context: BrowserContext): Promise<SessionData> {
  const cookie = (await context.cookies()).find((c) => c.name === "__session");
  if (!cookie) return {};
  const sealed = JSON.parse(Buffer.from(decodeURIComponent(cookie.value), "base64").toString("utf8")) as string;
  return (unseal(sealed, E2E_SESSION_SECRET) ?? {}) as SessionData;
}

/** Signs in with the password form of /login (the page must be open). */
export async function signInWithPassword(page: Page, account: Account) {
  const form = page.locator("#login-password");
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Password").fill(account.password);
  await form.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Signs in as a journey's first step, when signing in is not what it checks (login.spec.ts
 * does that through the page, with and without JavaScript): the password form's own request,
 * sent from the context's request API, which shares the browser's cookies, then the page it
 * leads to opened in the browser. What a visitor's browser sends: /login's session cookie, its
 * CSRF token and intent, the same origin. Epic-stack's journeys sign in without the form too;
 * here the request still goes through the site's real action. Saves a render of /login and its
 * runtime (about a second of the browser's CPU) per journey.
 */
export async function signInBefore(page: Page, account: Account, to?: string) {
  const login = to ? `/login?${new URLSearchParams({ redirectTo: to })}` : "/login";
  const form = await page.request.get(login);
  expect(form.status(), "GET /login").toBe(200);
  const csrf = openingTags(await form.text(), "input").find((input) => input.name === CSRF_INPUT_NAME)?.value;
  expect(csrf, "/login's CSRF token").toBeTruthy();
  const origin = new URL(form.url()).origin;
  const answer = await page.request.post(login, {
    form: { [CSRF_INPUT_NAME]: csrf!, intent: "password", email: account.email, password: account.password },
    headers: { origin, referer: `${origin}${login}` },
    maxRedirects: 0,
  });
  expect([302, 303], `POST /login as ${account.email}`).toContain(answer.status());
  const next = new URL(answer.headers()["location"] ?? "/", origin);
  expect(next.pathname, "the sign-in's answer leads away from /login").not.toBe("/login");
  await page.goto(next.pathname + next.search);
  // A document loaded anew: with JavaScript, what the journey does next must meet a page whose
  // runtime and enhancers run (after a signed-in redirect in the page, they already did).
  if (test.info().project.use.javaScriptEnabled !== false) await waitUntilReady(page);
}

/**
 * Opens /login (optionally to come back to `redirectTo`), signs in with the password and waits
 * until the browser has left /login: the session cookie is then the signed-in one. A journey
 * that opened its next page sooner raced the sign-in, and its next form carried the visitor's
 * CSRF token into the member's session ("Your session has expired").
 */
export async function signIn(page: Page, account: Account, redirectTo?: string) {
  await page.goto(redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login");
  await signInWithPassword(page, account);
  await page.waitForURL((url) => url.pathname !== "/login");
}
