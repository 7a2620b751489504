/**
 * The CMS HTTP and GraphQL API, called in-process (`app.fetch(new Request(...))`) over a seeded
 * database. One suite body runs for each driver: an in-memory PGlite and a fresh PostgreSQL
 * database (skipped, and reported as such, when TEST_DATABASE_URL is unset). The tests only read,
 * so each driver gets one database for the whole file.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { files } from "./db/schema";
import type { GroupNode } from "./groups/tree";
import { readSeeds, seedIfEmpty } from "./seed";
import { sanitizeSeedHtml, seededEmbedOrigins } from "./seeding/html";
import {
  type CmsClient,
  cmsClient,
  createCmsApp,
  drivers,
  openTestDatabase,
  type TestDatabase,
} from "./test/databases";

const seeds = readSeeds();
const categories = seeds.groups[0].children ?? [];
const API = "/api/v1/cognito";
/** The app's clock: which scheduled blocks are live depends on it (decision 027). */
const NOW = Date.parse("2026-11-23T00:00:00.000Z");

type SeedBlock = { hidden?: boolean; deleted?: boolean; start_time?: string | null; end_time?: string | null };
/** A seeded page block a visitor sees at NOW: not hidden or deleted, and within its start and end. */
const isLive = (b: SeedBlock) =>
  !b.hidden &&
  !b.deleted &&
  (!b.start_time || Date.parse(b.start_time) <= NOW) &&
  (!b.end_time || NOW < Date.parse(b.end_time));

function expectJsonError(res: { status: number; contentType: string; body: any }, status: number) {
  expect(res.status).toBe(status);
  expect(res.contentType).toContain("application/json");
  expect(res.body).toEqual({ message: expect.any(String), status });
  expect(res.body.message.length).toBeGreaterThan(0);
}

