import { getImageByHash, imageHash } from "~/lib/api/media.server";
import { getPeople } from "~/lib/api/people.server";
import type { Image } from "~/lib/api/schemas";
import { getTestimonials } from "~/lib/api/testimonials.server";
import type { Transport } from "~/lib/api/transport.server";
import type { WidgetLoader } from "../loaders.server";
import { num, str } from "../types";

/** A widget image by its name in `fields.imageHashes`; no upstream call when there is no (well-formed) hash. */
const widgetImage = (fields: Record<string, unknown>, name: string, aspect: string, width: number, t: Transport) =>
  getImageByHash(t, imageHash(fields, name), aspect, width);

/** The group a list widget is limited to: a slug or an id; empty means all. */
const group = (fields: Record<string, unknown>) => str(fields, "group").trim();

export interface ImageWithContentData {
  image: Image | null;
}

/** core/image_with_content: its image, 16x9 at 1920 wide. */
export const loadImageWithContent: WidgetLoader = async (widget, { transport }) =>
  ({ image: await widgetImage(widget.fields, "image", "16x9", 1920, transport) }) satisfies ImageWithContentData;

export interface CallToActionData {
  left: Image | null;
  right: Image | null;
}

/** core/call_to_action: its left and right images, 16x9 at 300 wide, asked for together. */
export const loadCallToAction: WidgetLoader = async (widget, { transport }) => {
  const [left, right] = await Promise.all([
    widgetImage(widget.fields, "left_image", "16x9", 300, transport),
    widgetImage(widget.fields, "right_image", "16x9", 300, transport),
  ]);
  return { left, right } satisfies CallToActionData;
};

export interface TplHeadingData {
  image: Image | null;
}

/** tpl/heading: its background image, 16x5 at 1920 wide. */
export const loadTplHeading: WidgetLoader = async (widget, { transport }) =>
  ({ image: await widgetImage(widget.fields, "background_image", "16x5", 1920, transport) }) satisfies TplHeadingData;

/** core/person_list: the people of the widget's group, 64 by default (spec), photos 4x3 at 900 wide. */
export const loadPersonList: WidgetLoader = (widget, { transport }) =>
  getPeople(transport, { group: group(widget.fields), pageSize: num(widget.fields, "page_size", 64, 1, 100), imageAspect: "4x3", imageWidth: 900 });

/** core/hero_testimonial: three testimonials of the widget's group, square images 100 wide. */
export const loadHeroTestimonial: WidgetLoader = (widget, { transport }) =>
  getTestimonials(transport, { group: group(widget.fields), pageSize: 3, imageAspect: "1x1", imageWidth: 100 });

/** core/testimonial_grid: the testimonials of the widget's group, 12 by default and at most 100, square images 100 wide. */
export const loadTestimonialGrid: WidgetLoader = (widget, { transport }) =>
  getTestimonials(transport, { group: group(widget.fields), pageSize: num(widget.fields, "page_size", 12, 1, 100), imageAspect: "1x1", imageWidth: 100 });
