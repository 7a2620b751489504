/** Password sign-in, shared by POST /login and the OAuth2 sign-in form. */
import { eq } from "drizzle-orm";

import type { Db } from "../db/client";
import { users } from "../db/schema";
import { hashPassword, needsRehash, verifyPassword } from "./passwords";
import { findUserByEmail } from "./users";

type UserRow = typeof users.$inferSelect;

/**
 * The member whose e-mail and password these are, or null. An unknown e-mail costs the same as a
 * wrong password (a dummy hash is compared). A hash made with weaker parameters is renewed.
 */
export async function checkPassword(db: Db, email: string, password: string): Promise<UserRow | null> {
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(password, user?.passwordHash);
  if (!user || !ok) return null;
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, user.id));
  }
  return user;
}
