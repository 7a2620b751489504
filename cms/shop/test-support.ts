/**
 * The shop tests' world: a database with the shop open, a category of three products (a chair
 * with two add-ons, a stool with 3 in stock, a workshop with 8 places), the seeded promotion codes
 * and zones, an app with an outbox mailer and the test gateway, and members with tokens.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { parseEml } from "../../scripts/lib/eml.mjs";
import { addUser, type ApiClient, apiClient, fakeClock, setSiteSettings } from "../accounts/test-support";
import { issueTokens, tokenKey } from "../accounts/tokens";
import { groups, products } from "../db/schema";
import { createMailer, type Mailer } from "../mail/mailer";
import { createTestGateway } from "../payments/test-gateway";
import { readSeeds } from "../seed";
import { closeAndSettle, createCmsApp, type DriverName, openTestDatabase, type TestDatabase } from "../test/databases";
import { seedShop } from "./seed";

export const SITE = "https://shop.example";

/** A delivery address in the Brisbane zone (shipping option 2), as a member types it. */
export const ADDRESS = {
  first_name: "Alex",
  last_name: "Tester",
  street_address: "1 Queen Street",
  city: "Brisbane",
  state: "QLD",
  postcode: "4000",
  country: "AU",
};

/** The cookie a response sets, as a browser sends it back. */
export const cookieOf = (res: { headers: Headers }) => (res.headers.get("set-cookie") ?? "").split(";")[0];
/** The form token of a page's form (the test gateway's page). */
export const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";

/** Presses Pay or Decline on the test gateway's page of a payment address (`…/pay/{token}`). */
export async function pressOnGateway(w: Pick<ShopWorld, "api">, payment: string, outcome: "paid" | "declined") {
  const token = /\/pay\/([\w-]+)$/.exec(payment)![1];
  const page = await w.api.get(`/pay/${token}`);
  const form = new URLSearchParams({ csrf: csrfOf(page.body), outcome });
  return w.api.call("POST", `/pay/${token}`, { form, headers: { cookie: cookieOf(page) } });
}
export const API = "/api/v1/sell";
const secret = tokenKey("shop-test-secret-0123456789-abcdefghij");

export interface ShopWorld {
  t: TestDatabase;
  api: ApiClient;
  mailer: Mailer;
  clock: ReturnType<typeof fakeClock>;
  notifySecret: string;
  /** SKU ids by product slug, and the chair's add-on ids. */
  sku: { chair: number; stool: number; workshop: number };
  addons: { oil: number; cushions: number };
  /** A member signed in (an admin with `admin`). */
  member(name?: string, options?: { admin?: boolean }): Promise<{ user: { id: number; email: string }; token: string }>;
  outbox(): Promise<Array<ReturnType<typeof parseEml>>>;
  close(): Promise<void>;
}

let n = 0;

export async function openShopWorld(
  driver: DriverName,
  label: string,
  options: { authRateLimit?: number } = {},
): Promise<ShopWorld> {
  const t = await openTestDatabase(driver, label);
  const db = t.database.db;
  const seeds = readSeeds();
  await setSiteSettings(db, { ...seeds.domain.settings, ecommerce: true, site_url: SITE });
  const [group] = await db
    .insert(groups)
    .values({
      namespace: "Catalogue",
      model: "Product",
      name: "Chairs",
      slug: "chairs",
      url: "shop/chairs",
      lft: 1,
      rgt: 2,
    })
    .returning();
  const productIds: Record<string, number> = {};
  for (const [slug, name, cents] of [
    ["maleny-adirondack-chair", "Maleny Adirondack chair", 54_900],
    ["peregian-bar-stool", "Peregian bar stool", 29_500],
    ["weekend-stool-workshop", "Weekend workshop: make your own stool", 24_000],
  ] as const) {
    const [row] = await db.insert(products).values({ groupId: group.id, name, slug, priceCents: cents }).returning();
    productIds[slug] = row.id;
  }
  const wanted = new Set(Object.keys(productIds));
  await seedShop(db, { ...seeds.shop!, skus: seeds.shop!.skus.filter((s) => wanted.has(s.product)) });
  const shop = await db.query.skus.findMany({ with: { addons: true } });
  const bySlug = (slug: string) => shop.find((s) => s.productId === productIds[slug])!;
  const chair = bySlug("maleny-adirondack-chair");

  const clock = fakeClock(Date.UTC(2026, 10, 25, 9, 0, 0));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "dovetail-shop-"));
  const mailer = createMailer({ outboxDir: path.join(dataDir, "outbox"), from: "Dovetail <hello@example.com>" });
  const notifySecret = "shop-test-notify-secret";
  const api = apiClient(
    createCmsApp(t.database, {
      clock: clock.now,
      mailer,
      siteUrl: SITE,
      tokenSecret: secret,
      authRateLimit: options.authRateLimit ?? 100,
      paymentGateway: createTestGateway({ secret: notifySecret }),
    }),
  );
  return {
    t,
    api,
    mailer,
    clock,
    notifySecret,
    sku: { chair: chair.id, stool: bySlug("peregian-bar-stool").id, workshop: bySlug("weekend-stool-workshop").id },
    addons: {
      oil: chair.addons.find((a) => a.name === "Timber oil care kit")!.id,
      cushions: chair.addons.find((a) => a.name === "Outdoor cushions")!.id,
    },
    async member(name = "Alex", { admin = false } = {}) {
      const user = await addUser(db, {
        email: `member${++n}-${label}@example.com`,
        firstName: name,
        lastName: "Tester",
        isAdmin: admin,
      });
      const tokens = await issueTokens(db, {
        userId: user.id,
        secret,
        now: clock.now(),
        fingerprint: "fp-shop-0123456789",
      });
      return { user, token: tokens.access_token };
    },
    async outbox() {
      await mailer.flush();
      let files: string[] = [];
      try {
        files = readdirSync(path.join(dataDir, "outbox")).filter((f) => f.endsWith(".eml"));
      } catch {
        files = [];
      }
      return files.sort().map((f) => parseEml(readFileSync(path.join(dataDir, "outbox", f), "utf8")));
    },
    async close() {
      await mailer.flush();
      await closeAndSettle(t);
      await t.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
