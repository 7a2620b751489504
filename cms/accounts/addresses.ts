/**
 * A member's addresses (spec section 3, Address; `/api/v1/sell/address`). Every call is checked
 * against the owner: another member's address is "not found". Disabled addresses are kept.
 */
import { and, asc, count, eq } from "drizzle-orm";
import { z } from "zod";

import type { NewAddress } from "../contract/accounts";
import { addressSchema as addressRecordSchema } from "../contract/accounts";
import type { Accepts } from "../contract/answer";
import { answer } from "../contract/answer";
import type { Db } from "../db/client";
import { addresses, users } from "../db/schema";
import { ApiError } from "./errors";
import { memberText, phoneField } from "./validation";

type AddressRow = typeof addresses.$inferSelect;

/** Addresses a member may keep at most. */
export const MAX_ADDRESSES = 50;

const required = (max: number) => memberText(max).min(1, "is required");

/** The fields of a new address: names, street, city, postcode and country are required. */
export const addressSchema = z.object({
  display_name: memberText(200).default(""),
  first_name: required(100),
  last_name: required(100),
  email: z.union([z.literal(""), z.string().trim().max(254).email("must be an e-mail address")]).default(""),
  phone: phoneField.default(""),
  company: memberText(200).default(""),
  street_address: required(200),
  street_address_1: memberText(200).default(""),
  postcode: required(20).regex(/^[A-Za-z0-9 -]+$/, "must be a postcode"),
  city: required(100),
  state: memberText(100).default(""),
  country: required(2)
    .regex(/^[A-Za-z]{2}$/, "must be a two-letter country code")
    .transform((v) => v.toUpperCase()),
});

export type AddressInput = z.infer<typeof addressSchema>;

export function addressJson(a: AddressRow) {
  return answer(addressRecordSchema, {
    id: a.id,
    display_name: a.displayName,
    first_name: a.firstName,
    last_name: a.lastName,
    email: a.email,
    phone: a.phone,
    company: a.company,
    street_address: a.streetAddress,
    street_address_1: a.streetAddress1,
    postcode: a.postcode,
    city: a.city,
    state: a.state,
    country: a.country,
    enabled: a.enabled,
  });
}

export type AddressJson = ReturnType<typeof addressJson>;

/** The member's addresses, enabled and disabled, oldest first. */
export async function listAddresses(db: Db, userId: number): Promise<AddressJson[]> {
  const rows = await db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id));
  return rows.map(addressJson);
}

/** Adds an address; the member's first becomes their current one. */
export async function createAddress(db: Db, userId: number, input: AddressInput): Promise<AddressJson> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw new ApiError(401, "Invalid token", { code: "TOKEN_INVALID" });
    const [{ n }] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
    if (n >= MAX_ADDRESSES) {
      throw new ApiError(400, "Too many addresses", { errors: { address: [`at most ${MAX_ADDRESSES}`] } });
    }
    const [row] = await tx
      .insert(addresses)
      .values({
        userId,
        displayName: input.display_name,
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        phone: input.phone,
        company: input.company,
        streetAddress: input.street_address,
        streetAddress1: input.street_address_1,
        postcode: input.postcode,
        city: input.city,
        state: input.state,
        country: input.country,
      })
      .returning();
    if (user.currentAddressId === null) {
      await tx.update(users).set({ currentAddressId: row.id }).where(eq(users.id, userId));
    }
    return addressJson(row);
  });
}

/**
 * Enables or disables one of the member's addresses (another member's, or none: 404). Disabling
 * the current address leaves the member with none current.
 */
export async function setAddressEnabled(db: Db, userId: number, id: number, enabled: boolean): Promise<AddressJson> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(addresses)
      .set({ enabled })
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning();
    if (!row) throw new ApiError(404, "Address not found");
    if (!enabled) {
      await tx
        .update(users)
        .set({ currentAddressId: null })
        .where(and(eq(users.id, userId), eq(users.currentAddressId, id)));
    }
    return addressJson(row);
  });
}

/** What the site sends to create an address (the contract's NewAddress) is what this reads. */
export type _SiteAddressBody = Accepts<typeof addressSchema, NewAddress>;
