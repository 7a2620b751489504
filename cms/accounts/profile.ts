/**
 * Changing a profile (POST /updateProfile) and its picture (POST /uploadImage). Each field group
 * is allowed by its `profile_edit_*` setting; the mobile phone, the language and a new password
 * always are; the e-mail never is here. A field sent with the value already stored is not a
 * change, so a form may send every field it shows. A change the settings do not allow refuses the
 * whole update (403 FIELD_NOT_ALLOWED) and nothing is written.
 *
 * Date of birth: needs `profile_edit_date_of_birth`; an empty one may then be set once, and a set
 * one changed (or cleared) only when `change_date_of_birth` is on too (spec section 5).
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { z } from "zod";

import type { ProfileUpdate } from "../contract/accounts";
import type { ProfileEditSetting } from "../contract/accounts";
import type { Accepts } from "../contract/answer";
import { LANGUAGE_CODES } from "../contract/languages";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { storeImage } from "../media/store";
import { ApiError } from "./errors";
import { hashPassword } from "./passwords";
import { revokeOtherFamilies } from "./tokens";
import { type AccountSettings, accountSettings, normaliseEmail } from "./users";
import { isoDate, memberText, phoneField } from "./validation";

type UserRow = typeof users.$inferSelect;

/** Empty text is none (null) for the nullable fields. */
const orNull = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (v === "" ? null : v), schema.nullable());

const httpUrl = memberText(500).refine((v) => {
  try {
    return ["http:", "https:"].includes(new URL(v).protocol);
  } catch {
    return false;
  }
}, "must be an http(s) address");

/** The fields POST /updateProfile reads (others, like `id` or `is_admin`, are ignored). */
export const profileSchema = z.object({
  first_name: memberText(100).min(1, "is required").optional(),
  last_name: memberText(100).min(1, "is required").optional(),
  email: z.string().max(254).optional(),
  mobile_phone: phoneField.optional(),
  date_of_birth: orNull(isoDate).optional(),
  drivers_licence_number: memberText(30).optional(),
  drivers_licence_expiry: orNull(isoDate).optional(),
  drivers_licence_state_of_issue_id: orNull(z.coerce.number().int().min(1).max(2_147_483_647)).optional(),
  emergency_contact_name: memberText(100).optional(),
  emergency_contact_phone: phoneField.optional(),
  company_name: memberText(200).optional(),
  company_phone: phoneField.optional(),
  trading_name: memberText(200).optional(),
  abn: orNull(memberText(20).regex(/^[0-9 ]*$/, "must be digits")).optional(),
  website: orNull(httpUrl).optional(),
  facebook_link: orNull(httpUrl).optional(),
  club_additional_member: memberText(200).optional(),
  language: z.enum(LANGUAGE_CODES).optional(),
  newpassword: z.string().min(8, "must be at least 8 characters").max(200, "must be at most 200 characters").optional(),
});

export type ProfileInput = z.infer<typeof profileSchema>;

/** Each plain field: its column and the setting that allows it (null: always allowed). */
const FIELDS = {
  first_name: ["firstName", "profile_edit_name"],
  last_name: ["lastName", "profile_edit_name"],
  mobile_phone: ["mobilePhone", null],
  drivers_licence_number: ["driversLicenceNumber", "profile_edit_drivers_licence"],
  drivers_licence_expiry: ["driversLicenceExpiry", "profile_edit_drivers_licence"],
  drivers_licence_state_of_issue_id: ["driversLicenceStateOfIssueId", "profile_edit_drivers_licence"],
  emergency_contact_name: ["emergencyContactName", "profile_edit_emergency_contact"],
  emergency_contact_phone: ["emergencyContactPhone", "profile_edit_emergency_contact"],
  company_name: ["companyName", "profile_edit_company_name"],
  company_phone: ["companyPhone", "profile_edit_company_phone"],
  trading_name: ["tradingName", "profile_edit_trading_name"],
  abn: ["abn", "profile_edit_abn"],
  website: ["website", "profile_edit_website"],
  facebook_link: ["facebookLink", "profile_edit_facebook"],
  club_additional_member: ["clubAdditionalMember", "profile_edit_club_additional_member"],
  language: ["language", null],
} as const satisfies Record<string, readonly [keyof UserRow, ProfileEditSetting | null]>;

const NOT_ALLOWED = "may not be changed";

