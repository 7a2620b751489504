/**
 * Members as the API answers them (decision 040): the `user` object (spec section 3, User, in
 * snake_case, with `image`, `thumbnail`, `language` and `club_additional_member`; never the
 * password hash), the account settings the site shows the profile with, and finding a member by
 * e-mail.
 */
import { eq } from "drizzle-orm";

import { PROFILE_EDIT_SETTINGS, type ProfileEditSetting, userSchema } from "../contract/accounts";
import { answer } from "../contract/answer";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { type ImageRecord, imageRecord, type ImageRecordOptions, imageUrl } from "../media/records";
import { loadImageRows } from "../media/service";
import { getCurrentDomain } from "../site/service";

type UserRow = typeof users.$inferSelect;

export type AccountSettings = Record<ProfileEditSetting, boolean> & {
  change_date_of_birth: boolean;
  ask_date_of_birth: boolean;
  login_code_only: boolean;
  club_additional_member_label: string;
  /** The supplier credit is held with by default. */
  payment_to_user_id: number;
};

/** The account settings of the site (the first domain): a flag is on only when the setting is `true`. */
export async function accountSettings(db: Db): Promise<AccountSettings> {
  const domain = ((await getCurrentDomain(db)) ?? {}) as Record<string, unknown>;
  const on = (name: string) => domain[name] === true;
  const supplier = Number(domain.payment_to_user_id);
  return {
    ...(Object.fromEntries(PROFILE_EDIT_SETTINGS.map((f) => [f, on(f)])) as Record<ProfileEditSetting, boolean>),
    change_date_of_birth: on("change_date_of_birth"),
    ask_date_of_birth: on("ask_date_of_birth"),
    login_code_only: on("login_code_only"),
    club_additional_member_label:
      typeof domain.club_additional_member_label === "string" ? domain.club_additional_member_label : "",
    payment_to_user_id: Number.isSafeInteger(supplier) && supplier > 0 ? supplier : 1,
  };
}

/** The `user` object's image: square by default, as a profile picture shows. */
export const DEFAULT_USER_IMAGE: ImageRecordOptions = { aspect: "1x1", width: 400 };
/** The thumbnail's variant: square, 100 pixels. */
const THUMBNAIL_WIDTH = 100;

// A type, not an interface: the contract's passthrough schemas read it as an open record.
export type UserJson = {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  is_admin: boolean;
  mobile_phone: string;
  date_of_birth: string | null;
  current_address_id: number | null;
  image: ImageRecord | null;
  thumbnail: string | null;
  company_name: string;
  company_phone: string;
  trading_name: string;
  abn: string | null;
  website: string | null;
  facebook_link: string | null;
  drivers_licence_number: string;
  drivers_licence_expiry: string | null;
  drivers_licence_state_of_issue_id: number | null;
  emergency_contact_name: string;
  emergency_contact_phone: string;
  club_additional_member: string;
  language: string;
};

/** The API's `user` object of a member (the image record at `image`'s aspect and width). */
export async function userJson(
  db: Db,
  user: UserRow,
  image: ImageRecordOptions = DEFAULT_USER_IMAGE,
): Promise<UserJson> {
  const row = user.imageHash ? (await loadImageRows(db, [user.imageHash])).get(user.imageHash) : undefined;
  return answer(userSchema, {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    is_admin: user.isAdmin,
    mobile_phone: user.mobilePhone,
    date_of_birth: user.dateOfBirth,
    current_address_id: user.currentAddressId,
    image: row ? imageRecord(row, { ...DEFAULT_USER_IMAGE, ...withoutNullish(image) }) : null,
    thumbnail: row ? imageUrl(row.hash, "1x1", THUMBNAIL_WIDTH, "jpg") : null,
    company_name: user.companyName,
    company_phone: user.companyPhone,
    trading_name: user.tradingName,
    abn: user.abn,
    website: user.website,
    facebook_link: user.facebookLink,
    drivers_licence_number: user.driversLicenceNumber,
    drivers_licence_expiry: user.driversLicenceExpiry,
    drivers_licence_state_of_issue_id: user.driversLicenceStateOfIssueId,
    emergency_contact_name: user.emergencyContactName,
    emergency_contact_phone: user.emergencyContactPhone,
    club_additional_member: user.clubAdditionalMember,
    language: user.language,
  });
}

function withoutNullish<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>;
}

/** E-mail addresses are compared and stored lower-cased and trimmed. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The member with this e-mail, or null. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)));
  return user ?? null;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ?? null;
}
