/** Gift voucher codes: 12 characters of an alphabet without look-alikes (no I, L, O, 0 or 1). */
import { randomInt } from "node:crypto";

export const VOUCHER_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const VOUCHER_CODE_LENGTH = 12;

/** A new random code (crypto randomInt, so every character is uniform). */
export function newVoucherCode(): string {
  let code = "";
  for (let i = 0; i < VOUCHER_CODE_LENGTH; i++) code += VOUCHER_CODE_ALPHABET[randomInt(VOUCHER_CODE_ALPHABET.length)];
  return code;
}

/** A code as a person types it: upper case, spaces and dashes dropped. */
export function normaliseVoucherCode(value: string): string {
  return value.toUpperCase().replace(/[\s-]+/g, "");
}

/** Whether `value` (normalised) could be a code at all. */
export function looksLikeVoucherCode(value: string): boolean {
  return value.length === VOUCHER_CODE_LENGTH && [...value].every((ch) => VOUCHER_CODE_ALPHABET.includes(ch));
}
