import { z } from "zod";

import { imageSchema } from "./schemas";
import type { Transport } from "./transport.server";

/**
 * The member's own account and the calls that create or recover one (decision 040). Every answer
 * is parsed with a schema declared here; errors arrive as UpstreamError (status, code, `errors`
 * per field, `retryAfter`).
 */

const USER = "/api/v1/cognito/user";
const ADDRESS = "/api/v1/sell/address";

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? "");
const maybe = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

/** The User of spec section 3 as the CMS sends it (snake_case, never a password hash). */
export const userSchema = z.object({
  id: z.number(),
  email: z.string(),
  first_name: text,
  last_name: text,
  is_admin: z.boolean().default(false),
  mobile_phone: text,
  date_of_birth: maybe,
  current_address_id: z.number().nullish(),
  image: imageSchema.nullish().catch(null),
  thumbnail: z.string().nullish(),
  company_name: text,
  company_phone: text,
  trading_name: text,
  abn: maybe,
  website: maybe,
  facebook_link: maybe,
  drivers_licence_number: text,
  drivers_licence_expiry: maybe,
  drivers_licence_state_of_issue_id: z.number().nullish(),
  emergency_contact_name: text,
  emergency_contact_phone: text,
  club_additional_member: text,
  language: z.string().default("en"),
});
export type User = z.infer<typeof userSchema>;

/** An Address of spec section 3; disabled addresses are kept, not deleted. */
export const addressSchema = z.object({
  id: z.number(),
  display_name: text,
  first_name: text,
  last_name: text,
  email: text,
  phone: text,
  company: text,
  street_address: text,
  street_address_1: text,
  postcode: text,
  city: text,
  state: text,
  country: text,
  enabled: z.boolean().default(true),
});
export type Address = z.infer<typeof addressSchema>;

/** The 12 profile-edit flags (spec section 5), each off unless the site setting is true. */
export const PROFILE_EDIT_FLAGS = [
  "name",
  "date_of_birth",
  "drivers_licence",
  "emergency_contact",
  "company_name",
  "company_phone",
  "trading_name",
  "abn",
  "website",
  "facebook",
  "club_additional_member",
  "addresses",
] as const;
export type ProfileEditFlag = (typeof PROFILE_EDIT_FLAGS)[number];

const flag = z.boolean().nullish().catch(false).transform(Boolean);

export const accountSettingsSchema = z.object({
  ...(Object.fromEntries(PROFILE_EDIT_FLAGS.map((f) => [`profile_edit_${f}`, flag])) as Record<
    `profile_edit_${ProfileEditFlag}`,
    typeof flag
  >),
  change_date_of_birth: flag,
  ask_date_of_birth: flag,
  login_code_only: flag,
  club_additional_member_label: z
    .string()
    .nullish()
    .catch(null)
    .transform((v) => v?.trim() || "Partner Name"),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

const accountAnswerSchema = z.object({
  user: userSchema,
  addresses: z.array(addressSchema).default([]),
  credit_balance: z.coerce.number().default(0),
  settings: accountSettingsSchema,
});
export type Account = z.infer<typeof accountAnswerSchema>;

const userAnswerSchema = z.object({ user: userSchema });
const okSchema = z.object({ ok: z.literal(true) }).passthrough();
const addressListSchema = z.union([
  z.array(addressSchema),
  z.object({ data: z.array(addressSchema) }).transform((r) => r.data),
  z.object({ addresses: z.array(addressSchema) }).transform((r) => r.addresses),
]);
const addressAnswerSchema = z.union([
  z.object({ address: addressSchema }).transform((r) => r.address),
  z.object({ data: addressSchema }).transform((r) => r.data),
  addressSchema,
]);
const creditAnswerSchema = z.object({ balance: z.coerce.number(), supplier: z.coerce.number().nullish() });

/** The signed-in member's user, addresses, credit balance and profile settings. */
export function myAccount(t: Transport): Promise<Account> {
  return t.get(`${USER}/myAccount`, accountAnswerSchema);
}

/** The User fields the profile form may send; the CMS refuses those its flags forbid (403 FIELD_NOT_ALLOWED). */
export type ProfileUpdate = Partial<
  Omit<User, "id" | "email" | "is_admin" | "image" | "thumbnail" | "language" | "current_address_id">
> & { newpassword?: string };

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

export type NewAddress = Omit<Address, "id" | "enabled">;

export function createAddress(t: Transport, address: NewAddress): Promise<Address> {
  return t.post(`${ADDRESS}/create`, addressAnswerSchema, address);
}

/** Enables or disables one of the member's addresses (another member's id is a 404). */
export async function setAddressEnabled(t: Transport, id: number, enabled: boolean): Promise<void> {
  await t.post(`${ADDRESS}/${enabled ? "enable" : "disable"}`, z.unknown(), { id });
}

export interface SignUp {
  email: string;
  first_name: string;
  last_name: string;
  date_of_birth?: string;
  fingerprint: string;
  language?: string;
}

/** Sends the sign-up confirmation link; `{ ok: true }` whatever the email (no enumeration). */
export async function registerLink(t: Transport, body: SignUp): Promise<void> {
  await t.post(`${USER}/registerLink`, okSchema, body);
}

/** Sends a recovery code; `{ ok: true }` whether or not the email has an account. */
export async function recoverPassword(t: Transport, body: { email: string; language?: string }): Promise<void> {
  await t.post(`${USER}/recoverPassword`, okSchema, body);
}

/** Sets a new password with a recovery code (POST: a code or password in a query ends up in logs). */
export async function recoverPasswordCheck(
  t: Transport,
  body: { email: string; code: string; newpassword: string },
): Promise<void> {
  await t.post(`${USER}/recoverPasswordCheck`, okSchema, body);
}
