/**
 * A small seeds folder for the content tests: images drawn with sharp, Cognito groups of each
 * content model, testimonials, people, FAQs, galleries, slides, voucher themes and a one-second
 * background video, plus pages that refer to them with "@image:", "@video:", "@gallery:" and
 * "@group:" references. Nothing here depends on the real seeds/.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

import sharp from "sharp";

import { imageHash } from "../media/store";
import type { SeedData } from "../seed";

/** Test images: file → pixel size of the original. */
export const CONTENT_IMAGES = {
  "people/t-1.jpg": [400, 400],
  "people/t-2.jpg": [300, 300],
  "people/t-3.jpg": [600, 400],
  "people/p-1.jpg": [1200, 900],
  "people/p-2.jpg": [800, 800],
  "galleries/g-1a.jpg": [1600, 1200],
  "galleries/g-1b.jpg": [1000, 750],
  "galleries/g-2a.jpg": [800, 600],
  "vouchers/v-1.jpg": [1600, 900],
  "vouchers/v-2.jpg": [640, 480],
  "backgrounds/poster.jpg": [960, 540],
  "backgrounds/page-bg.jpg": [1200, 600],
  "slides/slide.jpg": [1280, 720],
} as const satisfies Record<string, readonly [number, number]>;
export type ContentImage = keyof typeof CONTENT_IMAGES;

async function picture(width: number, height: number, tint: number) {
  const hue = (30 + tint * 53) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="hsl(${hue},50%,65%)"/>
    <rect x="${width * 0.2}" y="${height * 0.55}" width="${width * 0.6}" height="${height * 0.1}" fill="hsl(${(hue + 150) % 360},45%,35%)"/>
    <circle cx="${width * 0.75}" cy="${height * 0.3}" r="${Math.min(width, height) * 0.1}" fill="#f4d35e"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** Writes the images under `dir`/images and gives each one's content hash. */
export async function writeContentImages(dir: string) {
  const hashes = new Map<ContentImage, string>();
  await Promise.all(
    Object.entries(CONTENT_IMAGES).map(async ([file, [w, h]], i) => {
      const full = path.join(dir, "images", file);
      await mkdir(path.dirname(full), { recursive: true });
      const bytes = await picture(w, h, i);
      await writeFile(full, bytes);
      hashes.set(file as ContentImage, imageHash(bytes));
    }),
  );
  return hashes;
}

const cognito = (model: string, slug: string) => ({
  namespace: "Cognito",
  model,
  name: slug[0].toUpperCase() + slug.slice(1),
  slug,
  children: [],
});

/** 22 reviews (the first three with images and ratings 5, 4 and none), 2 trade testimonials and 1 without a group. */
export const REVIEWS = Array.from({ length: 22 }, (_, i) => ({
  group: "reviews",
  name: `Reviewer ${i + 1}`,
  title: `Town ${i + 1}`,
  content: `<p>Review ${i + 1}.</p>`,
  image: (["people/t-1.jpg", "people/t-2.jpg", "people/t-3.jpg"] as const)[i] as ContentImage | undefined,
  rating: i === 1 ? 4 : i === 2 ? null : 5,
}));

export function contentSeedData(
  dir: string,
  pageRefs: { rows?: unknown[]; block?: Record<string, unknown> } = {},
): SeedData {
  return {
    domain: { name: "content.test", settings: {} },
    pages: [
      {
        name: "showcase",
        slug: "showcase",
        url: "showcase",
        title: "Showcase",
        seo_title: null,
        meta_description: "",
        priority: null,
        content: "",
        rows: pageRefs.rows ?? [],
        pageContents: pageRefs.block
          ? [
              {
                sort_order: 0,
                name: "hero",
                template: "hero",
                variables: {},
                hidden: false,
                start_time: null,
                end_time: null,
                deleted: false,
                ...pageRefs.block,
              },
            ]
          : [],
      },
    ],
    groups: [
      cognito("Testimonial", "reviews"),
      cognito("Testimonial", "trade"),
      cognito("Person", "team"),
      cognito("Faq", "care"),
      cognito("Faq", "delivery"),
      cognito("Gallery", "work"),
      cognito("Gallery", "other"),
      cognito("Slide", "hero"),
      cognito("Photo", "workshop"),
    ],
    links: [],
    redirects: [],
    products: [],
    slides: [1, 2].map((n) => ({
      group: "hero",
      heading: `Slide ${n}`,
      sub_heading: "",
      sub_heading_1: "",
      content: "",
      footer: "",
      image: "slides/slide.jpg",
      link: "/catalogue",
      link_button_text: "Shop",
      link_target: "",
      overlay_color: null,
      text_color: null,
      image_opacity: null,
      image_saturation: null,
    })),
    testimonials: [
      ...REVIEWS,
      { group: "trade", name: "Trade One", title: "", content: "", rating: 5 },
      { group: "trade", name: "Trade Two", title: "", content: "", rating: 3 },
      { name: "No Group", title: "", content: "", rating: null },
    ],
    people: [
      {
        group: "team",
        first_name: "Ada",
        last_name: "Lovelace",
        title: "Founder",
        description: "<p>Ada.</p>",
        photo: "people/p-1.jpg",
      },
      {
        group: "team",
        first_name: "Bob",
        last_name: "Brown",
        title: "Maker",
        description: "",
        photo: "people/p-2.jpg",
      },
      { group: "team", first_name: "Cy", last_name: "", title: "", description: "" },
      { first_name: "Free", last_name: "Agent", title: "", description: "" },
    ],
    faqs: [
      { group: "care", name: "How do I oil it?", content: "<p>Once a year.</p>" },
      { group: "delivery", name: "Do you deliver?", content: "<p>Yes.</p>" },
      { group: "care", name: "Will it go grey?", content: "<p>Yes, silver grey.</p>" },
    ],
    galleries: [
      {
        group: "work",
        name: "Decks",
        url: "decks",
        heading: "Decks",
        sub_heading: "On decks",
        slides: [
          {
            image: "galleries/g-1a.jpg",
            link: "/a",
            heading: "A",
            sub_heading: "a",
            content: "<p>a</p>",
            link_button_text: "See A",
          },
          { image: "galleries/g-1b.jpg", link: "", heading: "B", sub_heading: "", content: "", link_button_text: "" },
          { link: "", heading: "No picture", sub_heading: "", content: "", link_button_text: "" },
        ],
      },
      {
        group: "work",
        name: "Benches",
        url: "benches",
        heading: "Benches",
        sub_heading: "",
        slides: [
          {
            image: "galleries/g-2a.jpg",
            link: "",
            heading: "Bench",
            sub_heading: "",
            content: "",
            link_button_text: "",
          },
        ],
      },
      { group: "other", name: "Empty", url: "empty-one", heading: "", sub_heading: "", slides: [] },
    ],
    photos: [
      { group: "workshop", name: "Glue-up", description: "Clamped overnight.", image: "galleries/g-1a.jpg" },
      { group: "workshop", name: "Oiling", description: "", image: "slides/slide.jpg" },
      { name: "Loose", description: "In no group.", image: "people/p-1.jpg" },
    ],
    voucherThemes: [
      { name: "Birthday", image: "vouchers/v-1.jpg" },
      { name: "Thanks", image: "vouchers/v-2.jpg" },
      { name: "Plain" },
    ],
    videos: [{ key: "clip", name: "Clip", image: "backgrounds/poster.jpg", seconds: 1 }],
    dir,
  };
}