/** Checks the nested-set invariants of a tree and returns how many nodes it holds. */
function checkNestedSet(node: GroupNode, rootId: number, parent?: GroupNode): number {
  expect(node.lft, `${node.slug}: lft < rgt`).toBeLessThan(node.rgt);
  expect(node.root, `${node.slug}: root is the root's id`).toBe(rootId);
  if (parent) {
    expect(node.lft, `${node.slug}: inside ${parent.slug}`).toBeGreaterThan(parent.lft);
    expect(node.rgt, `${node.slug}: inside ${parent.slug}`).toBeLessThan(parent.rgt);
    expect(node.level, `${node.slug}: level`).toBe(parent.level + 1);
  } else {
    expect(node.level).toBe(0);
    expect(node.id).toBe(rootId);
  }
  let count = 1;
  let previousRgt = node.lft;
  for (const child of node.children) {
    // Siblings are ordered and do not overlap.
    expect(child.lft).toBeGreaterThan(previousRgt);
    previousRgt = child.rgt;
    count += checkNestedSet(child, rootId, node);
  }
  // A node's span holds exactly its descendants.
  expect((node.rgt - node.lft - 1) / 2, `${node.slug}: span`).toBe(count - 1);
  return count;
}

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`CMS API — ${driver.title}`, () => {
    let t: TestDatabase;
    let cms: CmsClient;

    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "api");
      expect(await seedIfEmpty(t.database.db)).toBe(true);
      cms = cmsClient(createCmsApp(t.database, { clock: () => NOW }));
    });
    afterAll(async () => {
      await t?.dispose();
    });

    describe("domain", () => {
      it("GET /domain/currentDomain answers the seeded settings", async () => {
        const res = await cms.get(`${API}/domain/currentDomain`);
        expect(res.status).toBe(200);
        expect(res.contentType).toContain("application/json");
        const d = res.body.data;
        expect(d).toMatchObject({
          // The domain's own name (its host), not the settings' display name.
          name: seeds.domain.name,
          organisation_name: "Dovetail Outdoor Furniture",
          ecommerce: false,
          show_back_to_top: true,
        });
        expect(d.id).toEqual(expect.any(Number));
        expect(new Date(d.updated_at).toISOString()).toBe(d.updated_at);
      });

      it("GET /domain/initialData: sitemap of pages and categories, redirects and links", async () => {
        const res = await cms.get(`${API}/domain/initialData`);
        expect(res.status).toBe(200);
        const { sitemap, redirects, links } = res.body.data;

        const byUrl = new Map<string, any>(sitemap.map((e: any) => [e.url, e]));
        expect(sitemap).toHaveLength(byUrl.size); // no duplicates
        expect(byUrl.get("/")).toMatchObject({ priority: 100, model: "page" });
        for (const url of ["/about", "/catalogue", "/delivery", "/where-to-find-us"]) {
          expect(byUrl.get(url), url).toMatchObject({ priority: 90, model: "page" });
        }
        expect(sitemap[0].url).toBe("/");
        // The error page has no priority: it stays out of the sitemap.
        expect(byUrl.has("/error")).toBe(false);
        expect(sitemap.some((e: any) => e.url.includes("error"))).toBe(false);
        // Nor is "home" listed under its own name.
        expect(byUrl.has("/home")).toBe(false);

        const groupEntries = sitemap.filter((e: any) => e.model === "group");
        expect(groupEntries.map((e: any) => e.url)).toEqual(categories.map((c) => `/catalogue/${c.slug}`));
        const productEntries = sitemap.filter((e: any) => e.model === "product");
        expect(productEntries.map((e: any) => e.url)).toEqual(
          seeds.products.map((p) => `/catalogue/${p.group}/${p.slug}`),
        );
        expect(productEntries.every((e: any) => e.priority === 70)).toBe(true);
        for (const e of groupEntries) {
          expect(e).toMatchObject({ priority: 80, model: "group" });
          expect(e.seo_title).toEqual(expect.any(String));
          expect(e.seo_meta_description.length).toBeGreaterThan(0);
        }
        // Pages with a priority, the categories and the products.
        const listedPages = seeds.pages.filter((p) => p.priority !== null).length;
        expect(sitemap).toHaveLength(listedPages + categories.length + seeds.products.length);
        for (const e of sitemap) expect(new Date(e.lastmod).toISOString()).toBe(e.lastmod);

        expect(redirects).toEqual(seeds.redirects);
        expect(links).toHaveLength(seeds.links.length);
        expect(links.filter((l: any) => l.parent === "header").map((l: any) => l.name)).toEqual(
          seeds.links.filter((l) => l.parent === "header").map((l) => l.name),
        );
      });
    });

    describe("pages", () => {
      it("GET /page lists the pages with num_items, num_pages and data", async () => {
        const res = await cms.get(`${API}/page`);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ num_items: seeds.pages.length, num_pages: 1, page: 1 });
        expect(res.body.data.map((p: any) => p.url)).toEqual(seeds.pages.map((p) => p.url));
        // Without pb a listing has no rows and page blocks.
        for (const p of res.body.data) {
          expect(p).not.toHaveProperty("rows");
          expect(p).not.toHaveProperty("pageContents");
        }
      });

      it("page_size and page page through the list", async () => {
        const n = seeds.pages.length;
        const pageCount = Math.ceil(n / 4);
        const seen: string[] = [];
        for (let page = 1; page <= pageCount + 1; page++) {
          const r = await cms.get(`${API}/page?page_size=4&page=${page}`);
          expect(r.status).toBe(200);
          expect(r.body).toMatchObject({ num_items: n, num_pages: pageCount, page });
          // Full pages of 4, the rest on the last one, and nothing past it.
          expect(r.body.data).toHaveLength(page < pageCount ? 4 : page === pageCount ? n - 4 * (pageCount - 1) : 0);
          seen.push(...r.body.data.map((p: any) => p.url));
        }
        expect(seen).toEqual(seeds.pages.map((p) => p.url));

        const one = await cms.get(`${API}/page?page_size=1&page=${n}`);
        expect(one.body).toMatchObject({ num_items: n, num_pages: n });
        expect(one.body.data.map((p: any) => p.url)).toEqual([seeds.pages[n - 1].url]);

        const withBlocks = await cms.get(`${API}/page?page_size=100&pb=1`);
        expect(withBlocks.body.data).toHaveLength(n);
        for (const p of withBlocks.body.data) {
          expect(Array.isArray(p.rows)).toBe(true);
          expect(Array.isArray(p.pageContents)).toBe(true);
        }
      });

      it.each(["abc", "0", "1000", "-1", "1.5", ""])("a bad page_size (%j) answers 400 naming page_size", async (v) => {
        const res = await cms.get(`${API}/page?page_size=${encodeURIComponent(v)}`);
        expectJsonError(res, 400);
        expect(res.body.message).toMatch(/page_size/);
      });

      it("a bad page answers 400 naming page", async () => {
        const res = await cms.get(`${API}/page?page=0`);
        expectJsonError(res, 400);
        expect(res.body.message).toMatch(/^page:/);
      });

      it("GET /page/about?pb=1 has the page's rows and pageContents", async () => {
        const res = await cms.get(`${API}/page/about?pb=1`);
        expect(res.status).toBe(200);
        // The seed as stored: its HTML through the allowlist (decision 069).
        const seed = sanitizeSeedHtml(seeds, seededEmbedOrigins(seeds.domain.settings)).pages.find(
          (p) => p.url === "about",
        )!;
        expect(res.body.data).toMatchObject({
          url: "about",
          slug: "about",
          name: seed.name,
          title: seed.title,
          priority: 90,
        });
        // The seed's "@document:<key>" references come back as the stored documents' file ids.
        const fileIds = new Map((await t.database.db.select().from(files)).map((f) => [f.name, f.id]));
        const documentId = (key: string) => fileIds.get(seeds.documents!.find((d) => d.key === key)!.name);
        const rows = JSON.parse(
          JSON.stringify(seed.rows).replace(/"@document:([a-z0-9-]+)"/g, (_, key: string) => String(documentId(key))),
        );
        expect(JSON.stringify(seed.rows)).toContain("@document:care-guide");
        expect(res.body.data.rows).toEqual(rows);
        expect(res.body.data.rows.length).toBeGreaterThan(0);
        expect(res.body.data.pageContents).toEqual([]);
      });

      it("GET /page/about without pb has no rows", async () => {
        const res = await cms.get(`${API}/page/about`);
        expect(res.status).toBe(200);
        expect(res.body.data.url).toBe("about");
        expect(res.body.data).not.toHaveProperty("rows");
        expect(res.body.data).not.toHaveProperty("pageContents");
      });

      it("GET /page/delivery?pb=1 has its live page blocks in order, with their schedules; never the hidden or ended ones", async () => {
        const res = await cms.get(`${API}/page/delivery?pb=1`);
        expect(res.status).toBe(200);
        const seed = seeds.pages.find((p) => p.url === "delivery")!;
        const published = seed.pageContents.filter(isLive);
        expect(published.length).toBeGreaterThan(0);
        expect(published.length).toBeLessThan(seed.pageContents.filter((b) => !b.hidden).length);
        const blocks = res.body.data.pageContents;
        expect(blocks).toHaveLength(published.length);
        expect(blocks.map((b: any) => b.sort_order)).toEqual(published.map((b) => b.sort_order));
        expect(blocks.every((b: any) => b.hidden === false)).toBe(true);
        expect(JSON.stringify(res.body)).not.toContain("holiday closure");
        expect(JSON.stringify(res.body)).not.toContain("Summer sale");
        for (const [i, b] of blocks.entries()) {
          const s = published[i];
          expect(b.template).toBe(s.template);
          expect(new Date(b.start_time).getTime()).toBe(new Date(s.start_time!).getTime());
          expect(new Date(b.end_time).getTime()).toBe(new Date(s.end_time!).getTime());
        }
      });

      it("the home page answers for '/' and for ?url=/", async () => {
        const a = await cms.get(`${API}/page?url=/&pb=1`);
        expect(a.status).toBe(200);
        expect(a.body.data.url).toBe("home");
        expect(a.body.data.rows.length).toBeGreaterThan(0);
        const b = await cms.get(`${API}/page/home`);
        expect(b.body.data.id).toBe(a.body.data.id);
      });

      it.each([
        "/page/no-such-page",
        "/page/no-such-page?pb=1",
        "/page?url=no-such-page",
        "/page/about/extra",
        "/page/100%25", // a literal "%": used to be a URIError (500)
        "/page/%E0%A4%A", // a malformed escape: used to be a URIError (500)
        "/page?url=%25",
      ])("GET %s → 404 JSON", async (p) => {
        const res = await cms.get(`${API}${p}`);
        expectJsonError(res, 404);
      });
    });

    describe("groups", () => {
      it("GET /group: the catalogue tree, root 'catalogue' with its six children in seed order, then the slides group", async () => {
        const res = await cms.get(`${API}/group`);
        expect(res.status).toBe(200);
        const trees: GroupNode[] = res.body.data;
        expect(trees.map((t) => t.slug)).toEqual(seeds.groups.map((g) => g.slug));
        // The home hero widget names its slides group by id: 8, after the catalogue's seven.
        expect(trees[1]).toMatchObject({ id: 8, slug: "home-hero", model: "Slide" });
        const [root] = trees;
        expect(root).toMatchObject({
          slug: "catalogue",
          name: "Catalogue",
          url: "catalogue",
          namespace: "Catalogue",
          model: "Product",
        });
        expect(root.children.map((c) => c.slug)).toEqual(categories.map((c) => c.slug));
        for (const c of root.children) {
          expect(c.url).toBe(`catalogue/${c.slug}`);
          expect(c.children).toEqual([]);
        }
        expect(checkNestedSet(root, root.id)).toBe(7);
        expect(root).toMatchObject({ lft: 1, rgt: 14, level: 0 });
      });

      it("GET /group/Catalogue/Product lists the six categories; ?group=catalogue gives the same", async () => {
        const res = await cms.get(`${API}/group/Catalogue/Product`);
        expect(res.status).toBe(200);
        expect(res.body.data.map((g: GroupNode) => g.slug)).toEqual(categories.map((c) => c.slug));
        expect(res.body.data.map((g: GroupNode) => g.name)).toEqual(categories.map((c) => c.name));
        for (const g of res.body.data) expect(g.level).toBe(1);

        const same = await cms.get(`${API}/group/Catalogue/Product?group=catalogue`);
        expect(same.status).toBe(200);
        expect(same.body.data).toEqual(res.body.data);

        const leaf = await cms.get(`${API}/group/Catalogue/Product?group=table-settings`);
        expect(leaf.status).toBe(200);
        expect(leaf.body.data).toEqual([]);
      });

      it("GET /group/details/Catalogue/Product/table-settings gives that group", async () => {
        const res = await cms.get(`${API}/group/details/Catalogue/Product/table-settings`);
        expect(res.status).toBe(200);
        const seed = categories.find((c) => c.slug === "table-settings")!;
        expect(res.body.data).toMatchObject({
          slug: "table-settings",
          name: seed.name,
          url: "catalogue/table-settings",
          content: seed.content,
          meta_description: seed.meta_description,
          level: 1,
          children: [],
        });

        const root = await cms.get(`${API}/group/details/Catalogue/Product/catalogue`);
        expect(root.status).toBe(200);
        expect(root.body.data.children.map((c: GroupNode) => c.slug)).toEqual(categories.map((c) => c.slug));
        expect(res.body.data.root).toBe(root.body.data.id);
      });

      it.each([
        "/group/details/Catalogue/Product/no-such-group",
        "/group/details/Catalogue/Other/table-settings",
        "/group/details/Catalogue/Product/table.settings",
        "/group/details/Catalogue/Product/table%20settings",
        "/group/details/Catalogue/Product/table%2Fsettings",
        "/group/details/Catalogue/Product/%E0%A4%A",
        "/group/details/Cata.logue/Product/table-settings",
        "/group/Catalogue/Product?group=no-such-group",
        "/group/Cata%20logue/Product",
        "/group/Catalogue/Pro.duct",
      ])("GET %s → 404 JSON, never 500", async (p) => {
        const res = await cms.get(`${API}${p}`);
        expectJsonError(res, 404);
      });

      it("an unknown namespace or model lists nothing", async () => {
        const res = await cms.get(`${API}/group/Blog/Post`);
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual([]);
      });

      it.each([
        "/group?depth=abc",
        "/group/Catalogue/Product?group=a.b",
        "/group/details/Catalogue/Product/table-settings?depth=0",
      ])("GET %s → 400 JSON naming the parameter", async (p) => {
        const res = await cms.get(`${API}${p}`);
        expectJsonError(res, 400);
        expect(res.body.message).toMatch(/^(depth|group):/);
      });
    });

    describe("links", () => {
      it.each(["header", "footer", "social"])("GET /link?parent=%s returns those links in order", async (parent) => {
        const res = await cms.get(`${API}/link?parent=${parent}`);
        expect(res.status).toBe(200);
        const expected = seeds.links.filter((l) => l.parent === parent);
        expect(expected.length).toBeGreaterThan(0);
        expect(res.body.data.map(({ name, link, icon, parent }: any) => ({ parent, name, link, icon }))).toEqual(
          expected,
        );
      });

      it("the header links are Home, About, Catalogue, Delivery, Gift vouchers, Where to find us", async () => {
        const res = await cms.get(`${API}/link?parent=header`);
        expect(res.body.data.map((l: any) => l.link)).toEqual([
          "/",
          "/about",
          "/catalogue",
          "/delivery",
          "/gift-vouchers",
          "/where-to-find-us",
        ]);
      });

      it("GET /link without parent returns every link; an unknown parent none", async () => {
        const all = await cms.get(`${API}/link`);
        expect(all.body.data).toHaveLength(seeds.links.length);
        const none = await cms.get(`${API}/link?parent=nowhere`);
        expect(none.status).toBe(200);
        expect(none.body.data).toEqual([]);
      });
    });

    describe("graphql", () => {
      it("cognitoPages returns all six pages", async () => {
        const res = await cms.graphql(`{ cognitoPages { id name url updated_at content pageContents } }`);
        expect(res.status).toBe(200);
        expect(res.body.errors).toBeUndefined();
        const list = res.body.data.cognitoPages;
        expect(list.map((p: any) => p.url)).toEqual(seeds.pages.map((p) => p.url));
        for (const p of list) {
          expect(p).toEqual({
            id: expect.any(Number),
            name: expect.any(String),
            url: expect.any(String),
            updated_at: expect.any(String),
            content: expect.any(String),
            pageContents: expect.any(Array),
          });
        }
        const delivery = seeds.pages.find((p) => p.url === "delivery")!;
        expect(list.find((p: any) => p.url === "delivery").pageContents).toHaveLength(
          delivery.pageContents.filter(isLive).length,
        );
      });

      it('cognitoPage(url: "delivery") returns its live public page blocks', async () => {
        const res = await cms.graphql(`{ cognitoPage(url: "delivery") { id url rows pageContents } }`);
        expect(res.status).toBe(200);
        expect(res.body.errors).toBeUndefined();
        const page = res.body.data.cognitoPage;
        expect(page.url).toBe("delivery");
        expect(page.pageContents.map((b: any) => b.name)).toEqual(
          seeds.pages
            .find((p) => p.url === "delivery")!
            .pageContents.filter(isLive)
            .map((b) => b.name),
        );
        expect(page.rows.length).toBeGreaterThan(0);
      });

      it("cognitoPage with variables, and for an unknown url, null", async () => {
        const res = await cms.graphql(`query ($url: String!) { cognitoPage(url: $url) { url } }`, { url: "/about/" });
        expect(res.body).toEqual({ data: { cognitoPage: { url: "about" } } });
        const none = await cms.graphql(`{ cognitoPage(url: "no-such-page") { url } }`);
        expect(none.body).toEqual({ data: { cognitoPage: null } });
        const odd = await cms.graphql(`{ cognitoPage(url: "100%") { url } }`);
        expect(odd.body).toEqual({ data: { cognitoPage: null } });
      });

      it.each([
        ["an unknown field", `{ nope }`],
        ["a syntax error", `{ cognitoPages { id `],
        ["a missing argument", `{ cognitoPage { id } }`],
      ])("%s answers with errors, not a 500", async (_, query) => {
        const res = await cms.graphql(query);
        expect(res.status).toBeLessThan(500);
        expect(res.contentType).toContain("json");
        expect(res.body.errors).toEqual(
          expect.arrayContaining([expect.objectContaining({ message: expect.any(String) })]),
        );
        expect(res.body.data ?? null).toBeNull();
      });

      it("a body that is not JSON answers 400 with errors", async () => {
        const res = await cms.app.fetch(
          new Request("http://cms.test/graphql", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: "{not json",
          }),
        );
        expect(res.status).toBe(400);
        expect((await res.json()).errors).toHaveLength(1);
      });
    });

    describe("errors and health", () => {
      it.each(["/api/v1/nope", `${API}/nope`, "/", "/api/v1/cognito/domain"])(
        "unknown route %s → JSON 404",
        async (p) => {
          const res = await cms.get(p);
          expectJsonError(res, 404);
        },
      );

      it("a method a route does not take → JSON 404", async () => {
        const res = await cms.app.fetch(new Request(`http://cms.test${API}/page`, { method: "DELETE" }));
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ message: expect.any(String), status: 404 });
      });

      it("control characters in a page url or link parent are refused, never a 500", async () => {
        expectJsonError(await cms.get(`${API}/page?url=a%00b`), 400);
        expectJsonError(await cms.get(`${API}/page/a%00b?pb=1`), 404);
        expectJsonError(await cms.get(`${API}/link?parent=x%00`), 400);
        const res = await cms.graphql(`query ($url: String!) { cognitoPage(url: $url) { url } }`, { url: "a\u0000b" });
        expect(res.body).toEqual({ data: { cognitoPage: null } });
      });

      it("GET /api/healthz names the driver", async () => {
        const res = await cms.get("/api/healthz");
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ ok: true, database: driver.name });
      });
    });
  });
}
