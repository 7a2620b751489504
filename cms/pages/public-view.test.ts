/**
 * The public page API hides what visitors must not see (decision 027), in REST (`?pb=1`, the page
 * list) and GraphQL (`cognitoPages`, `cognitoPage`) alike, and says when to ask again
 * (`next_change_at`); an editor's preview (the service's `preview` option) sees it all. On each
 * driver, with the app's clock fixed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { domains, pageBlocks, pages } from "../db/schema";
import { cmsClient, createCmsApp, drivers, openTestDatabase, type TestDatabase } from "../test/databases";
import { getPage } from "./service";

const API = "/api/v1/cognito";
const NOW = Date.parse("2026-11-23T00:00:00.000Z");

const html = (id: string, text: string, wrapper?: Record<string, unknown>) => ({
  id,
  type: "core/html",
  sort: 0,
  deleted: false,
  fields: { html: `<p>${text}</p>` },
  ...(wrapper ? { wrapper } : {}),
});

const SHOWN = ["Opening hours: Monday to Friday.", "Spring is our busiest season."];
const HIDDEN = [
  "Switched-off notice: never shown.",
  "Christmas 2031 opening hours: not shown yet.",
  "Summer sale: free delivery in January.",
  "Draft: holiday closure dates.",
];

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`the public page API hides what visitors must not see — ${driver.title}`, () => {
    let t: TestDatabase;
    const cmsAt = (now: number) => cmsClient(createCmsApp(t.database, { clock: () => now }));
    const cms = () => cmsAt(NOW);

    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "public_view");
      const db = t.database.db;
      await db.insert(domains).values({ name: "localhost", settings: { time_zone: "Australia/Brisbane" } });
      const rows = [
        {
          row_type: "columns",
          blocks: [
            {
              id: "r1",
              deleted: false,
              widgets: [
                html("hours", SHOWN[0]),
                html("switched-off", HIDDEN[0], { visibility: 0 }),
                html("christmas", HIDDEN[1], { hidden_before: "2031-12-01T00:00:00Z" }),
              ],
            },
          ],
        },
      ];
      const [showcase] = await db
        .insert(pages)
        .values({ name: "showcase", slug: "showcase", url: "showcase", title: "Showcase", rows })
        .returning();
      const block = (name: string, text: string) => ({
        pageId: showcase.id,
        name,
        template: "core/html",
        variables: { html: `<p>${text}</p>` },
      });
      await db.insert(pageBlocks).values([
        {
          ...block("spring", SHOWN[1]),
          sortOrder: 1,
          startTime: new Date("2026-01-01T00:00:00Z"),
          endTime: new Date("2030-12-31T00:00:00Z"),
        },
        {
          ...block("summer", HIDDEN[2]),
          sortOrder: 2,
          startTime: new Date("2024-12-01T00:00:00Z"),
          endTime: new Date("2025-01-31T00:00:00Z"),
        },
        { ...block("draft", HIDDEN[3]), sortOrder: 3, hidden: true },
      ]);
      const [about] = await db
        .insert(pages)
        .values({ name: "about", slug: "about", url: "about", title: "About" })
        .returning();
      await db.insert(pageBlocks).values({
        pageId: about.id,
        name: "new year",
        template: "core/html",
        variables: { html: "<p>New year, new range.</p>" },
        startTime: new Date("2027-01-01T00:00:00Z"),
      });
    });
    afterAll(async () => {
      await t?.dispose();
    });

    const expectPublic = (answer: unknown) => {
      const text = JSON.stringify(answer);
      for (const shown of SHOWN) expect(text).toContain(shown);
      for (const hidden of HIDDEN) expect(text).not.toContain(hidden);
    };

    it("REST: the page by url, by query and in the page list leave hidden content out", async () => {
      for (const path of [`${API}/page/showcase?pb=1`, `${API}/page?url=showcase&pb=1`]) {
        const res = await cms().get(path);
        expect(res.status, path).toBe(200);
        expectPublic(res.body.data);
        expect(res.body.data.next_change_at, path).toBe("2030-12-31T00:00:00.000Z");
        expect(res.body.data.pageContents.map((b: { name: string }) => b.name)).toEqual(["spring"]);
      }
      const list = await cms().get(`${API}/page?pb=1`);
      expectPublic(list.body.data);
      expect(list.body.data.map((p: { next_change_at: string | null }) => p.next_change_at)).toEqual([
        "2030-12-31T00:00:00.000Z",
        "2027-01-01T00:00:00.000Z",
      ]);
      // Without the page builder's content there is nothing scheduled to speak of.
      const bare = await cms().get(`${API}/page?pb=0`);
      expect(bare.body.data[0]).not.toHaveProperty("next_change_at");
    });

    it("GraphQL: cognitoPages and cognitoPage leave the same content out", async () => {
      const fields = "url rows pageContents next_change_at";
      const res = await cms().graphql(`{ cognitoPages { ${fields} } cognitoPage(url: "showcase") { ${fields} } }`);
      expect(res.body.errors).toBeUndefined();
      expectPublic(res.body.data.cognitoPages);
      expectPublic(res.body.data.cognitoPage);
      expect(res.body.data.cognitoPage.next_change_at).toBe("2030-12-31T00:00:00.000Z");
      expect(res.body.data.cognitoPages[1]).toMatchObject({ url: "about", pageContents: [] });
    });

    it("an editor's preview sees the hidden content, with the same next change", async () => {
      const preview = await getPage(t.database.db, "showcase", true, { now: NOW, preview: true });
      const text = JSON.stringify(preview);
      for (const all of [...SHOWN, ...HIDDEN]) expect(text).toContain(all);
      expect(preview?.next_change_at).toBe("2030-12-31T00:00:00.000Z");
    });

    it("shows a block from its start: asked again at next_change_at, the page has it", async () => {
      const before = await cms().get(`${API}/page/about?pb=1`);
      expect(before.body.data.pageContents).toEqual([]);
      const nextChange = Date.parse(before.body.data.next_change_at);
      const after = await cmsAt(nextChange).get(`${API}/page/about?pb=1`);
      expect(after.body.data.pageContents.map((b: { name: string }) => b.name)).toEqual(["new year"]);
      expect(after.body.data.next_change_at).toBeNull();
      expect(after.body.data.updated_at).toBe(before.body.data.updated_at);
    });
  });
}
