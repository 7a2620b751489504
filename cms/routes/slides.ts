import { Hono } from "hono";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { CmsEnv } from "../context";
import { groups, photos, slides } from "../db/schema";
import { notFound, parseQuery, positiveInt, safeText } from "../http";
import { loadImageRecords } from "../images/lookup";
import { imageParams } from "./catalogue";

/** Slides of a slideshow group, and the generic photo resource. */
export const slideRoutes = new Hono<CmsEnv>()
  .get("/slide", async (c) => {
    const q = parseQuery(c, z.object({ ...imageParams("16x9", 1920), page_size: positiveInt(100, 9), group: safeText(100).optional() }).passthrough());
    let groupId: number | undefined;
    if (q.group) {
      const all = await c.var.db.select({ id: groups.id, slug: groups.slug }).from(groups).where(eq(groups.model, "Slide"));
      groupId = all.find((g) => String(g.id) === q.group || g.slug === q.group)?.id;
      if (groupId === undefined) notFound("Group not found");
    }
    const rows = await c.var.db
      .select()
      .from(slides)
      .where(groupId === undefined ? undefined : eq(slides.groupId, groupId))
      .orderBy(asc(slides.groupId), asc(slides.sortOrder), asc(slides.id))
      .limit(q.page_size);
    const images = await loadImageRecords(c.var.db, rows.map((r) => r.imageHash), { aspect: q.image_aspect, width: q.image_width });
    return c.json({
      data: rows.map((s) => ({
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
      })),
    });
  })
  .get("/photo", async (c) => {
    const q = parseQuery(c, z.object({ ...imageParams("4x3", 600), page_size: positiveInt(500, 100) }).passthrough());
    const rows = await c.var.db.select().from(photos).orderBy(asc(photos.sortOrder), asc(photos.id)).limit(q.page_size);
    const images = await loadImageRecords(c.var.db, rows.map((r) => r.imageHash), { aspect: q.image_aspect, width: q.image_width });
    return c.json({
      data: rows.map((p) => ({ id: p.id, name: p.name, description: p.description, image: images.get(p.imageHash) ?? null })),
    });
  });
