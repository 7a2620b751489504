/**
 * Migrations and seeding, on PGlite and on PostgreSQL: the migrations apply to an empty
 * database, `seedIfEmpty` seeds once, a second call adds nothing, and (PostgreSQL only, as
 * PGlite is single-connection) two instances seeding one fresh database at once seed it once.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Database, type Db, migrationsFolder, openDatabase } from "./db/client";
import { domains, images } from "./db/schema";
import { readSeeds, seedIfEmpty } from "./seed";
import { contentImageFiles } from "./seeding/images";
import { findReferences } from "./seeding/refs";
import {
  createPostgresDatabase,
  drivers,
  type EmptyPostgresDatabase,
  openTestDatabase,
  postgresDatabaseExists,
  postgresDriver,
  type TestDatabase,
} from "./test/databases";

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
  entries: unknown[];
};
const migrationCount = journal.entries.length;

async function appliedMigrations(db: Db) {
  const result = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0].n);
}

const tables = [
  "domains",
  "pages",
  "page_blocks",
  "groups",
  "links",
  "redirects",
  "images",
  "image_variants",
  "image_variant_claims",
  "videos",
  "products",
  "product_photos",
  "slides",
  "photos",
  "testimonials",
  "people",
  "faqs",
  "galleries",
  "gallery_slides",
  "voucher_themes",
  "users",
  "refresh_tokens",
  "account_codes",
  "oauth_clients",
  "oauth_codes",
  "addresses",
  "credit_entries",
  "rate_limits",
  "forms",
  "form_submissions",
  "payments",
  "payment_refunds",
  "gift_vouchers",
  "files",
  "skus",
  "sku_addons",
  "promotion_codes",
  "carts",
  "cart_items",
  "shipping_quote_requests",
  "invoice_counter",
  "orders",
  "order_items",
  "tickets",
  "audit_log",
  "page_revisions",
] as const;

async function rowCounts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tables) {
    const result = await db.execute(sql`select count(*)::int as n from ${sql.identifier(t)}`);
    out[t] = Number((result as unknown as { rows: Array<{ n: number }> }).rows[0].n);
  }
  return out;
}

function countTree(nodes: Array<{ children?: unknown[] }>): number {
  return nodes.reduce((n, node) => n + 1 + countTree((node.children ?? []) as Array<{ children?: unknown[] }>), 0);
}

const seeds = readSeeds();
const expectedCounts = {
  domains: 1,
  pages: seeds.pages.length,
  page_blocks: seeds.pages.reduce((n, p) => n + p.pageContents.length, 0),
  groups: countTree(seeds.groups),
  links: seeds.links.length,
  redirects: seeds.redirects.length,
  images: new Set([
    ...seeds.products.flatMap((p) => p.photos),
    ...seeds.slides.flatMap((sl) => (sl.image ? [sl.image] : [])),
    ...[...JSON.stringify(seeds.groups).matchAll(/"image":"([^"]+)"/g)].map((m) => m[1]),
    ...contentImageFiles(seeds),
    ...findReferences([seeds.pages, seeds.domain.settings]).flatMap((r) =>
      r.kind === "image" || r.kind === "image-url" ? [r.name] : [],
    ),
  ]).size,
  // Variants are made when asked for, not seeded (decision 122).
  image_variants: 0,
  image_variant_claims: 0,
  videos: seeds.videos?.length ?? 0,
  products: seeds.products.length,
  product_photos: seeds.products.reduce((n, p) => n + p.photos.length, 0),
  slides: seeds.slides.length,
  photos: seeds.photos?.length ?? 0,
  testimonials: seeds.testimonials?.length ?? 0,
  people: seeds.people?.length ?? 0,
  faqs: seeds.faqs?.length ?? 0,
  galleries: seeds.galleries?.length ?? 0,
  gallery_slides: seeds.galleries?.reduce((n, g) => n + g.slides.length, 0) ?? 0,
  voucher_themes: seeds.voucherThemes?.length ?? 0,
  // Accounts are seeded apart from the content (seedAccountsIfNone), with generated passwords.
  users: 0,
  refresh_tokens: 0,
  account_codes: 0,
  oauth_clients: 0,
  oauth_codes: 0,
  addresses: 0,
  credit_entries: 0,
  rate_limits: 0,
  forms: seeds.forms?.length ?? 0,
  form_submissions: 0,
  payments: 0,
  payment_refunds: 0,
  gift_vouchers: 0,
  files: seeds.documents?.length ?? 0,
  skus: seeds.shop?.skus.length ?? 0,
  sku_addons: seeds.shop?.skus.reduce((n, s) => n + s.addons.length, 0) ?? 0,
  promotion_codes: seeds.shop?.promotion_codes.length ?? 0,
  carts: 0,
  cart_items: 0,
  shipping_quote_requests: 0,
  invoice_counter: 0,
  orders: 0,
  order_items: 0,
  tickets: 0,
  audit_log: 0,
  page_revisions: 0,
};

it("the seed files hold what the API tests expect", () => {
  expect(expectedCounts).toMatchObject({ domains: 1, links: 15, redirects: 6 });
  expect(expectedCounts.page_blocks).toBeGreaterThanOrEqual(3);
  expect(seeds.pages.map((p) => p.url)).toEqual(
    expect.arrayContaining(["home", "about", "catalogue", "delivery", "error", "where-to-find-us", "gift-vouchers"]),
  );
  // The content the content API tests and the showcase page rely on.
  expect(expectedCounts).toMatchObject({
    testimonials: 8,
    people: 4,
    faqs: 8,
    galleries: 3,
    voucher_themes: 3,
    forms: 4,
    videos: 1,
    // The care guide and the warranty statement (decision 067), and the workshop photos.
    files: 2,
    photos: 6,
  });
});

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`migrations and seeding — ${driver.title}`, () => {
    let t: TestDatabase;

    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "seed");
    });
    afterAll(async () => {
      await t?.dispose();
    });

    it("applies the migrations to an empty database: every table exists and is empty", async () => {
      const result = await t.database.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      );
      const names = (result as unknown as { rows: Array<{ table_name: string }> }).rows.map((r) => r.table_name);
      expect(names).toEqual([...tables].sort());
      expect(await appliedMigrations(t.database.db)).toBe(migrationCount);
      expect(await rowCounts(t.database.db)).toEqual(Object.fromEntries(tables.map((name) => [name, 0])));
      await expect(t.database.ping()).resolves.toBeUndefined();
      expect(t.database.kind).toBe(driver.name);
    });

    it("seedIfEmpty seeds once, and a second call adds nothing and returns false", async () => {
      await expect(seedIfEmpty(t.database.db)).resolves.toBe(true);
      const first = await rowCounts(t.database.db);
      expect(first).toEqual(expectedCounts);

      await expect(seedIfEmpty(t.database.db)).resolves.toBe(false);
      expect(await rowCounts(t.database.db)).toEqual(first);
    });

    it("gives the site its logos as URLs of stored images (the settings' @image-url: references)", async () => {
      const [domain] = await t.database.db.select().from(domains);
      const stored = new Set((await t.database.db.select({ hash: images.hash }).from(images)).map((r) => r.hash));
      for (const key of ["organisation_logo", "organisation_logo_dark"]) {
        const url = String(domain.settings[key]);
        const m = /^\/assets\/i\/([0-9a-f]{32})\/orig\/\d+\.webp$/.exec(url);
        expect(m, `${key}: ${url}`).not.toBeNull();
        expect(stored.has(m![1]), key).toBe(true);
      }
    });
  });
}

describe.skipIf(postgresDriver.skip)(`concurrent start-up — ${postgresDriver.title}`, () => {
  let empty: EmptyPostgresDatabase | undefined;
  const opened: Database[] = [];

  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
    if (empty) {
      await empty.drop();
      expect(await postgresDatabaseExists(empty.name)).toBe(false);
    }
  });

  it("two instances opening one fresh database at once both apply the migrations without error", async () => {
    empty = await createPostgresDatabase("seed_race");
    expect(await postgresDatabaseExists(empty.name)).toBe(true);
    // Two pools on one empty database, opened at once: the migrator must not race itself.
    const results = await Promise.allSettled([
      openDatabase({ databaseUrl: empty.url }),
      openDatabase({ databaseUrl: empty.url }),
    ]);
    for (const r of results) if (r.status === "fulfilled") opened.push(r.value);
    expect(results.map((r) => (r.status === "rejected" ? String(r.reason) : "ok"))).toEqual(["ok", "ok"]);
    expect(await appliedMigrations(opened[0].db)).toBe(migrationCount);
  });

  it("two connections calling seedIfEmpty at once on one fresh database seed it exactly once", async () => {
    expect(opened).toHaveLength(2);
    const [a, b] = opened;
    const results = await Promise.all([seedIfEmpty(a.db), seedIfEmpty(b.db)]);
    expect([...results].sort()).toEqual([false, true]);
    expect(await rowCounts(a.db)).toEqual(expectedCounts);
    expect(await rowCounts(b.db)).toEqual(expectedCounts);
  });
});
