/**
 * Content records (spec section 3): slides, testimonials, people and FAQs, as their lists
 * (`GET slide`, `testimonial`, `person`, `faq`) answer them.
 */
import { z } from "zod";

import { orEmpty, orNull, text, tolerantList } from "./lenient";
import { imageSchema, optionalImageSchema } from "./media";

/** A group named by id or slug, or none. */
const groupRef = z
  .union([z.number(), z.string()])
  .nullish()
  .catch(null)
  .transform((v) => v ?? null);

export const slideSchema = z.object({
  id: z.number(),
  heading: orEmpty,
  sub_heading: orEmpty,
  sub_heading_1: orEmpty,
  content: orEmpty,
  footer: orEmpty,
  image: imageSchema.nullish().transform((v) => v ?? null),
  overlay_color: orNull(z.string()),
  text_color: orNull(z.string()),
  image_opacity: orNull(z.number()),
  image_saturation: orNull(z.number()),
  link: orEmpty,
  link_button_text: orEmpty,
  link_target: orEmpty,
});
export type Slide = z.infer<typeof slideSchema>;

export const testimonialSchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: text,
  title: text,
  content: text,
  // A broken image record loses the image, not the testimonial.
  image: optionalImageSchema,
  // The scale is 1 to 5; anything else means "not rated".
  rating: z.coerce.number().int().min(1).max(5).nullable().catch(null),
  group: groupRef,
});
export type Testimonial = z.infer<typeof testimonialSchema>;

export const personSchema = z.object({
  id: z.union([z.number(), z.string()]),
  first_name: text,
  last_name: text,
  title: text,
  description: text,
  // A broken image record loses the photo, not the person.
  photo: optionalImageSchema,
  group: groupRef,
});
export type Person = z.infer<typeof personSchema>;

/** A question and its answer (spec section 3, "FAQ"). */
export const faqSchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: text,
  content: text,
  group: groupRef,
});
export type Faq = z.infer<typeof faqSchema>;

export const slidesAnswerSchema = z.object({ data: z.array(slideSchema) });
export const testimonialsAnswerSchema = z.object({ data: tolerantList(testimonialSchema) });
export const peopleAnswerSchema = z.object({ data: tolerantList(personSchema) });
export const faqsAnswerSchema = z.object({ data: tolerantList(faqSchema) });
