/**
 * The gift voucher widget's forms (decisions 025 and 058): one schema for buying, one for
 * redeeming, a union on `intent` that `routes/vouchers.tsx` parses. Messages are translation keys
 * (`voucher.errors.*`); the CMS's own messages are shown as they are.
 */
import { z } from "zod";

import { formatMoney } from "@contract/formats";

/** The most a voucher may be, in dollars (the CMS bounds it too). */
export const MAX_VOUCHER_DOLLARS = 5000;

/** The widget's amounts ("50|100|200"): positive numbers with at most 2 decimals, in order, no repeats. */
export function parseAmounts(list: string): number[] {
  const out: number[] = [];
  for (const part of list.split("|")) {
    const n = Number(part.trim());
    if (part.trim() && Number.isFinite(n) && n > 0 && n <= MAX_VOUCHER_DOLLARS && !out.includes(n)) {
      out.push(Math.round(n * 100) / 100);
    }
  }
  return out;
}

/** Dollars as every screen shows them ("$1,000.00", the contract's money format). */
export const formatDollars = formatMoney;

/** A dollar amount typed: digits with at most 2 decimals (a leading $ and spaces allowed). */
export function parseDollars(value: string | undefined): number | null {
  const v = (value ?? "").trim().replace(/^\$/, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(v)) return null;
  return Number(v);
}

/** Where the widget is: the page's path, and the widget's id on it. */
const where = {
  page: z.string().max(2000).default("/"),
  widget: z.string().max(200).default(""),
};

export const buySchema = z.object({
  intent: z.literal("buy"),
  ...where,
  theme_id: z.coerce
    .number({ invalid_type_error: "voucher.errors.theme", required_error: "voucher.errors.theme" })
    .int("voucher.errors.theme")
    .positive("voucher.errors.theme"),
  /** A preset amount ("50"), or "custom" for the typed one. */
  amount: z.string({ required_error: "voucher.errors.amount" }).max(20),
  custom_amount: z.string().max(20).optional(),
  email: z.string({ required_error: "voucher.errors.email" }).trim().max(254).email("voucher.errors.email"),
  recipient_name: z.string().trim().max(100, "voucher.errors.message").optional(),
  message: z.string().trim().max(500, "voucher.errors.message").optional(),
});

export const redeemSchema = z.object({
  intent: z.literal("redeem"),
  ...where,
  code: z
    .string({ required_error: "voucher.errors.code" })
    .trim()
    .min(1, "voucher.errors.code")
    .max(100, "voucher.errors.code"),
});

export const voucherSchema = z.discriminatedUnion("intent", [buySchema, redeemSchema]);

/** The amount a buy names, in dollars: the preset, or the custom one; null when none is valid. */
export function chosenAmount(input: { amount: string; custom_amount?: string }): number | null {
  return input.amount === "custom" ? parseDollars(input.custom_amount) : parseDollars(input.amount);
}

/** What a refused post leaves for the widget (the session's flash): the input and the errors. */
export const voucherFlashSchema = z.object({
  intent: z.enum(["buy", "redeem"]),
  widget: z.string().default(""),
  values: z.record(z.string()).default({}),
  errors: z.record(z.array(z.string())).default({}),
});
export type VoucherFlash = z.infer<typeof voucherFlashSchema>;
