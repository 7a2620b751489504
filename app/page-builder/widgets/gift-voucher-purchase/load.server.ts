import { cardSurcharge, type SurchargeRule } from "@contract/surcharges";
import type { VoucherTheme } from "@contract/vouchers";
import { getSettings } from "~/lib/api/site.server";
import { checkPayment, getVoucherThemes } from "~/lib/api/vouchers.server";

import type { WidgetLoadArgs } from "../../define-widget";
import type { GiftVoucherPurchaseFields } from "./fields.server";
import { type VoucherFlash, voucherFlashSchema } from "./schema";

export interface GiftVoucherData {
  themes: VoucherTheme[];
  /** "redeem" when the address asks for it (`?voucher=redeem`) or a redeem post was refused. */
  mode: "buy" | "redeem";
  /** The page's path, where the forms come back to. */
  page: string;
  csrf: string;
  /** Only on a payment's return (`?payum_token=`): whether it is paid. */
  payment: "paid" | "failed" | null;
  /** The voucher just paid for: its code (the printable voucher's address) and last day. */
  bought: { code: string; expiresAt: string | null } | null;
  /** A signed-in member's e-mail, filled in for them. */
  memberEmail: string | null;
  /** This widget's refused post, when there was one. */
  reply: VoucherFlash | null;
  /** The card surcharge a purchase adds (payment_surcharges); null: none. */
  surcharge: SurchargeRule | null;
}

/**
 * core/gift_voucher_purchase: the themes, the form token, the refused post's input and errors,
 * and, only when the address has `payum_token`, whether that payment is paid and the voucher's
 * code (checkPaid, which also fulfils it: the code goes out by mail too).
 */
export async function load({
  transport,
  widget,
  pagePath,
  address,
  takeFlash,
  csrfToken,
  visit,
}: WidgetLoadArgs<GiftVoucherPurchaseFields>): Promise<GiftVoucherData> {
  const token = address?.searchParams.get("payum_token") ?? "";
  const returnAddress = address ? `${address.origin}${address.pathname}` : "";
  const [themes, checked, settings] = await Promise.all([
    getVoucherThemes(transport),
    token && returnAddress ? checkPayment(transport, returnAddress, token) : Promise.resolve(null),
    getSettings(transport).catch(() => null),
  ]);
  const flashed = voucherFlashSchema.safeParse(takeFlash?.("voucher"));
  const reply = flashed.success && flashed.data.widget === widget.id ? flashed.data : null;
  const mode = reply?.intent ?? (address?.searchParams.get("voucher") === "redeem" ? "redeem" : "buy");
  return {
    themes,
    mode,
    page: pagePath ?? address?.pathname ?? "/",
    csrf: csrfToken?.() ?? "",
    payment: checked === null ? null : checked.paid ? "paid" : "failed",
    bought: checked?.paid && checked.code ? { code: checked.code, expiresAt: checked.expiresAt } : null,
    memberEmail: visit?.memberEmail ?? null,
    reply,
    surcharge: cardSurcharge(settings),
  };
}
