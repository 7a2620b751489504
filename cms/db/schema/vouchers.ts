/** The vouchers area's tables: for now the gift voucher themes (the picture a buyer chooses). */
import { relations } from "drizzle-orm";
import { integer, pgTable, serial, text } from "drizzle-orm/pg-core";

import { images } from "./media";

/** Gift voucher themes: the picture a buyer chooses for the voucher. */
export const voucherThemes = pgTable("voucher_themes", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  imageHash: text("image_hash").references(() => images.hash),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const voucherThemesRelations = relations(voucherThemes, ({ one }) => ({
  image: one(images, { fields: [voucherThemes.imageHash], references: [images.hash] }),
}));
