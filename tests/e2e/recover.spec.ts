import { expect, test } from "@playwright/test";

import { signInWithPassword, waitForMail } from "./accounts";
import { signUpAndConfirm, sitePath } from "./member";

test("a member resets the password with the mailed code, and the new password signs in", async ({
  page,
  context,
}, testInfo) => {
  const member = await signUpAndConfirm(page, testInfo, "recover");
  await context.clearCookies();

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Email address").fill(member.email);
  const since = Date.now();
  await page.getByRole("button", { name: "Send me a code" }).click();

  // Step 2 keeps the address; the code comes from the outbox.
  await expect(page.getByRole("status").filter({ hasText: "we've sent it a code" })).toBeVisible();
  await expect(page.getByLabel("Email address")).toHaveValue(member.email);
  const mail = await waitForMail(member.email, since);
  expect(mail.code).toMatch(/^\d{6}$/);
  await page.getByLabel("Code", { exact: true }).fill(mail.code!);
  const password = `New-${Date.now().toString(36)}-pass`;
  const newPassword = page.getByLabel("New password");
  await newPassword.fill(password);
  if (testInfo.project.name === "js") {
    // The show/hide toggle and the suggestion need JavaScript; without it the input is a plain one.
    await page.getByRole("button", { name: "Show" }).click();
    await expect(newPassword).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide" }).click();
    await expect(newPassword).toHaveAttribute("type", "password");
  } else {
    await expect(page.getByRole("button", { name: "Show" })).toHaveCount(0);
    await expect(newPassword).toHaveAttribute("type", "password");
  }
  await page.getByRole("button", { name: "Set new password" }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByRole("status").filter({ hasText: "Password changed, sign in with your new password." }),
  ).toBeVisible();
  await signInWithPassword(page, { role: "member", email: member.email, password });
  await expect(page).toHaveURL(/\/profile$/);

  // The code was single use: the mail's link, opened again, says so next to the code.
  await context.clearCookies();
  const link = mail.link
    ? sitePath(mail.link)
    : `/forgotpassword?${new URLSearchParams({ email: member.email, code: mail.code! })}`;
  await page.goto(link);
  await expect(page.getByLabel("Email address")).toHaveValue(member.email);
  await page.getByLabel("New password").fill("another-password-1");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText(/That code has already been used|That code is not right/)).toBeVisible();
});

test(
  "the suggested password is an enhancement: twelve letters and digits, shown",
  { tag: "@once" },
  async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "needs JavaScript");
    await page.goto("/forgotpassword?email=someone%40example.com&code=123456");
    await expect(page.getByLabel("Code", { exact: true })).toHaveValue("123456");
    await page.getByRole("button", { name: "Suggest a password" }).click();
    const input = page.getByLabel("New password");
    await expect(input).toHaveAttribute("type", "text");
    await expect(input).toHaveValue(/^[A-Za-z0-9]{12}$/);
  },
);
