/**
 * The one allowlist for HTML written in the CMS (decision 069), used where content is saved (the
 * embedded CMS's seed and page writes) and again where the site renders it (server-side loaders,
 * never a browser bundle: the site imports it only from `*.server.ts` modules).
 *
 * Kept: text structure (headings, paragraphs, lists, tables, quotes, figures), links with safe
 * hrefs, images from this site (`/…`) or an allowed embed origin, and iframes from an allowed
 * embed origin, which get lazy loading, a referrer policy, a title and a short feature list. Dropped:
 * scripts, styles, forms, event handlers, `javascript:` and other unsafe URLs, frames and images
 * from anywhere else.
 *
 * Part of the API contract (`cms/contract/`): the CMS and the site import this one file. It pulls
 * in sanitize-html, so the site imports it only from `app/lib/cms-html.server.ts` (ESLint refuses
 * it elsewhere in `app/`).
 */
import sanitizeHtml from "sanitize-html";
import { z } from "zod";

/** The site setting that lists the allowed embed origins. */
export const EMBED_ORIGINS_SETTING = "embed_origins";

/** One allowed embed origin: https, a host, no path, no credentials, no wildcard. */
export const embedOriginSchema = z
  .string()
  .trim()
  .max(200)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (
        url.protocol === "https:" &&
        url.origin === value.replace(/\/$/, "") &&
        !url.hostname.includes("*") &&
        url.hostname.includes(".")
      );
    } catch {
      return false;
    }
  }, "an embed origin is https://host (no path, no wildcard)")
  .transform((value) => new URL(value).origin);

/** The whole setting, as written: a list of origins (at most 20). */
export const embedOriginsSchema = z.array(embedOriginSchema).max(20);

/**
 * The allowed origins a settings object names: its valid entries only (a bad one is left out, so
 * a typo never widens the policy nor stops the site). Accepts a list or a comma/space-separated string.
 */
