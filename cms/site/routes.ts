/** The site area's routes: the current domain, the initial data, and the navigation links. */
import { Hono } from "hono";
import { z } from "zod";

import type { CmsEnv } from "../context";
import { found, parseQuery } from "../lib/http";
import { safeText } from "../lib/params";
import { getCurrentDomain, getInitialData, listLinks } from "./service";

export const siteRoutes = new Hono<CmsEnv>()
  .get("/domain/currentDomain", async (c) => {
    return c.json({ data: found(await getCurrentDomain(c.var.db), "No site is configured") });
  })
  .get("/domain/initialData", async (c) => {
    return c.json({ data: await getInitialData(c.var.db) });
  })
  .get("/link", async (c) => {
    const { parent } = parseQuery(c, z.object({ parent: safeText(100).min(1).optional() }));
    return c.json({ data: await listLinks(c.var.db, parent) });
  });
