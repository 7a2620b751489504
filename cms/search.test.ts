/**
 * Site search (`GET /api/v1/cognito/search`) over the seeded site, on each driver (PostgreSQL is
 * skipped, and reported as such, when TEST_DATABASE_URL is unset).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { faqs, groups } from "./db/schema";
import { snippetHtml, tsqueryTerms } from "./search/query";
import { seedIfEmpty } from "./seed";
import {
  closeAndSettle,
  type CmsClient,
  cmsClient,
  createCmsApp,
  drivers,
  openTestDatabase,
  type TestDatabase,
} from "./test/databases";

const SEARCH = "/api/v1/cognito/search";

interface Result {
  id: number;
  kind: string;
  title: string;
  url: string;
  snippet: string;
  image: { url: string } | null;
}

const kindOf = (body: { groups: { kind: string; data: Result[] }[] }, kind: string) =>
  body.groups.find((g) => g.kind === kind)?.data ?? [];

describe("search query helpers", () => {
  it("builds a tsquery from words only, the last one a prefix", () => {
    expect(tsqueryTerms("Dining tab")).toEqual({ words: ["'dining'"], last: "'tab':*" });
    expect(tsqueryTerms("a' | !b:* & (c)")).toEqual({ words: ["'a'", "'b'"], last: "'c':*" });
    expect(tsqueryTerms("  ")).toBeNull();
    expect(tsqueryTerms("café")).toEqual({ words: [], last: "'café':*" });
  });

  it("escapes a headline and marks only the matches", () => {
    expect(snippetHtml("<b>x</b> \uE000table\uE001 & \uE000chairs")).toBe(
      "&lt;b&gt;x&lt;/b&gt; <mark>table</mark> &amp; chairs",
    );
  });
});

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`search API — ${driver.title}`, () => {
    let t: TestDatabase;
    let cms: CmsClient;

    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "search");
      const db = t.database.db;
      expect(await seedIfEmpty(db)).toBe(true);
      const [group] = await db
        .select({ id: groups.id })
        .from(groups)
        .where(eq(groups.slug, "timber-care-and-delivery"));
      await db.insert(faqs).values({
        groupId: group!.id,
        name: "Do you make a crème brûlée coloured finish?",
        content: "<p>We can tint the oil to a warm café colour on request.</p>",
      });
      cms = cmsClient(createCmsApp(t.database));
    }, 120_000);
    afterAll(async () => {
      if (t) await closeAndSettle(t);
      await t?.dispose();
    });

    it("finds an FAQ by a word of its answer, linked to the page that shows it", async () => {
      const res = await cms.get(`${SEARCH}?q=decking`);
      expect(res.status).toBe(200);
      const found = kindOf(res.body, "faq");
      const faq = found.find((r) => r.title === "How often should I oil my spotted gum furniture?");
      expect(faq).toBeDefined();
      expect(faq!.snippet).toContain("<mark>decking</mark>");
      expect(faq!.url).toBe("/showcase#timber-care-and-delivery-heading");
    });

    it("finds table products, with a <mark> in the snippet, an image and the product's URL", async () => {
      const res = await cms.get(`${SEARCH}?q=table`);
      expect(res.status).toBe(200);
      const products = kindOf(res.body, "product");
      expect(products.length).toBeGreaterThan(0);
      expect(products.some((p) => /table/i.test(p.title))).toBe(true);
      expect(products.some((p) => /<mark>tables?<\/mark>/i.test(p.snippet))).toBe(true);
      for (const p of products) {
        expect(p.url).toMatch(/^\/catalogue\/[a-z0-9-]+\/[a-z0-9-]+$/);
        expect(p.image?.url).toMatch(/^\/assets\/i\//);
      }
      // Titles weigh more than bodies: a product named for tables comes first.
      expect(products[0]!.title).toMatch(/table/i);
      expect(res.body.groups[0].kind).toBe("product");
      expect(res.body.total).toBe(res.body.groups.reduce((n: number, g: { data: Result[] }) => n + g.data.length, 0));
    });

    it("matches a prefix as the visitor types", async () => {
      const res = await cms.get(`${SEARCH}?q=tab`);
      expect(kindOf(res.body, "product").some((p) => /table/i.test(p.title))).toBe(true);
      const settings = await cms.get(`${SEARCH}?q=${encodeURIComponent("dining sett")}`);
      expect(settings.body.total).toBeGreaterThan(0);
    });

    it("folds accents both ways (unaccent)", async () => {
      for (const q of ["creme brulee", "crème", "cafe"]) {
        const res = await cms.get(`${SEARCH}?q=${encodeURIComponent(q)}`);
        expect(
          kindOf(res.body, "faq").map((r) => r.title),
          q,
        ).toContain("Do you make a crème brûlée coloured finish?");
      }
    });

    it("answers nothing for an empty query or one with no words", async () => {
      for (const q of ["", "   ", "!!! ???"]) {
        const res = await cms.get(`${SEARCH}?q=${encodeURIComponent(q)}`);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ query: q, total: 0, groups: [] });
      }
      expect((await cms.get(SEARCH)).body.total).toBe(0);
    });

    it("keeps injection-looking input harmless", async () => {
      for (const q of ["table' & !", "'; drop table faqs; --", "tab:* | (x", "<script>alert(1)</script>"]) {
        const res = await cms.get(`${SEARCH}?q=${encodeURIComponent(q)}`);
        expect(res.status, q).toBe(200);
        for (const g of res.body.groups) for (const r of g.data as Result[]) expect(r.snippet).not.toMatch(/<script/);
      }
      expect((await cms.get(`${SEARCH}?q=table' %26 !`)).body.total).toBeGreaterThan(0);
      expect((await t.database.db.select({ id: faqs.id }).from(faqs)).length).toBeGreaterThan(0);
    });

    it("caps the page size and the query's length", async () => {
      const one = await cms.get(`${SEARCH}?q=timber&page_size=1`);
      for (const g of one.body.groups) expect(g.data).toHaveLength(1);
      expect((await cms.get(`${SEARCH}?q=timber&page_size=51`)).status).toBe(400);
      expect((await cms.get(`${SEARCH}?q=${"a".repeat(201)}`)).status).toBe(400);
    });
  });
}
