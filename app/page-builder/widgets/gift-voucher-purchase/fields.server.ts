import type { z } from "zod";

import { widgetFields } from "../../fields";

/** Its fields are read when it renders (its own issue). */
export const giftVoucherPurchaseFields = widgetFields({});

export type GiftVoucherPurchaseFields = z.output<typeof giftVoucherPurchaseFields>;
