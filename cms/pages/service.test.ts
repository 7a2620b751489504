/**
 * The pages service's one write, `updatePage`, on each driver: what it changes, what it keeps,
 * the change it announces, and that it takes a transaction as its `Db` (so the back-office can
 * make it part of a larger one).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { domains, pageBlocks, pages } from "../db/schema";
import type { ContentChange } from "../events";
import { cmsClient, createCmsApp, drivers, openTestDatabase, type TestDatabase } from "../test/databases";
import { getPage, updatePage } from "./service";

const API = "/api/v1/cognito";
const EXPECTED_PATHS = [`${API}/page/about`, `${API}/page`, `${API}/domain/initialData`];

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`updatePage — ${driver.title}`, () => {
    let t: TestDatabase;
    /** Set in the past, so any save moves it on. */
    const seededAt = new Date("2026-01-01T00:00:00.000Z");

    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "pages_service");
      const db = t.database.db;
      const [about] = await db
        .insert(pages)
        .values({ name: "about", slug: "about", url: "about", title: "About", priority: 90, content: "<p>Old.</p>" })
        .returning();
      await db.update(pages).set({ updatedAt: seededAt }).where(eq(pages.id, about.id));
      await db.insert(pageBlocks).values([
        { pageId: about.id, sortOrder: 0, template: "core/html", variables: { html: "shown" } },
        { pageId: about.id, sortOrder: 1, template: "core/html", variables: { html: "hidden" }, hidden: true },
      ]);
      await db.insert(pages).values({ name: "home", slug: "home", url: "home", title: "Home", priority: 100 });
    });
    afterAll(async () => {
      await t?.dispose();
    });

    it("changes what the patch names, keeps the rest, and moves updated_at on", async () => {
      const rows = [{ type: "grid", columns: [] }];
      const result = await updatePage(t.database.db, "/about/", { title: "About us", rows });
      expect(result?.page).toMatchObject({
        url: "about",
        title: "About us",
        content: "<p>Old.</p>",
        meta_description: "",
        rows,
        pageContents: [expect.objectContaining({ template: "core/html", variables: { html: "shown" } })],
      });
      expect(result?.page.pageContents).toHaveLength(1);
      expect(Date.parse(result!.page.updated_at)).toBeGreaterThan(seededAt.getTime());
      expect(await getPage(t.database.db, "about", true)).toEqual(result?.page);
    });

    it("announces the page's own answer, the page list and the sitemap's initial data as stale", async () => {
      const result = await updatePage(t.database.db, "about", { meta_description: "Who we are." });
      expect(result?.change).toEqual({ paths: EXPECTED_PATHS });
    });

    it("gives null for a url with no page, and changes nothing", async () => {
      const before = await t.database.db.select().from(pages);
      expect(await updatePage(t.database.db, "nope", { title: "x" })).toBeNull();
      expect(await t.database.db.select().from(pages)).toEqual(before);
    });

    it("takes a transaction as its Db: rolled back with it, the page is as it was", async () => {
      const before = await getPage(t.database.db, "about", true);
      await expect(
        t.database.db.transaction(async (tx) => {
          const inside = await updatePage(tx, "about", { title: "Never saved" });
          expect(inside?.page.title).toBe("Never saved");
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      expect(await getPage(t.database.db, "about", true)).toEqual(before);
    });

    it("saves HTML as the allowlist keeps it: frames only from the site's embed origins (decision 069)", async () => {
      const db = t.database.db;
      await db.insert(domains).values({
        name: "localhost",
        settings: { embed_origins: ["https://www.youtube-nocookie.com"] },
      });
      const video = '<iframe src="https://www.youtube-nocookie.com/embed/abc" title="Video"></iframe>';
      const result = await updatePage(db, "about", {
        content: `<p onclick="x()">Hi</p><script>alert(1)</script>${video}<iframe src="https://evil.example/x"></iframe>`,
        rows: [
          { blocks: [{ widgets: [{ type: "core/raw_code", fields: { code: '<img src="x" onerror="alert(1)">' } }] }] },
        ],
      });
      const content = result!.page.content;
      expect(content).toMatch(
        /^<p>Hi<\/p><iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\/abc" title="Video" class="cms-embed" loading="lazy"/,
      );
      expect(content).not.toMatch(/<script|alert|onclick|evil\.example/);
      expect(result!.page.rows).toEqual([{ blocks: [{ widgets: [{ type: "core/raw_code", fields: { code: "" } }] }] }]);
      await db.delete(domains);
    });

    it("a save the back-office makes: update, notify, and the API answers the new content", async () => {
      const told: ContentChange[] = [];
      const app = createCmsApp(t.database, { onContentChange: (change) => void told.push(change) });
      const cms = cmsClient(app);
      const result = await updatePage(t.database.db, "about", { title: "About the workshop" });
      await app.notify(result!.change);
      expect(told).toEqual([{ paths: EXPECTED_PATHS }]);
      const page = await cms.get(`${API}/page/about?pb=1`);
      expect(page.body.data).toEqual(result?.page);
      const initial = await cms.get(`${API}/domain/initialData`);
      const entry = initial.body.data.sitemap.find((e: { url: string }) => e.url === "/about");
      expect(entry).toMatchObject({ lastmod: result?.page.updated_at, seo_title: "About the workshop" });
      const [row] = await t.database.db.select().from(pages).where(eq(pages.url, "home"));
      expect(row.title).toBe("Home");
    });
  });
}
