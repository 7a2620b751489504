/**
 * Accounts (decision 040): the sign-in answers (tokens, the member), the member's own account
 * (`GET user/myAccount`: the User, addresses, credit and the profile settings) and addresses.
 */
import { z } from "zod";

import { orEmpty } from "./lenient";
import { imageSchema } from "./media";

/** A token answer: `{ access_token, refresh_token, token_type, expires_in }`. */
export const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().optional(),
});
export type TokenAnswer = z.infer<typeof tokenAnswerSchema>;

/** The User of spec section 3 as the sign-in needs it; the profile reads the rest. */
export const accountUserSchema = z
  .object({
    id: z.union([z.number().int(), z.string().min(1)]),
    first_name: z.string().nullish(),
    last_name: z.string().nullish(),
    email: z.string(),
    is_admin: z.boolean().nullish(),
    language: z.string().nullish(),
  })
  .passthrough();
export type AccountUser = z.infer<typeof accountUserSchema>;

/** `GET user/authUser`: the member a token belongs to. */
export const authUserAnswerSchema = z.object({ user: accountUserSchema });

/** The answer of a call that only says it was done (whatever the e-mail, for the mailing calls). */
export const okAnswerSchema = z.object({ ok: z.literal(true) }).passthrough();

const maybe = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

/** The User of spec section 3 as the CMS sends it (snake_case, never a password hash). */
export const userSchema = z.object({
  id: z.number(),
  email: z.string(),
  first_name: orEmpty,
  last_name: orEmpty,
  is_admin: z.boolean().default(false),
  mobile_phone: orEmpty,
  date_of_birth: maybe,
  current_address_id: z.number().nullish(),
  image: imageSchema.nullish().catch(null),
  thumbnail: z.string().nullish(),
  company_name: orEmpty,
  company_phone: orEmpty,
  trading_name: orEmpty,
  abn: maybe,
  website: maybe,
  facebook_link: maybe,
  drivers_licence_number: orEmpty,
  drivers_licence_expiry: maybe,
  drivers_licence_state_of_issue_id: z.number().nullish(),
  emergency_contact_name: orEmpty,
  emergency_contact_phone: orEmpty,
  club_additional_member: orEmpty,
  language: z.string().default("en"),
});
export type User = z.infer<typeof userSchema>;

/** An Address of spec section 3; disabled addresses are kept, not deleted. */
export const addressSchema = z.object({
  id: z.number(),
  display_name: orEmpty,
  first_name: orEmpty,
  last_name: orEmpty,
  email: orEmpty,
  phone: orEmpty,
  company: orEmpty,
  street_address: orEmpty,
  street_address_1: orEmpty,
  postcode: orEmpty,
  city: orEmpty,
  state: orEmpty,
  country: orEmpty,
  enabled: z.boolean().default(true),
});
export type Address = z.infer<typeof addressSchema>;

/**
 * The 12 profile-edit flags (spec section 5): the site setting `profile_edit_{flag}` lets the
 * member change that field (group); each is off unless the setting is true.
 */
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
/** The settings' names, in the same order: `profile_edit_name`, … */
export const PROFILE_EDIT_SETTINGS = PROFILE_EDIT_FLAGS.map((f) => `profile_edit_${f}` as const);
export type ProfileEditSetting = (typeof PROFILE_EDIT_SETTINGS)[number];

const flag = z.boolean().nullish().catch(false).transform(Boolean);

export const accountSettingsSchema = z.object({
  ...(Object.fromEntries(PROFILE_EDIT_SETTINGS.map((s) => [s, flag])) as Record<ProfileEditSetting, typeof flag>),
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

/** `GET user/myAccount`: the signed-in member's user, addresses, credit balance and profile settings. */
export const accountAnswerSchema = z.object({
  user: userSchema,
  addresses: z.array(addressSchema).default([]),
  credit_balance: z.coerce.number().default(0),
  settings: accountSettingsSchema,
});
export type Account = z.infer<typeof accountAnswerSchema>;

/** `POST user/updateProfile` and `user/uploadImage`: the member as changed. */
export const userAnswerSchema = z.object({ user: userSchema });

/** `GET sell/address`: the member's addresses (a list, or one under `data` or `addresses`). */
export const addressListSchema = z.union([
  z.array(addressSchema),
  z.object({ data: z.array(addressSchema) }).transform((r) => r.data),
  z.object({ addresses: z.array(addressSchema) }).transform((r) => r.addresses),
]);
/** `POST sell/address/create`: the new address (bare, or under `address` or `data`). */
export const addressAnswerSchema = z.union([
  z.object({ address: addressSchema }).transform((r) => r.address),
  z.object({ data: addressSchema }).transform((r) => r.data),
  addressSchema,
]);
/** `GET user/creditBalance`: the member's credit with a supplier. */
export const creditAnswerSchema = z.object({ balance: z.coerce.number(), supplier: z.coerce.number().nullish() });

/** The User fields the profile form may send; the CMS refuses those its flags forbid (403 FIELD_NOT_ALLOWED). */
export type ProfileUpdate = Partial<
  Omit<User, "id" | "email" | "is_admin" | "image" | "thumbnail" | "language" | "current_address_id">
> & { newpassword?: string };

/** The body of `POST sell/address/create`. */
export type NewAddress = Omit<Address, "id" | "enabled">;

/** The body of `POST user/registerLink`. */
export type SignUp = {
  email: string;
  first_name: string;
  last_name: string;
  date_of_birth?: string;
  fingerprint: string;
  language?: string;
};
