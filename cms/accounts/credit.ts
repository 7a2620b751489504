/**
 * The credit ledger: a member's balance with a supplier is the sum of their entries, kept in
 * cents and answered in dollars (a number with 2 decimals).
 */
import { and, eq, sql } from "drizzle-orm";

import { centsToDollars } from "../contract/formats";
import type { Db } from "../db/client";
import { creditEntries } from "../db/schema";

/** Adds an entry (negative to spend); returns its id. */
export async function addCredit(
  db: Db,
  entry: { userId: number; supplierId: number; amountCents: number; reason: string },
): Promise<number> {
  if (!Number.isSafeInteger(entry.amountCents)) throw new Error("amountCents must be a whole number of cents");
  const [row] = await db
    .insert(creditEntries)
    .values({
      userId: entry.userId,
      supplierId: entry.supplierId,
      amountCents: entry.amountCents,
      reason: entry.reason,
    })
    .returning({ id: creditEntries.id });
  return row.id;
}

/** The member's balance with a supplier, in cents. */
export async function creditBalanceCents(db: Db, userId: number, supplierId: number): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string | null>`sum(${creditEntries.amountCents})` })
    .from(creditEntries)
    .where(and(eq(creditEntries.userId, userId), eq(creditEntries.supplierId, supplierId)));
  return Number(row?.cents ?? 0);
}

/** The member's balance with a supplier, in dollars with 2 decimals (a number). */
export async function creditBalance(db: Db, userId: number, supplierId: number): Promise<number> {
  return centsToDollars(await creditBalanceCents(db, userId, supplierId));
}
