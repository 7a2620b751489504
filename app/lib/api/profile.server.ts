import { z } from "zod";

import {
  type Account,
  accountAnswerSchema,
  type Address,
  addressAnswerSchema,
  addressListSchema,
  creditAnswerSchema,
  type NewAddress,
  okAnswerSchema,
  type ProfileUpdate,
  type SignUp,
  type User,
  userAnswerSchema,
} from "@contract/accounts";

import type { Transport } from "./transport.server";

/**
 * The member's own account and the calls that create or recover one (decision 040). Every answer
 * is parsed with its schema of the API contract (`@contract/accounts`); errors arrive as UpstreamError (status, code, `errors`
 * per field, `retryAfter`).
 */

const USER = "/api/v1/cognito/user";
const ADDRESS = "/api/v1/sell/address";

/** The signed-in member's user, addresses, credit balance and profile settings. */
export function myAccount(t: Transport): Promise<Account> {
  return t.get(`${USER}/myAccount`, accountAnswerSchema);
}

export function updateProfile(t: Transport, fields: ProfileUpdate): Promise<User> {
  return t.post(`${USER}/updateProfile`, userAnswerSchema, fields).then((r) => r.user);
}

/** Uploads the member's picture (multipart `image`; the CMS re-encodes and square-crops it). */
export function uploadImage(t: Transport, image: File): Promise<User> {
  const form = new FormData();
  form.set("image", image, image.name || "image");
  return t.postForm(`${USER}/uploadImage`, userAnswerSchema, form).then((r) => r.user);
}

export function creditBalance(t: Transport, supplier?: number): Promise<number> {
  return t.get(`${USER}/creditBalance`, creditAnswerSchema, { supplier }).then((r) => r.balance);
}

export function listAddresses(t: Transport): Promise<Address[]> {
  return t.get(ADDRESS, addressListSchema);
}

export function createAddress(t: Transport, address: NewAddress): Promise<Address> {
  return t.post(`${ADDRESS}/create`, addressAnswerSchema, address);
}

/** Enables or disables one of the member's addresses (another member's id is a 404). */
export async function setAddressEnabled(t: Transport, id: number, enabled: boolean): Promise<void> {
  await t.post(`${ADDRESS}/${enabled ? "enable" : "disable"}`, z.unknown(), { id });
}

/** Sends the sign-up confirmation link; `{ ok: true }` whatever the email (no enumeration). */
export async function registerLink(t: Transport, body: SignUp): Promise<void> {
  await t.post(`${USER}/registerLink`, okAnswerSchema, body);
}

/** Sends a recovery code; `{ ok: true }` whether or not the email has an account. */
export async function recoverPassword(t: Transport, body: { email: string; language?: string }): Promise<void> {
  await t.post(`${USER}/recoverPassword`, okAnswerSchema, body);
}

/** Sets a new password with a recovery code (POST: a code or password in a query ends up in logs). */
export async function recoverPasswordCheck(
  t: Transport,
  body: { email: string; code: string; newpassword: string },
): Promise<void> {
  await t.post(`${USER}/recoverPasswordCheck`, okAnswerSchema, body);
}
