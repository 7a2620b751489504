/** Helpers of the accounts tests: members made straight in the database, a fake clock. */
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { hashPassword } from "./passwords";

export async function addUser(
  db: Db,
  values: Partial<typeof users.$inferInsert> & { email: string; password?: string },
): Promise<typeof users.$inferSelect> {
  const { password, ...rest } = values;
  const [user] = await db
    .insert(users)
    .values({ ...rest, email: rest.email.toLowerCase(), passwordHash: password ? await hashPassword(password) : null })
    .returning();
  return user;
}

/** A clock tests move by hand. */
export function fakeClock(start = Date.UTC(2026, 10, 25, 9, 0, 0)) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
    set(ms: number) {
      now = ms;
    },
  };
}
