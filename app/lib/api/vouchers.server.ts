import { z } from "zod";

import { CacheNone, CacheShort } from "./cache-strategies";
import { noneOn404, tolerantList } from "./fields";
import { imageSchema } from "./schemas";
import type { Transport } from "./transport.server";

/**
 * The gift voucher calls (decisions 051 and 058): the themes, buying (payNow → the gateway),
 * redeeming, the printable voucher, and checking a payment on the return. Errors arrive as
 * UpstreamError (a 400's `message` is the CMS's plain sentence, shown as it is).
 */

const VOUCHER = "/api/v1/cognito/giftVoucher";

export const voucherThemeSchema = z.object({
  id: z.number(),
  name: z.string().default(""),
  image: imageSchema.nullish().catch(null),
});
export type VoucherTheme = z.infer<typeof voucherThemeSchema>;

const themesAnswer = z.object({ data: tolerantList(voucherThemeSchema) });

export function getVoucherThemes(t: Transport): Promise<VoucherTheme[]> {
  return t
    .get(`${VOUCHER}/themes`, themesAnswer, undefined, { cache: CacheShort })
    .then((r) => r.data)
    .catch(noneOn404<VoucherTheme[]>([]));
}

const payNowAnswer = z.object({
  success: z.boolean(),
  message: z.string().default(""),
  payment: z.string().default(""),
});

/** Buys a voucher: the answer's `payment` is the gateway address the browser goes to. */
export function payNow(
  t: Transport,
  body: { theme_id: number; amount: number; email: string; url: string },
): Promise<z.infer<typeof payNowAnswer>> {
  return t.post(`${VOUCHER}/payNow`, payNowAnswer, body);
}

const redeemAnswer = z.object({ success: z.boolean(), message: z.string().default(""), amount: z.number().optional() });

/** Redeems a code into the signed-in member's credit (a 400 for an unknown or used code). */
export function redeemVoucher(t: Transport, code: string): Promise<z.infer<typeof redeemAnswer>> {
  return t.post(`${VOUCHER}/redeem`, redeemAnswer, { code });
}

export const printVoucherSchema = z.object({
  code: z.string(),
  amount: z.number(),
  status: z.string(),
  theme: z.object({ name: z.string().default(""), image: imageSchema.nullish().catch(null) }).nullish(),
});
export type PrintVoucher = z.infer<typeof printVoucherSchema>;

const voucherAnswer = z.object({ voucher: printVoucherSchema });

/** An issued or redeemed voucher by its code; null when there is none. */
export function getVoucher(t: Transport, code: string): Promise<PrintVoucher | null> {
  return t
    .get(`${VOUCHER}/voucher/${encodeURIComponent(code)}`, voucherAnswer, undefined, { cache: CacheNone })
    .then((r) => r.voucher)
    .catch(noneOn404<PrintVoucher | null>(null));
}

const checkPaidAnswer = z.object({ success: z.boolean().catch(false) });

/** Base64 (standard, UTF-8) of an address, as payNow and checkPaid take the return address. */
export function base64Url(address: string): string {
  return Buffer.from(address, "utf8").toString("base64");
}

/** Whether the payment the gateway came back with is paid (checking also fulfils it once). */
export function checkPaid(t: Transport, returnAddress: string, payumToken: string): Promise<boolean> {
  return t
    .get(
      "/api/v1/cognito/payment/checkPaid",
      checkPaidAnswer,
      { url: base64Url(returnAddress), payum_token: payumToken },
      { cache: CacheNone },
    )
    .then((r) => r.success)
    .catch(() => false);
}
