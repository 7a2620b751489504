/**
 * The media library (docs/back-office.md, "Images"): the stored images, newest first, a page at
 * a time, `q` searching their names. Only the columns the screens need are read (never the bytes).
 */
import { count, desc, ilike } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";

import type { CmsEnv } from "../context";
import { imageListAnswerSchema } from "../contract/admin";
import { answer } from "../contract/answer";
import type { Db } from "../db/client";
import { images } from "../db/schema";
import { pagingOf } from "../lib/paginate";
import { safeText } from "../lib/params";
import { readBody } from "./body";
import { screenImage } from "./registry";

export const imageListBody = z
  .object({
    q: safeText(100).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(24),
  })
  .strict();

/** `%` and `_` in a search are the letters typed, not LIKE's wildcards. */
const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listImages(db: Db, body: z.infer<typeof imageListBody>) {
  const where = body.q ? ilike(images.name, likeText(body.q)) : undefined;
  const [total] = await db.select({ n: count() }).from(images).where(where);
  const rows = await db
    .select({
      hash: images.hash,
      name: images.name,
      width: images.width,
      height: images.height,
      placeholder: images.placeholder,
      createdAt: images.createdAt,
    })
    .from(images)
    .where(where)
    .orderBy(desc(images.createdAt), images.hash)
    .limit(body.page_size)
    .offset((body.page - 1) * body.page_size);
  const data = rows.map((r) => ({
    hash: r.hash,
    ...(r.name ? { name: r.name } : {}),
    width: r.width,
    height: r.height,
    created_at: r.createdAt.toISOString(),
    url: screenImage(r)!.url,
  }));
  return { data, ...pagingOf(total?.n ?? 0, { page: body.page, pageSize: body.page_size }) };
}

/** `POST /image`: mounted under the admin routes, so only admins reach it. */
export function imageRoutes() {
  const app = new Hono<CmsEnv>();
  app.post("/image", async (c) =>
    c.json(answer(imageListAnswerSchema, await listImages(c.var.db, await readBody(c, imageListBody)))),
  );
  return app;
}
