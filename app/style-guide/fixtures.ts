import type { Widget } from "@contract/pages";

/**
 * The style guide's widgets (/demo_asdf, decision 072): every widget type with fields as an
 * editor would set them, naming the seeded records (groups, galleries, the form) that the real
 * loads fetch. App code, not test code: the route imports it.
 */

type Fields = Record<string, unknown>;

/** A widget of the guide, as a page would hold it. */
export const demoWidget = (id: string, type: string, fields: Fields, items: Fields[] = []): Widget => ({
  id: `demo-${id}`,
  type,
  sort: 0,
  deleted: false,
  fields,
  items,
});

const LONG =
  "Kiln-dried spotted gum, blackbutt and cypress, cut, joined, sanded and oiled by hand at our own benches, then delivered fully assembled to decks and courtyards right across South East Queensland";
const LONG_WORD = "Supercalifragilisticexpialidociousoutdoorfurnituremaintenanceinstructions";

const questions = [
  { id: 1, name: "How often should I oil my furniture?", content: "<p>Every six to twelve months.</p>" },
  { id: 2, name: "Can you make a piece to a custom size?", content: "<p>Often, yes.</p>" },
  { id: 3, name: "Do you deliver?", content: "<p>Across South East Queensland.</p>" },
];

/** One widget of each type, as used: what the guide shows first for each. */
export const usedWidgets: readonly Widget[] = [
  demoWidget("tpl-heading", "tpl/heading", {
    title: "Inside the workshop",
    subtitle: "A subtitle under it",
    level: "h2",
  }),
  demoWidget("heading", "core/heading", { text: "A widget heading", level: "h2" }),
  demoWidget("html", "core/html", {
    html: '<p>Rich text with <strong>bold</strong>, <em>italic</em> and <a href="/about">a link</a>.</p><ul><li>A list item</li><li>Another</li></ul>',
  }),
  demoWidget("raw-code", "core/raw_code", { code: "<p><strong>Raw code:</strong> HTML as the editor wrote it.</p>" }),
  demoWidget("button", "core/button_link", { text: "Browse the catalogue", page: "catalogue", colour: "brand" }),
  demoWidget("cta", "core/call_to_action", {
    heading: "Come and sit on a few pieces",
    subheading: "Eumundi Markets, every Saturday",
    html: "<p>Bring your measurements.</p>",
    button_text: "Where to find us",
    button_link: "/where-to-find-us",
  }),
  demoWidget("image-with-content", "core/image_with_content", {
    heading: "It starts with the boards",
    html: "<p>Every order starts with choosing the boards.</p>",
  }),
  demoWidget("faq", "core/faq", { heading: "Questions, two a page", limit: 2 }, questions),
  demoWidget("testimonials", "core/testimonial_grid", {
    heading: "Testimonials",
    group: "customer-reviews",
    page_size: 3,
  }),
  demoWidget("people", "core/person_list", { heading: "People", group: "our-team", page_size: 2 }),
  demoWidget("links", "core/link_children", { parent: "social", heading: "Links" }),
  demoWidget("gallery", "core/gallery", { id: "spotted-gum-dining-settings", heading: "A gallery", layout: "grid" }),
  demoWidget("gallery-group", "core/gallery_group", { heading: "Galleries", group: "finished-pieces" }),
  demoWidget("hero-quote", "core/hero_quote", {}),
  demoWidget("hero-testimonial", "core/hero_testimonial", { group: "customer-reviews" }),
  demoWidget("home-hero", "Catalogue/home_hero", { group: 8 }),
  demoWidget("group-promo", "Catalogue/group_promo", { namespace: "Catalogue", model: "Product" }),
  demoWidget("map", "core/google_map", { location: "Eumundi Markets, Eumundi QLD 4562", zoom: 14, height: 240 }),
];

/** Long text: what wraps, and what a word too long for its box does. */
export const longWidgets: readonly Widget[] = [
  demoWidget("long-heading", "core/heading", { text: `${LONG} ${LONG_WORD}`, level: "h2" }),
  demoWidget("long-html", "core/html", { html: `<p>${LONG}. ${LONG_WORD}.</p>`.repeat(2) }),
  demoWidget("long-button", "core/button_link", { text: LONG, page: "catalogue", colour: "brand" }),
  demoWidget("long-faq", "core/faq", { heading: LONG }, [{ id: 1, name: `${LONG}?`, content: `<p>${LONG_WORD}</p>` }]),
];

/** Right to left (Arabic), in a `dir="rtl"` section. */
export const rtlWidgets: readonly Widget[] = [
  demoWidget("rtl-heading", "core/heading", { text: "أثاث خشبي مصنوع يدويًا", level: "h2" }),
  demoWidget("rtl-html", "core/html", { html: "<p>نصنع كل قطعة يدويًا في ورشتنا، ثم نسلمها مجمّعة بالكامل.</p>" }),
  demoWidget("rtl-button", "core/button_link", { text: "تصفح الكتالوج", page: "catalogue", colour: "brand" }),
  demoWidget("rtl-faq", "core/faq", { heading: "أسئلة شائعة", limit: 1 }, [
    { id: 1, name: "هل توصلون؟", content: "<p>نعم.</p>" },
    { id: 2, name: "هل تصنعون قطعًا بمقاسات خاصة؟", content: "<p>غالبًا نعم.</p>" },
  ]),
];

/** The theme's dark class on a section. */
export const darkWidgets: readonly Widget[] = [
  demoWidget("dark-heading", "core/heading", { text: "The dark theme", level: "h2" }),
  demoWidget("dark-html", "core/html", { html: '<p>Text and <a href="/about">a link</a> on the dark background.</p>' }),
  demoWidget("dark-button", "core/button_link", { text: "A button", page: "catalogue", colour: "brand" }),
  demoWidget("dark-faq", "core/faq", { heading: "Questions in the dark" }, questions.slice(0, 2)),
  demoWidget("dark-testimonials", "core/testimonial_grid", { group: "customer-reviews", page_size: 2 }),
];

/** The colours of the palette the widgets use, by their Tailwind classes. */
export const colours = [
  ["stone-50", "bg-stone-50"],
  ["stone-200", "bg-stone-200"],
  ["stone-600", "bg-stone-600"],
  ["stone-900", "bg-stone-900"],
  ["brand", "bg-brand"],
  ["amber-500", "bg-amber-500"],
  ["emerald-600", "bg-emerald-600"],
  ["red-600", "bg-red-600"],
] as const;

/** Type sizes and spacing steps. */
export const typeScale = ["text-sm", "text-base", "text-lg", "text-xl", "text-2xl", "text-4xl"] as const;
export const spacing = ["w-1", "w-2", "w-4", "w-8", "w-16", "w-32"] as const;
