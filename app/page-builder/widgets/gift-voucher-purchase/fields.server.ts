import type { z } from "zod";

import { flag, text, widgetFields } from "../../fields";

/** core/gift_voucher_purchase (spec sections 3 and 4): the amounts offered, and whether others may be typed. */
export const giftVoucherPurchaseFields = widgetFields({
  /** Pipe-separated amounts in dollars ("50|100|200|500"). */
  amounts: text(),
  /** A custom amount may be typed (default yes; its default is 0). */
  allow_custom_amounts: flag(true),
});

export type GiftVoucherPurchaseFields = z.output<typeof giftVoucherPurchaseFields>;
