/**
 * A content change, then a purge, through the real pieces: the embedded CMS over a database, the
 * site's transport and cache from a request's load context, and the `/_purge` handler. The page is
 * changed in the database directly (the back-office's save will call the CMS's pages service and
 * announce the change itself).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SwrCache } from "~/lib/api/cache.server";
import { getPage } from "~/lib/api/pages.server";
import { createLoadContext } from "~/lib/load-context.server";
import { handlePurge } from "~/lib/purge.server";
import { emptyCspSources } from "~/lib/security-headers.server";
import { createCmsApp, drivers, openTestDatabase, type TestDatabase } from "../../cms/test/databases";

const TOKEN = "p".repeat(40);

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`purge after a content change — ${driver.title}`, () => {
    let t: TestDatabase;
    let cmsFetch: (request: Request) => Promise<Response>;
    // The clock stands still: without the purge, the cached page would stay fresh.
    const cache = new SwrCache(1000, () => Date.parse("2026-06-01T00:00:00Z"));

    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "content-purge");
      await t.database.db.execute(
        sql`insert into pages (name, slug, url, title) values ('Workshop', 'workshop', 'workshop', 'Our workshop')`,
      );
      cmsFetch = createCmsApp(t.database).fetch;
    });
    afterAll(async () => {
      await t?.dispose();
    });

    const contextFor = (request: Request) =>
      createLoadContext({
        request,
        cspNonce: "n",
        cspExtra: emptyCspSources(),
        upstream: { fetch: cmsFetch, baseUrl: "http://cms.internal", publicUrl: "", timeoutMs: 10_000 },
        upstreamCache: cache,
        sessionSecret: "s".repeat(40),
        production: false,
        purgeToken: TOKEN,
      });

    /** The page's title as the next visitor's request gets it. */
    async function title() {
      const { transport } = await contextFor(new Request("https://dovetail.example/workshop")).visitor();
      return (await getPage(transport, "workshop"))?.title;
    }

    it("shows the new content on the next request once the CMS has purged the page", async () => {
      expect(await title()).toBe("Our workshop");
      await t.database.db.execute(
        sql`update pages set title = 'The new workshop', updated_at = now() where url = 'workshop'`,
      );
      expect(await title()).toBe("Our workshop");

      vi.spyOn(console, "log").mockImplementation(() => {});
      const request = new Request("https://dovetail.example/_purge", {
        method: "POST",
        headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify({ paths: ["/api/v1/cognito/page/workshop"] }),
      });
      expect((await handlePurge(request, contextFor(request))).status).toBe(204);

      expect(await title()).toBe("The new workshop");
    });
  });
}
