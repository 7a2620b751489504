/** Page drafts, publishing, schedules, revisions and the preview, seen through the public page answer. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { auditLog, pageRevisions, pages } from "../db/schema";
import { closeAndSettle, drivers } from "../test/databases";
import { type AdminHarness, adminHarness } from "./test-support";

const HOUR = 3_600_000;

const docWith = (heading: string, extra: Record<string, unknown> = {}) => ({
  title: heading,
  seo_title: null,
  meta_description: `About ${heading}`,
  priority: 50,
  rows: [
    {
      row_type: "columns",
      blocks: [
        {
          id: "b1",
          width: 12,
          offset: 0,
          sort: 1,
          widgets: [{ id: "w1", type: "core/html", sort: 1, fields: { html: `<h2>${heading}</h2>` } }],
        },
      ],
    },
  ],
  pageContents: [
    {
      name: "Notice",
      template: "core/html",
      variables: { html: `<p>${heading}</p>` },
      hidden: false,
      start_time: null,
      end_time: null,
      ...extra,
    },
  ],
  ...{},
});

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`page documents — ${driver.title}`, () => {
    let h: AdminHarness;
    let id: number;

    /** The public page answer, as a visitor reads it. */
    const visit = async () => (await h.client.get("/api/v1/cognito/page/workshop?pb=1")).body.data;
    const headingOf = (page: { rows: { blocks: { widgets: { fields: { html: string } }[] }[] }[] }) =>
      page.rows[0]?.blocks[0]?.widgets[0]?.fields.html;

    beforeAll(async () => {
      h = await adminHarness(driver.name, "admin-pages");
      const created = await h.call("/page/create", {
        name: "Workshop",
        slug: "workshop",
        url: "workshop",
        title: "Workshop",
      });
      id = created.body.data.id;
    }, 60_000);

    afterAll(async () => {
      await closeAndSettle(h.t);
      await h.t.dispose();
    });

    describe("page documents", () => {
      it("keeps a draft from visitors until it is published, storing a revision", async () => {
        const saved = await h.call("/page/saveDraft", { id, doc: docWith("First") });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        expect(saved.body.data.draft.title).toBe("First");
        const listed = await h.call("/page", { q: "workshop" });
        expect(listed.body.data.map((p: { has_draft: boolean }) => p.has_draft)).toEqual([true]);
        expect((await visit()).rows).toEqual([]);

        h.changes.length = 0;
        const published = await h.call("/page/publish", { id });
        expect(published.body.data.draft).toBeNull();
        expect(published.body.data.published.title).toBe("First");
        expect(h.changes[0].paths).toContain("/api/v1/cognito/page/workshop");
        const page = await visit();
        expect(headingOf(page)).toBe("<h2>First</h2>");
        expect(page.pageContents.map((b: { name: string }) => b.name)).toEqual(["Notice"]);

        const revisions = await h.call("/page/revisions", { id });
        expect(revisions.body.data).toEqual([
          expect.objectContaining({ created_by: { id: h.admin.id, name: "Ada Admin" }, publish_at: null }),
        ]);
        expect((await h.call("/page/publish", { id })).status).toBe(409);
      });

      it("refuses a document of the wrong shape, naming the field", async () => {
        const bad = await h.call("/page/saveDraft", {
          id,
          doc: { ...docWith("X"), rows: [{ blocks: [{ widgets: [{}] }] }] },
        });
        expect(bad.status).toBe(400);
        expect(Object.keys(bad.body.errors)).toEqual(["doc"]);
      });

      it("publishes a scheduled revision at its time, once, and names the time in next_change_at", async () => {
        const at = new Date(h.clock.now() + HOUR).toISOString();
        await h.call("/page/saveDraft", { id, doc: docWith("Second") });
        const scheduled = await h.call("/page/publish", { id, publish_at: at });
        expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
        expect(scheduled.body.data.scheduled).toEqual([{ revision: expect.any(Number), publish_at: at }]);

        const before = await visit();
        expect(headingOf(before)).toBe("<h2>First</h2>");
        expect(before.next_change_at).toBe(at);

        h.clock.advance(HOUR);
        h.changes.length = 0;
        // Readers at once: the revision is applied by one of them, once.
        const [after] = await Promise.all([visit(), visit(), visit()]);
        expect(headingOf(after)).toBe("<h2>Second</h2>");
        expect(after.title).toBe("Second");
        expect(after.next_change_at).toBeNull();
        expect(h.changes).toHaveLength(1);
        await visit();
        const graphql = await h.client.call("POST", "/graphql", {
          json: { query: '{ cognitoPage(url: "workshop") { title } }' },
          headers: { accept: "application/json" },
        });
        expect(graphql.body.data.cognitoPage.title).toBe("Second");
        const applied = await h.db.select().from(auditLog).where(eq(auditLog.action, "publishScheduled"));
        expect(applied).toHaveLength(1);
        expect((await h.call(`/page/${id}`)).body.data.scheduled).toEqual([]);
      });

      it("restores an old revision as a new one", async () => {
        const revisions = (await h.call("/page/revisions", { id })).body.data;
        const first = revisions[revisions.length - 1];
        expect((await h.call("/page/revision", { id, revision: first.id })).body.data.doc.title).toBe("First");
        const restored = await h.call("/page/restore", { id, revision: first.id });
        expect(restored.body.data.published.title).toBe("First");
        expect(headingOf(await visit())).toBe("<h2>First</h2>");
        expect((await h.call("/page/revisions", { id })).body.data).toHaveLength(3);
      });

      it("previews the draft or the page as of a moment, writing nothing", async () => {
        const at = h.clock.now() + 2 * HOUR;
        await h.call("/page/saveDraft", { id, doc: docWith("Third", { hidden: true }) });
        await h.call("/page/publish", { id, publish_at: new Date(at).toISOString() });
        await h.call("/page/saveDraft", { id, doc: docWith("Draft") });
        const rowsBefore = JSON.stringify(await h.db.select().from(pages).where(eq(pages.id, id)));

        const now = await h.call("/page/preview", { id });
        expect(headingOf(now.body.data)).toBe("<h2>First</h2>");
        const later = await h.call("/page/preview", { id, as_of: new Date(at).toISOString() });
        expect(headingOf(later.body.data)).toBe("<h2>Third</h2>");
        // Its page block is hidden: the editor sees it, a visitor would not.
        expect(later.body.data.pageContents).toHaveLength(1);
        const asVisitor = await h.call("/page/preview", { id, as_of: new Date(at).toISOString(), editing: false });
        expect(asVisitor.body.data.pageContents).toHaveLength(0);
        const draft = await h.call("/page/preview", { id, draft: true });
        expect(headingOf(draft.body.data)).toBe("<h2>Draft</h2>");

        expect(JSON.stringify(await h.db.select().from(pages).where(eq(pages.id, id)))).toBe(rowsBefore);
        const pending = await h.db.select().from(pageRevisions).where(eq(pageRevisions.pageId, id));
        expect(pending.filter((r) => r.publishedAt === null)).toHaveLength(1);
      });
    });
  });
}
