import { expect, test } from "@playwright/test";

import { sessionOf } from "./accounts";
import { confirmFromOutbox, newMember, submitSignUp } from "./member";
import { hasRuntime, waitUntilReady } from "./support";

test("a new visitor signs up, confirms from the outbox and is signed in", async ({ page, context }, testInfo) => {
  const member = newMember(testInfo, "signup");
  const since = Date.now();
  await submitSignUp(page, member);
  // The same answer whatever the address: no account exists yet, and nothing says so.
  await expect(page.getByRole("status").filter({ hasText: "we sent you a link to confirm" })).toBeVisible();
  expect((await sessionOf(context)).accessToken).toBeUndefined();

  await confirmFromOutbox(page, member.email, since);
  expect((await sessionOf(context)).accessToken).toBeTruthy();
  await expect(page.getByText(member.email)).toBeVisible();
  await expect(page.getByRole("textbox", { name: "First name" })).toHaveValue(member.firstName);
});

test("the sign-up form keeps what was typed and shows the errors by their fields", async ({ page }, testInfo) => {
  await page.goto("/signup");
  // The member forms ship the runtime (conform checks fields as they are left); they work without it.
  expect(await hasRuntime(page)).toBe(testInfo.project.name === "js");
  await waitUntilReady(page);
  await page.getByLabel("First name").fill("Sam");
  await page.getByLabel("Email address").fill("not-an-email");
  // Leaving the field checks it with JavaScript, and its message moves the button: leave it first.
  await page.getByLabel("Email address").blur();
  // Without JavaScript the browser's own checks would stop an empty required field; the form
  // leaves those to the server, so the post goes through and comes back with the errors.
  await page.getByRole("button", { name: "Send me the link" }).click();
  await expect(page.getByText("Enter a valid email address.")).toBeVisible();
  await expect(page.getByText("This field is required.")).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Sam");
  await expect(page.getByLabel("Email address")).toHaveValue("not-an-email");
});
