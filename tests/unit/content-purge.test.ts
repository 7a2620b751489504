/**
 * A content change, then a purge, through the real pieces: the CMS's pages service over a
 * database, the app's change notice, the site's transport and cache from a request's load context,
 * and (for a CMS on another host) the authenticated `/_purge` call the CMS makes to the site.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { emptyCspSources } from "~/host/security-headers.server";
import { SwrCache } from "~/lib/api/cache.server";
import { getPage } from "~/lib/api/pages.server";
import { createLoadContext } from "~/lib/load-context.server";
import { handlePurge } from "~/lib/purge.server";

import { apiPaths, type ContentChangeListener, purgeListener } from "../../cms/events";
import { updatePage } from "../../cms/pages/service";
import { createCmsApp, drivers, openTestDatabase, type TestDatabase } from "../../cms/test/databases";

const TOKEN = "p".repeat(40);

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`purge after a content change — ${driver.title}`, () => {
    let t: TestDatabase;
    let cms: ReturnType<typeof createCmsApp>;
    let listener: ContentChangeListener = () => {};
    // The clock stands still: without the purge, the cached page would stay fresh for ever.
    let cache: SwrCache;

    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "content-purge");
      await t.database.db.execute(
        sql`insert into pages (name, slug, url, title) values ('Workshop', 'workshop', 'workshop', 'Our workshop')`,
      );
      await t.database.db.execute(
        sql`insert into pages (name, slug, url, title) values ('Tours', 'workshop-tours', 'workshop/tours', 'Tours')`,
      );
      cms = createCmsApp(t.database, { onContentChange: (change) => listener(change) });
    });
    afterAll(async () => {
      await t?.dispose();
    });
    beforeEach(async () => {
      cache = new SwrCache(1000, () => Date.parse("2026-06-01T00:00:00Z"));
      await updatePage(t.database.db, "workshop", { title: "Our workshop" });
      vi.spyOn(console, "log").mockImplementation(() => {});
    });

    const contextFor = (request: Request) =>
      createLoadContext({
        request,
        cspNonce: "n",
        cspExtra: emptyCspSources(),
        upstream: { fetch: cms.fetch, baseUrl: "http://cms.internal", publicUrl: "", timeoutMs: 10_000 },
        upstreamCache: cache,
        sessionSecret: "s".repeat(40),
        production: false,
        purgeToken: TOKEN,
      });

    /** A page's title as the next anonymous visitor's request gets it. */
    async function title(url = "workshop") {
      const { transport } = await contextFor(new Request(`https://dovetail.example/${url}`)).visitor();
      return (await getPage(transport, url))?.title;
    }

    /** The back-office's save: the pages service, then the app's notice of what it made stale. */
    async function save(newTitle: string) {
      const saved = await updatePage(t.database.db, "workshop", { title: newTitle });
      await cms.notify(saved!.change);
    }

    it("embedded: the change purges the site's cache in process, so the next request shows it", async () => {
      listener = (change) => {
        cache.purge(change);
      };
      expect(await title()).toBe("Our workshop");
      await save("The new workshop");
      expect(await title()).toBe("The new workshop");
    });

    it("split: the CMS's authenticated purge call reaches the site's /_purge, so the next request shows it", async () => {
      const calls: Response[] = [];
      // The CMS's real listener; its HTTP request is answered by the site's real purge handler.
      listener = purgeListener({
        siteUrl: "https://dovetail.example",
        token: TOKEN,
        fetch: async (input, init) => {
          const request = new Request(input, init);
          const response = await handlePurge(request, contextFor(request));
          calls.push(response);
          return response;
        },
      });
      expect(await title()).toBe("Our workshop");
      await save("The workshop, renewed");
      expect(calls.map((r) => r.status)).toEqual([204]);
      expect(await title()).toBe("The workshop, renewed");
    });

    it("drops the changed page by its own path, as the site's client asks for it, and no other page", async () => {
      await updatePage(t.database.db, "workshop/tours", { title: "Tours" });
      listener = (change) => {
        // Only the page's own path: not the page list, whose path would not match a page anyway.
        cache.purge({ paths: change.paths.filter((path) => path === apiPaths.page("workshop")) });
      };
      expect([await title(), await title("workshop/tours")]).toEqual(["Our workshop", "Tours"]);
      await updatePage(t.database.db, "workshop/tours", { title: "Tours, changed unannounced" });
      await save("Workshop, by its path");
      expect([await title(), await title("workshop/tours")]).toEqual(["Workshop, by its path", "Tours"]);
    });

    it("without a purge the cached page is still served: the purge is what makes it new", async () => {
      listener = () => {};
      expect(await title()).toBe("Our workshop");
      await save("Unannounced");
      expect(await title()).toBe("Our workshop");
    });
  });
}
