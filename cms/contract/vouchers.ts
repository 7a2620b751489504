/**
 * Gift vouchers (decisions 051 and 058), prefix `giftVoucher`: the themes, buying (payNow → the
 * gateway), redeeming into the member's credit, and the printable voucher.
 */
import { z } from "zod";

import { tolerantList } from "./lenient";
import { imageSchema } from "./media";

export const voucherThemeSchema = z.object({
  id: z.number(),
  name: z.string().default(""),
  image: imageSchema.nullish().catch(null),
});
export type VoucherTheme = z.infer<typeof voucherThemeSchema>;

/** `GET giftVoucher/themes`. */
export const themesAnswerSchema = z.object({ data: tolerantList(voucherThemeSchema) });

/** `POST giftVoucher/payNow`: `payment` is the gateway address the browser goes to. */
export const payNowAnswerSchema = z.object({
  success: z.boolean(),
  message: z.string().default(""),
  payment: z.string().default(""),
});
export type PayNowAnswer = z.infer<typeof payNowAnswerSchema>;

/** `POST giftVoucher/redeem`: the amount added to the member's credit. */
export const redeemAnswerSchema = z.object({
  success: z.boolean(),
  message: z.string().default(""),
  amount: z.number().optional(),
});
export type RedeemAnswer = z.infer<typeof redeemAnswerSchema>;

export const printVoucherSchema = z.object({
  code: z.string(),
  amount: z.number(),
  status: z.string(),
  /** ISO moment of its last day's end; null for a voucher issued before expiry dates. */
  expires_at: z.coerce.string().nullish(),
  /** Issued, unredeemed and past its expiry. */
  expired: z.boolean().default(false),
  recipient_name: z.string().default(""),
  message: z.string().default(""),
  theme: z.object({ name: z.string().default(""), image: imageSchema.nullish().catch(null) }).nullish(),
});
export type PrintVoucher = z.infer<typeof printVoucherSchema>;

/** `GET giftVoucher/voucher/{code}`: an issued or redeemed voucher, for printing. */
export const voucherAnswerSchema = z.object({ voucher: printVoucherSchema });
