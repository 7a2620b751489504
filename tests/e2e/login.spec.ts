import { type APIRequestContext, expect, type Page, test } from "@playwright/test";

import { accountFor, demoAccounts, sessionOf, signIn, signInWithPassword, waitForMail } from "./accounts";

// Every way in (issue 12), with and without JavaScript: each journey runs in both projects, but
// those tagged `@once`, which check what the server does with an address or a token.

const header = (page: Page) => page.getByRole("banner");
/** The header's account menu: the member's first name opens it (a <details>). */
const accountMenu = (page: Page) => header(page).locator("details summary[aria-label^='Account menu']");

async function expectSignedIn(page: Page) {
  await expect(accountMenu(page)).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Sign in" })).toHaveCount(0);
}

test.describe("password sign-in", () => {
  test("a protected page sends a visitor to /login and back there after signing in", async ({
    page,
    context,
    javaScriptEnabled,
  }) => {
    const { member } = demoAccounts();
    await page.goto("/checkout");
    await expect(page).toHaveURL("/login?redirectTo=%2Fcheckout");
    await expect(header(page).getByRole("link", { name: "Sign in" })).toBeVisible();

    // A wrong password: the form comes back with the email kept and a message, never the password.
    await signInWithPassword(page, { ...member, password: "not-the-password" });
    await expect(page.getByRole("alert").filter({ hasText: "do not match an account" })).toBeVisible();
    await expect(page.locator("#login-password").getByLabel("Email")).toHaveValue(member.email);
    // The reply never carries the password back (without JavaScript the page is new, the field empty).
    if (!javaScriptEnabled) await expect(page.locator("#login-password").getByLabel("Password")).toHaveValue("");

    await signInWithPassword(page, member);
    await expect(page).toHaveURL("/checkout");
    // Signed in, the checkout is there to be asked for; with the seeded shop closed it is the 404 page.
    await expect(page.getByText("Page not found")).toBeVisible();
    await expectSignedIn(page);
    const session = await sessionOf(context);
    expect(session.accessToken).toBeTruthy();
    expect(session.refreshToken).toBeTruthy();
    expect(session.fingerprint).toMatch(/^[\w-]{21}$/);

    // The menu (a <details>) opens without JavaScript too; signed in, /login goes on at once.
    await accountMenu(page).click();
    await expect(header(page).getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/profile");
    await expect(header(page).getByRole("button", { name: "Sign out" })).toBeVisible();
    await page.goto("/login?redirectTo=%2Fabout");
    await expect(page).toHaveURL("/about");
  });

  test("a wrong password is a 401 with the page, not a redirect", async ({ request }) => {
    const login = await request.get("/login");
    const csrf = (await login.text()).match(/name="csrf" value="([^"]+)"/)![1];
    const response = await request.post("/login", {
      form: { csrf, intent: "password", email: "nobody@example.com", password: "wrong" },
      headers: { Origin: new URL(login.url()).origin },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(401);
    expect(await response.text()).toContain("do not match an account");
  });

  for (const evil of ["//evil.example", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
    test(`redirectTo=${evil} lands on /`, { tag: "@once" }, async ({ page }) => {
      await signIn(page, demoAccounts().member, evil);
      await expect(page).toHaveURL("/");
      await expectSignedIn(page);
    });
  }
});

test.describe("without a password", () => {
  // Each project reads its own account's mail; within a project these run one after the other.
  test.describe.configure({ mode: "serial" });

  test("a link from the outbox signs in, after a button on its page", async ({ page }, testInfo) => {
    const account = accountFor(testInfo.project.name);
    const since = Date.now();
    await page.goto("/login?redirectTo=%2Fcheckout");
    const form = page.locator("#login-link");
    await form.getByLabel("Email").fill(account.email);
    await form.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `If there is an account for ${account.email}` }),
    ).toBeVisible();

    const mail = await waitForMail(account.email, since);
    expect(mail.link).toBeTruthy();
    // Opening the link spends nothing: the page asks first.
    await page.goto(mail.link!);
    await expect(page.getByText(`Sign in as ${account.email}?`)).toBeVisible();
    await page.reload();
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/checkout");
    await expectSignedIn(page);

    // Single use: the same link again says so.
    await page.context().clearCookies();
    await page.goto(mail.link!);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toContainText(/used already|not valid/);
  });

  test("the 6-digit code from the mail signs in", async ({ page }, testInfo) => {
    const account = accountFor(testInfo.project.name);
    const since = Date.now();
    await page.goto("/login?redirectTo=%2Fcheckout");
    await page.locator("#login-link").getByLabel("Email").fill(account.email);
    await page.locator("#login-link").getByRole("button", { name: "Email me a sign-in link" }).click();
    const mail = await waitForMail(account.email, since);
    expect(mail.code).toMatch(/^\d{6}$/);

    const form = page.locator("#login-code");
    await expect(form.getByLabel("Email")).toHaveValue(account.email);
    await form.getByLabel("Code").fill(mail.code === "000000" ? "111111" : "000000");
    await form.getByRole("button", { name: "Sign in with the code" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "not valid" })).toBeVisible();
    await page.locator("#login-code").getByLabel("Code").fill(mail.code!);
    await page.locator("#login-code").getByRole("button", { name: "Sign in with the code" }).click();
    await expect(page).toHaveURL("/checkout");
    await expectSignedIn(page);
  });
});

