import { base64Address, checkPaidAnswerSchema } from "@contract/payments";
import {
  type PayNowAnswer,
  payNowAnswerSchema,
  type PrintVoucher,
  type RedeemAnswer,
  redeemAnswerSchema,
  themesAnswerSchema,
  voucherAnswerSchema,
  type VoucherTheme,
} from "@contract/vouchers";

import { CacheNone, CacheShort } from "./cache-strategies";
import { noneOn404 } from "./fields";
import type { Transport } from "./transport.server";

/**
 * The gift voucher calls (decisions 051 and 058): the themes, buying (payNow → the gateway),
 * redeeming, the printable voucher, and checking a payment on the return. Errors arrive as
 * UpstreamError (a 400's `message` is the CMS's plain sentence, shown as it is).
 */

const VOUCHER = "/api/v1/cognito/giftVoucher";

export function getVoucherThemes(t: Transport): Promise<VoucherTheme[]> {
  return t
    .get(`${VOUCHER}/themes`, themesAnswerSchema, undefined, { cache: CacheShort })
    .then((r) => r.data)
    .catch(noneOn404<VoucherTheme[]>([]));
}

/** Buys a voucher: the answer's `payment` is the gateway address the browser goes to. */
export function payNow(
  t: Transport,
  body: { theme_id: number; amount: number; email: string; recipient_name?: string; message?: string; url: string },
): Promise<PayNowAnswer> {
  return t.post(`${VOUCHER}/payNow`, payNowAnswerSchema, body);
}

/** Redeems a code into the signed-in member's credit (a 400 for an unknown or used code). */
export function redeemVoucher(t: Transport, code: string): Promise<RedeemAnswer> {
  return t.post(`${VOUCHER}/redeem`, redeemAnswerSchema, { code });
}

/** An issued or redeemed voucher by its code; null when there is none. */
export function getVoucher(t: Transport, code: string): Promise<PrintVoucher | null> {
  return t
    .get(`${VOUCHER}/voucher/${encodeURIComponent(code)}`, voucherAnswerSchema, undefined, { cache: CacheNone })
    .then((r) => r.voucher)
    .catch(noneOn404<PrintVoucher | null>(null));
}

/** Whether the payment the gateway came back with is paid (checking also fulfils it once). */
export function checkPaid(t: Transport, returnAddress: string, payumToken: string): Promise<boolean> {
  return checkPayment(t, returnAddress, payumToken).then((r) => r.paid);
}

/** A payment on its return: paid or not, and then what its receipt shows (a voucher's code and last day). */
export function checkPayment(
  t: Transport,
  returnAddress: string,
  payumToken: string,
): Promise<{ paid: boolean; code: string | null; expiresAt: string | null }> {
  return t
    .get(
      "/api/v1/cognito/payment/checkPaid",
      checkPaidAnswerSchema,
      { url: base64Address(returnAddress), payum_token: payumToken },
      { cache: CacheNone },
    )
    .then((r) => ({ paid: r.success, code: r.receipt?.code ?? null, expiresAt: r.receipt?.expires_at ?? null }))
    .catch(() => ({ paid: false, code: null, expiresAt: null }));
}