export function embedOrigins(settings: Record<string, unknown> | null | undefined): string[] {
  const raw = settings?.[EMBED_ORIGINS_SETTING];
  const list = Array.isArray(raw) ? raw : typeof raw === "string" ? raw.split(/[\s,]+/) : [];
  const origins = list.flatMap((entry) => {
    const parsed = embedOriginSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
  return [...new Set(origins)].slice(0, 20);
}

/** The class every kept frame gets (the site's CSS sizes it); an admin's own classes on a frame are dropped. */
export const EMBED_CLASS = "cms-embed";

/** Features an embedded frame may ask for (the Permissions-Policy header still has the last word). */
const IFRAME_FEATURES = new Set([
  "autoplay",
  "encrypted-media",
  "fullscreen",
  "picture-in-picture",
  "clipboard-write",
  "accelerometer",
  "gyroscope",
  "web-share",
]);

const TAGS = [
  ...["h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "div", "span", "section", "article", "address"],
  ...["ul", "ol", "li", "dl", "dt", "dd", "blockquote", "q", "cite", "figure", "figcaption", "pre", "code"],
  ...["a", "strong", "b", "em", "i", "u", "s", "small", "sub", "sup", "mark", "abbr", "time", "del", "ins"],
  ...["table", "caption", "colgroup", "col", "thead", "tbody", "tfoot", "tr", "th", "td", "details", "summary"],
  ...["img", "iframe"],
];

/** Where a URL points, when it is an absolute http(s) URL; null otherwise. */
function originOf(src: string) {
  try {
    const url = new URL(src);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** A path on this site ("/assets/i/…"), not a protocol-relative URL ("//elsewhere"). */
const isSitePath = (src: string) => /^\/(?![/\\])/.test(src);

function allowFeatures(value: string | undefined) {
  const features = (value ?? "")
    .split(";")
    .map((f) => f.trim().toLowerCase())
    .filter((f) => IFRAME_FEATURES.has(f));
  return features.join("; ");
}

/** The options for sanitize-html, for a given list of allowed embed origins. */
export function cmsHtmlOptions(origins: readonly string[]): sanitizeHtml.IOptions {
  const allowed = new Set(origins);
  return {
    allowedTags: TAGS,
    allowedAttributes: {
      "*": ["class", "id", "dir", "lang", "title"],
      a: ["href", "target", "rel", "name"],
      img: ["src", "alt", "width", "height", "loading", "decoding"],
      iframe: ["src", "title", "class", "width", "height", "allow", "allowfullscreen", "loading", "referrerpolicy"],
      th: ["colspan", "rowspan", "scope"],
      td: ["colspan", "rowspan"],
      col: ["span"],
      colgroup: ["span"],
      ol: ["start", "reversed", "type"],
      time: ["datetime"],
      blockquote: ["cite"],
      q: ["cite"],
      details: ["open"],
    },
    allowedSchemes: ["https", "http", "mailto", "tel"],
    allowedSchemesByTag: { img: ["https", "http"], iframe: ["https"] },
    allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    transformTags: {
      a: (tagName, { target, ...attribs }) =>
        target === "_blank"
          ? { tagName, attribs: { ...attribs, target, rel: "noopener noreferrer" } }
          : { tagName, attribs },
      iframe: (tagName, attribs) => {
        const origin = originOf(attribs.src ?? "");
        const host = origin ? new URL(origin).host : "";
        const features = allowFeatures(attribs.allow);
        return {
          tagName,
          attribs: {
            src: attribs.src ?? "",
            title: attribs.title?.trim() || host,
            ...(attribs.width ? { width: attribs.width } : {}),
            ...(attribs.height ? { height: attribs.height } : {}),
            ...(features ? { allow: features } : {}),
            ...("allowfullscreen" in attribs ? { allowfullscreen: "" } : {}),
            class: EMBED_CLASS,
            loading: "lazy",
            referrerpolicy: "strict-origin-when-cross-origin",
          },
        };
      },
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? "" } }),
    },
    exclusiveFilter: (frame) => {
      const src = frame.attribs.src ?? "";
      if (frame.tag === "iframe") return !src || !allowed.has(originOf(src) ?? "") || !src.startsWith("https:");
      if (frame.tag === "img") return !src || !(isSitePath(src) || allowed.has(originOf(src) ?? ""));
      return false;
    },
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "template", "iframe"],
  };
}

/** CMS HTML, less everything the allowlist does not keep. */
export function sanitizeCmsHtml(html: string, origins: readonly string[] = []): string {
  if (!html) return html;
  return sanitizeHtml(html, cmsHtmlOptions(origins));
}

/**
 * The fields of a widget (or page block) that hold HTML, by type. Every widget that renders a
 * field with `dangerouslySetInnerHTML` is listed here, so saving and rendering both sanitise it.
 */
export const HTML_FIELDS: Readonly<Record<string, readonly string[]>> = {
  "core/html": ["html", "content"],
  "core/raw_code": ["code"],
  "core/call_to_action": ["html"],
  "core/image_with_content": ["html"],
  "core/hero_quote": ["html"],
};

/** A widget's (or page block's) fields with their HTML fields sanitised; other fields as they were. */
export function sanitizeWidgetFields<T extends Record<string, unknown>>(
  type: string,
  fields: T,
  origins: readonly string[],
): T {
  const names = Object.hasOwn(HTML_FIELDS, type) ? HTML_FIELDS[type] : [];
  if (!names.length || typeof fields !== "object" || fields === null) return fields;
  const next: Record<string, unknown> = { ...fields };
  for (const name of names) {
    if (typeof next[name] === "string") next[name] = sanitizeCmsHtml(next[name] as string, origins);
  }
  return next as T;
}

/** Inline entries (core/faq's questions) whose `content` is HTML. */
export function sanitizeItems(type: string, items: unknown, origins: readonly string[]): unknown {
  if (type !== "core/faq" || !Array.isArray(items)) return items;
  return items.map((item: unknown) => {
    if (!item || typeof item !== "object") return item;
    const content = (item as { content?: unknown }).content;
    return typeof content === "string" ? { ...item, content: sanitizeCmsHtml(content, origins) } : item;
  });
}

const record = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** One widget as rows hold it ({ type, fields, items }), with its HTML sanitised. */
export function sanitizeWidget<W>(widget: W, origins: readonly string[]): W {
  if (!record(widget) || typeof widget.type !== "string") return widget;
  const { type } = widget;
  return {
    ...widget,
    ...(record(widget.fields) ? { fields: sanitizeWidgetFields(type, widget.fields, origins) } : {}),
    ...("items" in widget ? { items: sanitizeItems(type, widget.items, origins) } : {}),
  };
}

/** A page's rows (as stored or as the API gives them), each widget's HTML sanitised; the shape kept. */
export function sanitizeRows<R>(rows: R, origins: readonly string[]): R {
  if (!Array.isArray(rows)) return rows;
  return rows.map((row: unknown) => {
    if (!record(row) || !Array.isArray(row.blocks)) return row;
    const blocks = row.blocks.map((block: unknown) => {
      if (!record(block) || !Array.isArray(block.widgets)) return block;
      return { ...block, widgets: block.widgets.map((w: unknown) => sanitizeWidget(w, origins)) };
    });
    return { ...row, blocks };
  }) as R;
}

/** A page block's variables (its template names the widget type), HTML sanitised. */
export function sanitizeBlockVariables<V extends Record<string, unknown>>(
  template: string,
  variables: V,
  origins: readonly string[],
): V {
  const fields = sanitizeWidgetFields(template, variables, origins);
  return "items" in fields ? { ...fields, items: sanitizeItems(template, fields.items, origins) } : fields;
}

/**
 * A page's free content: HTML, sanitised; the older JSON-text list form (it starts with "[",
 * and its rows carry the content) is left as it is.
 */
export function sanitizePageContent(content: string, origins: readonly string[]): string {
  if (typeof content !== "string" || content.trim().startsWith("[")) return content;
  return sanitizeCmsHtml(content, origins);
}
