import { defineWidget } from "../../define-widget";
import { giftVoucherPurchaseFields } from "./fields.server";
import { GiftVoucherPurchaseView } from "./view";

export const giftVoucherPurchaseWidget = defineWidget({
  type: "core/gift_voucher_purchase",
  fields: giftVoucherPurchaseFields,
  View: GiftVoucherPurchaseView,
  // It renders in its own issue, as a form that posts to /vouchers without JavaScript.
  browser: false,
});
