import { expect, type Response, test } from "@playwright/test";

import { demoAccounts, sessionOf, signInBefore } from "./accounts";

// Tokens live only in the encrypted session cookie (decision 046): no page, data request or
// action reply a browser can read carries them. The cookie is read here with the server's secret.
test("no HTML or JSON response carries the access or refresh token", async ({ page, context }) => {
  const bodies: { url: string; body: string }[] = [];
  const pending: Promise<void>[] = [];
  page.on("response", (response: Response) => {
    const type = response.headers()["content-type"] ?? "";
    if (!/html|json|text|javascript|x-script/.test(type) || (response.status() >= 300 && response.status() < 400))
      return;
    pending.push(
      response
        .text()
        .then((body) => void bodies.push({ url: response.url(), body }))
        .catch(() => {}),
    );
  });

  await signInBefore(page, demoAccounts().member, "/checkout");
  await expect(page).toHaveURL("/checkout");
  const { accessToken, refreshToken } = await sessionOf(context);
  expect(accessToken).toBeTruthy();
  expect(refreshToken).toBeTruthy();

  // Pages, a client-side navigation's .data request (with JavaScript), a refused action's reply.
  for (const path of ["/", "/about", "/checkout", "/logout", "/login?redirectTo=%2Fabout", "/enter/"]) {
    await page.goto(path);
  }
  await page.goto("/about");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Catalogue", exact: true }).click();
  await expect(page).toHaveURL("/catalogue");
  await Promise.all(pending);
  // An action's reply (the data request a form with JavaScript makes): a refused code, posted with
  // the session's own form token.
  const refused = await context.request.post("/login.data", {
    form: { csrf: (await sessionOf(context)).csrf!, intent: "code", email: "nobody@example.com", code: "000000" },
    headers: { Origin: new URL(page.url()).origin },
  });
  const reply = await refused.text();
  expect(reply).toContain("That code is not valid.");
  bodies.push({ url: "POST /login.data", body: reply });

  expect(bodies.length).toBeGreaterThan(8);
  for (const { url, body } of bodies) {
    expect(body.includes(accessToken!), `the access token in ${url}`).toBe(false);
    expect(body.includes(refreshToken!), `the refresh token in ${url}`).toBe(false);
  }
});
