import type { Page, TestInfo } from "@playwright/test";
import { expect } from "@playwright/test";

import { waitForMail } from "./accounts";
import { waitUntilReady } from "./support";

/** A same-site path from a mail's absolute link, so the journey stays on the server under test. */
export function sitePath(link: string) {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

export interface NewMember {
  email: string;
  firstName: string;
  lastName: string;
}

/** A new address for each journey and project, so parallel runs never share an account. */
export function newMember(testInfo: TestInfo, label: string): NewMember {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    email: `${label}-${testInfo.project.name}-${unique}@example.com`,
    firstName: "Sam",
    lastName: `Taylor ${testInfo.project.name}`,
  };
}

/** Fills and sends /signup; the page then says to check the email. */
export async function submitSignUp(page: Page, member: NewMember) {
  await page.goto("/signup");
  await page.getByLabel("First name").fill(member.firstName);
  await page.getByLabel("Last name").fill(member.lastName);
  await page.getByLabel("Email address").fill(member.email);
  await page.getByRole("button", { name: "Send me the link" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
}

/** Opens the confirmation link from the outbox and confirms with its button: the member is signed in on /profile. */
export async function confirmFromOutbox(page: Page, email: string, since: number) {
  const mail = await waitForMail(email, since);
  expect(mail.link, "the confirmation mail has a link").toBeTruthy();
  await page.goto(sitePath(mail.link!));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your profile" })).toBeVisible();
  // The sign-in may end as a new document or as the runtime's navigation: the journey goes on
  // once the profile's script has run, not while the runtime may still render the page anew.
  await waitUntilReady(page);
}

/** A new member, signed up, confirmed and signed in (on /profile). */
export async function signUpAndConfirm(page: Page, testInfo: TestInfo, label: string) {
  const member = newMember(testInfo, label);
  const since = Date.now();
  await submitSignUp(page, member);
  await confirmFromOutbox(page, member.email, since);
  return member;
}
