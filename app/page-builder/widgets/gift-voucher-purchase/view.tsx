import type { WidgetViewProps } from "../../define-widget";
import type { GiftVoucherPurchaseFields } from "./fields";

type Props = WidgetViewProps<GiftVoucherPurchaseFields>;

/** core/gift_voucher_purchase: registered so its pages show no "unknown widget"; it renders in its own issue. */
export function GiftVoucherPurchaseView(_props: Props) {
  return null;
}
