/**
 * The search area's route: `GET /api/v1/cognito/search?q=&page_size=` (decision 061). Answers
 * `{ query, total, groups: [{ kind, data: [{ id, kind, title, url, snippet, image }] }] }`;
 * `snippet` is HTML (escaped text with <mark> around matches). An empty query (or one with no
 * words) answers no groups; a query too long or with control characters is a 400.
 */
import { Hono } from "hono";
import { z } from "zod";

import type { CmsEnv } from "../context";
import { MAX_QUERY_LENGTH } from "../contract/search";
import { parseQuery } from "../lib/http";
import { imageOptions, imageParams, positiveInt, safeText } from "../lib/params";
import { search } from "./service";

const searchQuery = z
  .object({
    q: z.preprocess((v) => v ?? "", safeText(MAX_QUERY_LENGTH)),
    page_size: positiveInt(50, 10),
    ...imageParams("4x3", 400),
  })
  .passthrough();

export const searchRoutes = new Hono<CmsEnv>().get("/search", async (c) => {
  const q = parseQuery(c, searchQuery);
  const found = await search(c.var.db, { q: q.q, pageSize: q.page_size, image: imageOptions(q) });
  return c.json({ query: q.q, total: found?.total ?? 0, groups: found?.groups ?? [] });
});