/** The changes an update makes, or the fields it may not change. */
export function planProfileUpdate(
  user: UserRow,
  input: ProfileInput,
  settings: AccountSettings,
): { changes: Partial<typeof users.$inferInsert>; refused: Record<string, string[]> } {
  const changes: Partial<typeof users.$inferInsert> = {};
  const refused: Record<string, string[]> = {};
  for (const [field, [column, flag]] of Object.entries(FIELDS) as [
    keyof typeof FIELDS,
    (typeof FIELDS)[keyof typeof FIELDS],
  ][]) {
    const value = input[field];
    if (value === undefined || value === user[column]) continue;
    if (flag && !settings[flag]) refused[field] = [NOT_ALLOWED];
    else (changes as Record<string, unknown>)[column] = value;
  }
  if (input.date_of_birth !== undefined && input.date_of_birth !== user.dateOfBirth) {
    const allowed = settings.profile_edit_date_of_birth && (user.dateOfBirth === null || settings.change_date_of_birth);
    if (allowed) changes.dateOfBirth = input.date_of_birth;
    else refused.date_of_birth = [NOT_ALLOWED];
  }
  if (input.email !== undefined && normaliseEmail(input.email) !== user.email) {
    refused.email = ["cannot be changed here"];
  }
  return { changes, refused };
}

/**
 * Applies a profile update for the member in one transaction. A new password signs the member's
 * other devices out (their refresh families are revoked) and keeps `keepFamilyId`.
 */
export async function updateProfile(
  db: Db,
  input: { userId: number; profile: ProfileInput; keepFamilyId: string | null; now: number },
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, input.userId)).for("update");
    if (!user) throw new ApiError(401, "Invalid token", { code: "TOKEN_INVALID" });
    const settings = await accountSettings(tx);
    const { changes, refused } = planProfileUpdate(user, input.profile, settings);
    if (Object.keys(refused).length > 0) {
      throw new ApiError(403, "Some fields may not be changed", { code: "FIELD_NOT_ALLOWED", errors: refused });
    }
    if (input.profile.newpassword !== undefined) {
      changes.passwordHash = await hashPassword(input.profile.newpassword);
      await revokeOtherFamilies(tx, user.id, input.keepFamilyId, input.now);
    }
    if (Object.keys(changes).length === 0) return user;
    const [updated] = await tx
      .update(users)
      .set({ ...changes, updatedAt: new Date(input.now) })
      .where(eq(users.id, user.id))
      .returning();
    return updated;
  });
}

/** The largest profile picture accepted (bytes). */
export const MAX_PROFILE_IMAGE_BYTES = 5 * 1024 * 1024;
/** The stored profile picture's side at most (pixels). */
const PROFILE_IMAGE_SIDE = 1024;

/**
 * A profile picture from uploaded bytes: decoded with sharp (anything else is 400
 * `errors.image`), turned upright, cropped square about its centre, at most 1024 pixels a side,
 * re-encoded as JPEG (which drops its metadata, the place it was taken included).
 */
export async function squareProfileImage(bytes: Uint8Array): Promise<Buffer> {
  try {
    const image = sharp(bytes, { limitInputPixels: 100_000_000 }).rotate();
    const meta = await sharp(bytes).metadata();
    const swapped = (meta.orientation ?? 1) >= 5;
    const width = (swapped ? meta.height : meta.width) ?? 0;
    const height = (swapped ? meta.width : meta.height) ?? 0;
    if (!width || !height) throw new Error("no size");
    const side = Math.min(width, height, PROFILE_IMAGE_SIDE);
    return await image
      .resize(side, side, { fit: "cover", position: "centre" })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 88, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new ApiError(400, "The image could not be read", {
      errors: { image: ["must be a JPEG, PNG, WebP or AVIF image"] },
    });
  }
}

/** Stores a member's new profile picture through the media area's image store and points the member at it. */
export async function setProfileImage(
  db: Db,
  input: { userId: number; bytes: Uint8Array; now: number },
): Promise<UserRow> {
  const square = await squareProfileImage(input.bytes);
  const stored = await storeImage(db, square, `user-${input.userId}.jpg`);
  const [updated] = await db
    .update(users)
    .set({ imageHash: stored.hash, updatedAt: new Date(input.now) })
    .where(eq(users.id, input.userId))
    .returning();
  if (!updated) throw new ApiError(401, "Invalid token", { code: "TOKEN_INVALID" });
  return updated;
}

/** What the site's profile form sends (the contract's ProfileUpdate) is what this reads. */
export type _SiteProfileBody = Accepts<typeof profileSchema, ProfileUpdate>;