test.describe("the authorisation-code flow", () => {
  test("signs in at the CMS's /authorize and comes back through /auth", async ({ page }) => {
    const { member } = demoAccounts();
    await page.goto("/login?redirectTo=%2Fcheckout");
    await page.getByRole("link", { name: "Sign in with your Dovetail account" }).click();
    await expect(page).toHaveURL(/\/authorize\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("scope")).toBe("all");
    expect(url.searchParams.get("state")).toBeTruthy();
    await page.getByLabel("E-mail").fill(member.email);
    await page.getByLabel("Password").fill(member.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/checkout");
    await expectSignedIn(page);
  });

  test("a tampered state says 'Bad state please try again' (400)", { tag: "@once" }, async ({ page }) => {
    const { member } = demoAccounts();
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/authorize\?/);
    const url = new URL(page.url());
    url.searchParams.set("state", "tampered-state");
    await page.goto(url.toString());
    await page.getByLabel("E-mail").fill(member.email);
    await page.getByLabel("Password").fill(member.password);
    const back = page.waitForResponse((r) => new URL(r.url()).pathname === "/auth" && r.request().method() === "GET");
    await page.getByRole("button", { name: "Sign in" }).click();
    expect((await back).status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText("Bad state please try again");
    await expect(page.getByRole("link", { name: "Back to sign in" })).toHaveAttribute("href", "/login");
    await expect(header(page).getByRole("link", { name: "Sign in" })).toBeVisible();
  });
});

test.describe("token login", () => {
  async function tokens(request: APIRequestContext) {
    const { member } = demoAccounts();
    const response = await request.post("/api/v1/cognito/user/login", {
      data: { username: member.email, password: member.password, fingerprint: "e2e-token-login-fp12" },
    });
    expect(response.status()).toBe(200);
    return (await response.json()) as { access_token: string; refresh_token: string };
  }

  test(
    "?a=&r= signs in and leaves the tokens out of the address",
    { tag: "@once" },
    async ({ page, request, baseURL }) => {
      const { access_token, refresh_token } = await tokens(request);
      const seen: string[] = [];
      page.on("framenavigated", (frame) => seen.push(frame.url()));
      const query = new URLSearchParams({ a: access_token, r: refresh_token, b: baseURL!, redirectTo: "/checkout" });
      await page.goto(`/login?${query}`);
      await expect(page).toHaveURL("/checkout");
      await expectSignedIn(page);
      // Only the first request had them: the page the browser shows and keeps in history does not.
      expect(seen.filter((u) => u.includes(access_token))).toEqual([]);
    },
  );

  test(
    "a `b` outside the allowlist is ignored; a forged token signs no one in",
    { tag: "@once" },
    async ({ page, request }) => {
      const { access_token, refresh_token } = await tokens(request);
      await page.goto(
        `/login?${new URLSearchParams({ a: access_token, r: refresh_token, b: "https://evil.example" })}`,
      );
      // Ignored: the tokens were checked with the site's own CMS, and the default is /profile.
      await expect(page).toHaveURL(/\/profile$/);
      await page.context().clearCookies();
      await page.goto(`/login?${new URLSearchParams({ a: `${access_token}x`, r: refresh_token })}`);
      await expect(page).toHaveURL("/login");
      await expect(page.getByText("That sign-in link did not work.")).toBeVisible();
    },
  );
});
