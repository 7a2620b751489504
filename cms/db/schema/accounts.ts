/**
 * The accounts area's tables (spec section 3, User and Address): members and admins, their
 * refresh-token families, single-use codes, OAuth2 clients and codes, addresses, the credit
 * ledger and the database-backed rate limits. Secrets are stored only as SHA-256 hashes
 * (passwords as scrypt hashes), so a copy of the database signs nobody in.
 */
import { relations } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { images } from "./media";

/** A member (or, with `isAdmin`, an admin): every User field of spec section 3. */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    /** Lower-cased on the way in; the sign-in name. */
    email: text("email").notNull(),
    /** scrypt (node:crypto), `scrypt$N$r$p$salt$hash`; null for a member who never set one. */
    passwordHash: text("password_hash"),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    isAdmin: boolean("is_admin").notNull().default(false),
    mobilePhone: text("mobile_phone").notNull().default(""),
    /** ISO date (YYYY-MM-DD) or null. */
    dateOfBirth: text("date_of_birth"),
    currentAddressId: integer("current_address_id"),
    imageHash: text("image_hash").references(() => images.hash),
    companyName: text("company_name").notNull().default(""),
    companyPhone: text("company_phone").notNull().default(""),
    tradingName: text("trading_name").notNull().default(""),
    abn: text("abn"),
    website: text("website"),
    facebookLink: text("facebook_link"),
    driversLicenceNumber: text("drivers_licence_number").notNull().default(""),
    /** ISO date or null. */
    driversLicenceExpiry: text("drivers_licence_expiry"),
    driversLicenceStateOfIssueId: integer("drivers_licence_state_of_issue_id"),
    emergencyContactName: text("emergency_contact_name").notNull().default(""),
    emergencyContactPhone: text("emergency_contact_phone").notNull().default(""),
    /** The club's additional member (labelled by the `club_additional_member_label` setting). */
    clubAdditionalMember: text("club_additional_member").notNull().default(""),
    /** The member's language (one of the site's 18 codes): their mail is written in it. */
    language: text("language").notNull().default("en"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_idx").on(t.email)],
);

/**
 * Refresh tokens, one row per token issued. A sign-in starts a family; each refresh uses its
 * token (usedAt) and issues the next one in the same family. A used token presented again
 * revokes the whole family (revokedAt on every row), as does logout, unless it comes within 30 s
 * of its use from the same fingerprint: then it gets the same successor (decision 119).
 */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: serial("id").primaryKey(),
    /** SHA-256 (hex) of the token. */
    tokenHash: text("token_hash").notNull(),
    familyId: text("family_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The client's 21-character fingerprint: the token works only with it. */
    fingerprint: text("fingerprint").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("refresh_tokens_hash_idx").on(t.tokenHash), index("refresh_tokens_family_idx").on(t.familyId)],
);

/**
 * Single-use codes sent by mail: a sign-in link or 6-digit code, a sign-up confirmation, a
 * password recovery code. Valid for 15 minutes, a few attempts each.
 */
export const accountCodes = pgTable(
  "account_codes",
  {
    id: serial("id").primaryKey(),
    /** "login" | "register" | "recovery". */
    purpose: text("purpose").notNull(),
    /** Lower-cased; for "register" there is no user yet. */
    email: text("email").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 (hex) of the code or link token. */
    codeHash: text("code_hash").notNull(),
    /** What a sign-up confirmation creates the member from (names, date of birth, language). */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("account_codes_email_idx").on(t.email, t.purpose)],
);

/** Registered OAuth2 clients: the site is one. Redirect URIs match exactly. */
export const oauthClients = pgTable("oauth_clients", {
  clientId: text("client_id").primaryKey(),
  name: text("name").notNull(),
  redirectUris: jsonb("redirect_uris").$type<string[]>().notNull().default([]),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Authorisation codes: single-use, 60 seconds, bound to client, redirect URI and PKCE challenge. */
export const oauthCodes = pgTable("oauth_codes", {
  codeHash: text("code_hash").primaryKey(),
  clientId: text("client_id")
    .notNull()
    .references(() => oauthClients.clientId, { onDelete: "cascade" }),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  redirectUri: text("redirect_uri").notNull(),
  codeChallenge: text("code_challenge").notNull(),
  scope: text("scope").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/** A member's addresses (spec section 3, Address); disabled ones are kept, not deleted. */
export const addresses = pgTable(
  "addresses",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    displayName: text("display_name").notNull().default(""),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    email: text("email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    company: text("company").notNull().default(""),
    streetAddress: text("street_address").notNull().default(""),
    streetAddress1: text("street_address_1").notNull().default(""),
    postcode: text("postcode").notNull().default(""),
    city: text("city").notNull().default(""),
    state: text("state").notNull().default(""),
    country: text("country").notNull().default("AU"),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("addresses_user_idx").on(t.userId)],
);

/**
 * The credit ledger: a member's balance with a supplier is the sum of their entries (cents).
 * Gift voucher redemptions add to it; spending takes from it.
 */
export const creditEntries = pgTable(
  "credit_entries",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The user credit is held with (the `payment_to_user_id` setting, 1 by default). */
    supplierId: integer("supplier_id").notNull().default(1),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("credit_entries_user_idx").on(t.userId, t.supplierId)],
);

/** Fixed-window counters, keyed by action and account or client address; shared by every instance. */
export const rateLimits = pgTable("rate_limits", {
  bucket: text("bucket").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull().default(0),
});

export const usersRelations = relations(users, ({ one, many }) => ({
  image: one(images, { fields: [users.imageHash], references: [images.hash] }),
  addresses: many(addresses),
}));

export const addressesRelations = relations(addresses, ({ one }) => ({
  user: one(users, { fields: [addresses.userId], references: [users.id] }),
}));
