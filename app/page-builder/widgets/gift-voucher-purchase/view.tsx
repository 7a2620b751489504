/** core/gift_voucher_purchase: registered so its pages show no "unknown widget"; it renders in its own issue. */
export function GiftVoucherPurchaseView() {
  return null;
}
