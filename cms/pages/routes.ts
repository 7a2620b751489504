/** The pages area's routes: the page list, and one page by url (query or path). */
import { Hono } from "hono";
import { z } from "zod";

import type { CmsEnv } from "../context";
import { found, notFound, parseQuery } from "../lib/http";
import { flag, pagingParams, safeText } from "../lib/params";
import { getPage, listPages, normalisePageUrl } from "./service";

const listQuery = z.object({ ...pagingParams(100, 100), pb: flag, url: safeText(500).optional() });

export const pageRoutes = new Hono<CmsEnv>()
  .get("/page", async (c) => {
    const q = parseQuery(c, listQuery);
    if (q.url !== undefined) {
      const page = await getPage(c.var.db, normalisePageUrl(q.url), q.pb, { now: c.var.now, notify: c.var.notify });
      return c.json({ data: found(page, "Page not found") });
    }
    const view = { now: c.var.now };
    const { data, paging } = await listPages(c.var.db, { page: q.page, pageSize: q.page_size, withBlocks: q.pb, view });
    return c.json({ ...paging, data });
  })
  .get("/page/:url{.+}", async (c) => {
    const { pb } = parseQuery(c, z.object({ pb: flag }).passthrough());
    const url = safeText(500).safeParse(c.req.param("url"));
    if (!url.success) notFound("Page not found");
    const page = await getPage(c.var.db, normalisePageUrl(url.data), pb, { now: c.var.now, notify: c.var.notify });
    return c.json({ data: found(page, "Page not found") });
  });
