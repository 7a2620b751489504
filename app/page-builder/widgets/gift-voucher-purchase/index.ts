import { defineWidget } from "../../define-widget";
import { giftVoucherPurchaseFields } from "./fields.server";
import { load } from "./load.server";
import { GiftVoucherPurchaseView } from "./view";

export const giftVoucherPurchaseWidget = defineWidget({
  type: "core/gift_voucher_purchase",
  fields: giftVoucherPurchaseFields,
  View: GiftVoucherPurchaseView,
  load,
  // Plain forms posting to /vouchers: whole without JavaScript. With it, Pay hides while the amount is 0.
  browser: false,
  enhance: (_fields, data) => (data && data.mode === "buy" ? ["voucher-amount"] : []),
});
