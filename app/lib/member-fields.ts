import { z } from "zod";

/**
 * Field schemas shared by the member forms (sign-up, recovery, profile, addresses). Messages are
 * translation keys: the form translates them, in the browser and after a post without JavaScript.
 */

export const required = { required_error: "profile.errors.required" };

export const email = z.string(required).trim().max(254, "profile.errors.tooLong").email("profile.errors.email");

export const personName = z
  .string(required)
  .trim()
  .min(1, "profile.errors.required")
  .max(100, "profile.errors.tooLong");

/** An ISO date (what `<input type="date">` sends). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "profile.errors.date")
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "profile.errors.date");

function isPlausibleBirthDate(v: string) {
  const year = Number(v.slice(0, 4));
  return year >= 1900 && Date.parse(`${v}T00:00:00Z`) < Date.now();
}

export const dateOfBirthRequired = z
  .string(required)
  .pipe(isoDate)
  .refine(isPlausibleBirthDate, "profile.errors.dateOfBirth");

/** Optional text: what was typed, trimmed and bounded. */
export const optionalText = (max = 200) => z.string().trim().max(max, "profile.errors.tooLong").optional();

export const phone = z
  .string()
  .trim()
  .max(30, "profile.errors.tooLong")
  .regex(/^[+\d][\d\s()-]*$/, "profile.errors.phone")
  .optional();

/** At least 8 characters (the spec suggests 8-character passwords), at most 128. */
export const newPassword = z.string(required).min(8, "profile.errors.passwordShort").max(128, "profile.errors.tooLong");

/** A mailed code: 6 digits, or the long code of a link (32 random bytes, base64url). */
export const code = z
  .string(required)
  .trim()
  .regex(/^(?:\d{6}|[A-Za-z0-9_-]{20,100})$/, "recover.errors.codeFormat");
