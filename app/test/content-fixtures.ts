import type { Person } from "@contract/content";
import type { Testimonial } from "@contract/content";
import type { Widget } from "@contract/pages";

import type { RecordedCall } from "./recording-transport";
import { testImage } from "./test-images";

/** Records and widgets for the content widgets' tests (rendering and loaders). */

export const HASH_A = "a".repeat(32);
export const HASH_B = "b".repeat(32);

const image = testImage;

export const widget = (type: string, fields: Record<string, unknown> = {}, id = "w1"): Widget => ({
  id,
  type,
  sort: 0,
  deleted: false,
  fields,
  items: [],
});

export const testimonial = (id: number, over: Partial<Testimonial> = {}): Testimonial => ({
  id,
  name: `Customer ${id}`,
  title: `Buyer of table ${id}`,
  content: `<p>Quote number ${id}</p>`,
  image: image(String(id).repeat(32).slice(0, 32), "1x1", 100, 100),
  rating: 5,
  group: "home",
  ...over,
});

export const person = (id: number, first: string, last: string, over: Partial<Person> = {}): Person => ({
  id,
  first_name: first,
  last_name: last,
  title: `Role ${id}`,
  description: `<p>About ${first}</p>`,
  photo: image(String(id).repeat(32).slice(0, 32), "4x3", 900, 675),
  group: null,
  ...over,
});

/** The upstream's image answer: the record for the hash at the aspect and width asked for. */
export const imageAnswer = ({ params }: RecordedCall) => {
  const [w, h] = String(params.image_aspect).split("x").map(Number);
  const width = Number(params.image_width);
  return { data: image(String(params.hash), String(params.image_aspect), width, Math.round((width * h) / w)) };
};
