import { z } from "zod";

import type { AccountSettings, ProfileEditFlag, User } from "@contract/accounts";
import { email, isoDate, newPassword, optionalText, personName, phone } from "~/lib/member-fields";

/** The largest picture the profile accepts (the CMS enforces the same). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * Which flag lets each posted field change (spec section 5). `null`: always editable (the mobile
 * phone, a new password); `"never"`: shown but never changed here (the sign-in email).
 */
export const FIELD_FLAGS = {
  first_name: "name",
  last_name: "name",
  date_of_birth: "date_of_birth",
  drivers_licence_number: "drivers_licence",
  drivers_licence_expiry: "drivers_licence",
  drivers_licence_state_of_issue_id: "drivers_licence",
  emergency_contact_name: "emergency_contact",
  emergency_contact_phone: "emergency_contact",
  company_name: "company_name",
  company_phone: "company_phone",
  trading_name: "trading_name",
  abn: "abn",
  website: "website",
  facebook_link: "facebook",
  club_additional_member: "club_additional_member",
  mobile_phone: null,
  newpassword: null,
  email: "never",
} as const satisfies Record<string, ProfileEditFlag | null | "never">;
export type ProfileField = keyof typeof FIELD_FLAGS;

/**
 * The fields this member may change now: those whose flag is on, the date of birth only when it is
 * empty or `change_date_of_birth` is on (and its flag), and always the mobile phone and password.
 */
export function editableFields(settings: AccountSettings, user: Pick<User, "date_of_birth">): Set<ProfileField> {
  const fields = new Set<ProfileField>();
  for (const [field, flag] of Object.entries(FIELD_FLAGS) as [ProfileField, ProfileEditFlag | null | "never"][]) {
    if (flag === "never") continue;
    if (flag !== null && !settings[`profile_edit_${flag}`]) continue;
    if (field === "date_of_birth" && user.date_of_birth && !settings.change_date_of_birth) continue;
    fields.add(field);
  }
  return fields;
}

/** The Australian states and territories, by the id the CMS keeps for a licence's state of issue. */
export const LICENCE_STATES = ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"] as const;

export const detailsSchema = z.object({
  intent: z.literal("details"),
  first_name: personName.optional(),
  last_name: personName.optional(),
  mobile_phone: phone,
  date_of_birth: isoDate.optional(),
  drivers_licence_number: optionalText(40),
  drivers_licence_expiry: isoDate.optional(),
  drivers_licence_state_of_issue_id: z.coerce
    .number()
    .int()
    .min(1)
    .max(LICENCE_STATES.length, "profile.errors.choose")
    .optional(),
  emergency_contact_name: optionalText(100),
  emergency_contact_phone: phone,
  company_name: optionalText(),
  company_phone: phone,
  trading_name: optionalText(),
  abn: z
    .string()
    .trim()
    .regex(/^[\d ]{9,14}$/, "profile.errors.abn")
    .optional(),
  website: z.string().trim().url("profile.errors.url").max(300, "profile.errors.tooLong").optional(),
  facebook_link: z.string().trim().url("profile.errors.url").max(300, "profile.errors.tooLong").optional(),
  club_additional_member: optionalText(100),
  newpassword: newPassword.optional(),
});

/** A picture from the form: its size and type are checked by the action (413, 400), the browser's `accept` only hints. */
const imageFile = z.custom<File>(
  (v) => typeof v === "object" && v !== null && "size" in v && "arrayBuffer" in v && (v as File).size > 0,
  "profile.errors.imageRequired",
);

export const addressFields = {
  display_name: optionalText(100),
  first_name: personName,
  last_name: personName,
  email: email.optional(),
  phone,
  company: optionalText(),
  street_address: z.string({ required_error: "profile.errors.required" }).trim().max(200, "profile.errors.tooLong"),
  street_address_1: optionalText(),
  city: z.string({ required_error: "profile.errors.required" }).trim().max(100, "profile.errors.tooLong"),
  state: z.string({ required_error: "profile.errors.required" }).trim().max(100, "profile.errors.tooLong"),
  postcode: z
    .string({ required_error: "profile.errors.required" })
    .trim()
    .regex(/^[A-Za-z0-9 -]{3,10}$/, "profile.errors.postcode"),
  country: z
    .string({ required_error: "profile.errors.required" })
    .trim()
    .regex(/^[A-Z]{2}$/, "profile.errors.country"),
};

export const addressAddSchema = z.object({ intent: z.literal("address-add"), ...addressFields });
export const imageSchema = z.object({ intent: z.literal("image"), image: imageFile });

/** The profile's operations, one form each, chosen by the posted `intent` (decision 025). */
export const profileSchema = z.discriminatedUnion("intent", [
  detailsSchema,
  imageSchema,
  addressAddSchema,
  z.object({ intent: z.literal("address-enable"), id: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("address-disable"), id: z.coerce.number().int().positive() }),
]);
export type ProfileSubmission = z.infer<typeof profileSchema>;
export type ProfileIntent = ProfileSubmission["intent"];
