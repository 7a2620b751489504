/** The vouchers area's service; for now the gift voucher themes a buyer chooses from. */
import { asc } from "drizzle-orm";

import type { Db } from "../db/client";
import { voucherThemes } from "../db/schema";
import { loadImageRows, recordOf } from "../media/service";

/** The first `limit` voucher themes in order, each with its image's row (for records at any aspect and width). */
export async function listVoucherThemes(db: Db, limit: number) {
  const rows = await db
    .select()
    .from(voucherThemes)
    .orderBy(asc(voucherThemes.sortOrder), asc(voucherThemes.id))
    .limit(limit);
  const images = await loadImageRows(
    db,
    rows.map((r) => r.imageHash),
  );
  return rows.map((r) => ({ id: r.id, name: r.name, imageRow: recordOf(images, r.imageHash) }));
}
