import { Hono } from "hono";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { CmsEnv } from "../context";
import { photos, slides } from "../db/schema";
import { notFound, parseQuery, parseRequest } from "../lib/http";
import { positiveInt } from "../lib/params";
import { loadImageRecords } from "../media/service";
import { imageParams } from "./catalogue";
import { countRows, pageInfo, pathId } from "./content";
import { groupParam, requireGroupId } from "./group-param";

type SlideRow = typeof slides.$inferSelect;
type Records = Awaited<ReturnType<typeof loadImageRecords>>;

function serializeSlide(s: SlideRow, images: Records) {
  return {
    id: s.id,
    group: s.groupId,
    heading: s.heading,
    sub_heading: s.subHeading,
    sub_heading_1: s.subHeading1,
    content: s.content,
    footer: s.footer,
    image: s.imageHash ? (images.get(s.imageHash) ?? null) : null,
    overlay_color: s.overlayColor,
    text_color: s.textColor,
    image_opacity: s.imageOpacity,
    image_saturation: s.imageSaturation,
    link: s.link,
    link_button_text: s.linkButtonText,
    link_target: s.linkTarget,
  };
}

/** Slides of a slideshow group (GET, or POST with the parameters in a JSON body), one slide, and the generic photo resource. */
export const slideRoutes = new Hono<CmsEnv>()
  .on(["GET", "POST"], "/slide", async (c) => {
    const q = await parseRequest(
      c,
      z.object({ ...imageParams("16x9", 1920), page_size: positiveInt(100, 9), page: positiveInt(100_000, 1), group: groupParam }).passthrough(),
    );
    const groupId = await requireGroupId(c.var.db, "Slide", q.group);
    const where = groupId === undefined ? undefined : eq(slides.groupId, groupId);
    const count = await countRows(c.var.db, slides, where);
    const rows = await c.var.db
      .select()
      .from(slides)
      .where(where)
      .orderBy(asc(slides.groupId), asc(slides.sortOrder), asc(slides.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size);
    const images = await loadImageRecords(c.var.db, rows.map((r) => r.imageHash), { aspect: q.image_aspect, width: q.image_width });
    return c.json({ data: rows.map((s) => serializeSlide(s, images)), ...pageInfo(count, q) });
  })
  .on(["GET", "POST"], "/slide/:id{[0-9]+}", async (c) => {
    const q = await parseRequest(c, z.object(imageParams("16x9", 1920)).passthrough());
    const [row] = await c.var.db.select().from(slides).where(eq(slides.id, pathId(c, "Slide"))).limit(1);
    if (!row) notFound("Slide not found");
    const images = await loadImageRecords(c.var.db, [row.imageHash], { aspect: q.image_aspect, width: q.image_width });
    return c.json({ data: serializeSlide(row, images) });
  })
  .get("/photo", async (c) => {
    const q = parseQuery(c, z.object({ ...imageParams("4x3", 600), page_size: positiveInt(500, 100) }).passthrough());
    const rows = await c.var.db.select().from(photos).orderBy(asc(photos.sortOrder), asc(photos.id)).limit(q.page_size);
    const images = await loadImageRecords(c.var.db, rows.map((r) => r.imageHash), { aspect: q.image_aspect, width: q.image_width });
    return c.json({
      data: rows.map((p) => ({ id: p.id, name: p.name, description: p.description, image: images.get(p.imageHash) ?? null })),
    });
  });
