/**
 * The content area's routes (the generic-record API, spec section 7): slides, photos,
 * testimonials, people and FAQs. Lists answer `{ data, num_items, num_pages, page }` to GET, and
 * to POST with the parameters in a JSON body; an unknown `group` is a JSON 404.
 */
import { Hono } from "hono";
import { z } from "zod";

import type { CmsEnv } from "../context";
import { found, listAnswer, parseRequest, pathId } from "../lib/http";
import { groupParam, imageOptions, imageParams, listParams, listRequest, pagingParams } from "../lib/params";
import { getPhoto, getSlide, listFaqs, listPeople, listPhotos, listSlides, listTestimonials } from "./service";

const faqQuery = z.object({ ...pagingParams(500, 100), group: groupParam }).passthrough();

export const contentRoutes = new Hono<CmsEnv>()
  .on(["GET", "POST"], "/slide", async (c) => {
    const q = await parseRequest(c, listParams(9, "16x9", 1920));
    return c.json(listAnswer(await listSlides(c.var.db, listRequest(q), imageOptions(q))));
  })
  .on(["GET", "POST"], "/slide/:id{[0-9]+}", async (c) => {
    const q = await parseRequest(c, z.object(imageParams("16x9", 1920)).passthrough());
    const slide = await getSlide(c.var.db, pathId(c, "Slide"), imageOptions(q));
    return c.json({ data: found(slide, "Slide not found") });
  })
  .on(["GET", "POST"], "/photo", async (c) => {
    const q = await parseRequest(c, listParams(100, "4x3", 600, 500));
    return c.json(listAnswer(await listPhotos(c.var.db, listRequest(q), imageOptions(q))));
  })
  .on(["GET", "POST"], "/photo/:id{[0-9]+}", async (c) => {
    const q = await parseRequest(c, z.object(imageParams("4x3", 600)).passthrough());
    const photo = await getPhoto(c.var.db, pathId(c, "Photo"), imageOptions(q));
    return c.json({ data: found(photo, "Photo not found") });
  })
  .on(["GET", "POST"], "/testimonial", async (c) => {
    const q = await parseRequest(c, listParams(20, "1x1", 100));
    return c.json(listAnswer(await listTestimonials(c.var.db, listRequest(q), imageOptions(q))));
  })
  .on(["GET", "POST"], "/person", async (c) => {
    const q = await parseRequest(c, listParams(64, "4x3", 900));
    return c.json(listAnswer(await listPeople(c.var.db, listRequest(q), imageOptions(q))));
  })
  .on(["GET", "POST"], "/faq", async (c) => {
    const q = await parseRequest(c, faqQuery);
    return c.json(listAnswer(await listFaqs(c.var.db, listRequest(q))));
  });
