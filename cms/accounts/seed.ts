/**
 * The demo accounts: when there are no users, an admin and a member (Sam Taylor, with a mobile
 * number, an address in Queensland and $50.00 of credit), each with a password of 16 random
 * characters made now. No password is ever written into the repository.
 */
import { randomInt } from "node:crypto";

import { count, eq, sql } from "drizzle-orm";

import type { Db } from "../db/client";
import { addresses, users } from "../db/schema";
import type { DemoCredential } from "./credentials";
import { addCredit } from "./credit";
import { hashPassword } from "./passwords";
import { accountSettings } from "./users";

export const DEMO_ADMIN_EMAIL = "admin@dovetail.example.com";
export const DEMO_MEMBER_EMAIL = "member@dovetail.example.com";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** A random password of `length` letters and digits (easily confused ones left out). */
export function randomPassword(length = 16): string {
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/**
 * Seeds the demo accounts when `users` is empty and answers their credentials; null when there
 * were users. One transaction under an advisory lock, so instances starting together seed once.
 */
export async function seedAccountsIfNone(db: Db): Promise<DemoCredential[] | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    const [{ n }] = await tx.select({ n: count() }).from(users);
    if (n > 0) return null;
    const credentials: DemoCredential[] = [
      { role: "admin", email: DEMO_ADMIN_EMAIL, password: randomPassword() },
      { role: "member", email: DEMO_MEMBER_EMAIL, password: randomPassword() },
    ];
    const [adminHash, memberHash] = await Promise.all(credentials.map((c) => hashPassword(c.password)));
    const now = new Date();
    await tx.insert(users).values({
      email: DEMO_ADMIN_EMAIL,
      passwordHash: adminHash,
      firstName: "Alex",
      lastName: "Admin",
      isAdmin: true,
      emailVerifiedAt: now,
    });
    const [member] = await tx
      .insert(users)
      .values({
        email: DEMO_MEMBER_EMAIL,
        passwordHash: memberHash,
        firstName: "Sam",
        lastName: "Taylor",
        mobilePhone: "0412 345 678",
        emailVerifiedAt: now,
      })
      .returning();
    const [address] = await tx
      .insert(addresses)
      .values({
        userId: member.id,
        displayName: "Home",
        firstName: "Sam",
        lastName: "Taylor",
        email: DEMO_MEMBER_EMAIL,
        phone: "0412 345 678",
        streetAddress: "27 Jacaranda Street",
        city: "Nambour",
        state: "QLD",
        postcode: "4560",
        country: "AU",
      })
      .returning();
    await tx.update(users).set({ currentAddressId: address.id }).where(eq(users.id, member.id));
    const supplierId = (await accountSettings(tx)).payment_to_user_id;
    await addCredit(tx, { userId: member.id, supplierId, amountCents: 3000, reason: "Gift voucher" });
    await addCredit(tx, { userId: member.id, supplierId, amountCents: 2000, reason: "Welcome credit" });
    return credentials;
  });
}
