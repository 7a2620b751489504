import type { ComponentType, ReactElement } from "react";
import { createElement } from "react";
import type { z } from "zod";

import type { Image } from "@contract/media";
import type { Widget } from "@contract/pages";
import type { EnhancerName } from "~/enhancers/names";

import { pageCount, type Paging } from "./paging/paging";
import type { WidgetEnv, WidgetLoadContext } from "./types";

/** What a widget's view is given. */
export interface WidgetViewProps<F, D = never> {
  /** The widget: its id (for element ids and names) and its items (inline entries, like questions). */
  widget: Pick<Widget, "id" | "type" | "items">;
  /** Its fields, parsed by its schema: each one present, typed and defaulted. */
  fields: F;
  /** What its load returned; null without a load, with nothing to load, or when the load failed. */
  data: D | null;
  env: WidgetEnv;
}

/** What a widget's load is given: the page's context, its parsed fields and the widget itself. */
export interface WidgetLoadArgs<F> extends WidgetLoadContext {
  fields: F;
  /** The whole widget, for what lies outside its fields (like image hashes on the widget itself). */
  widget: Widget;
}

/** A widget's server-side load. It may resolve undefined for "nothing to load" (its view gets null). */
export type WidgetLoad<F, D> = (args: WidgetLoadArgs<F>) => Promise<D | undefined>;

/** The data a load hands its view: what it resolves to, less "nothing to load". */
export type WidgetData<L extends (args: never) => Promise<unknown>> = Exclude<Awaited<ReturnType<L>>, undefined>;

/**
 * Whether a widget needs JavaScript in the browser: never (false: it is whole as HTML and CSS),
 * always (true), or depending on its parsed fields and what its load returned (a gallery with a
 * lightbox does, one without does not). A page none of whose widgets needs it ships no runtime.
 */
export type BrowserNeed<F, D> = boolean | ((fields: F, data: D | null) => boolean);

/**
 * The enhancers a widget's HTML needs to do what it does with JavaScript (decision 034): none,
 * or depending on its fields and data (a gallery with a lightbox, a hero with two slides or more).
 * The widget's view names the same ones in `data-enhance` on the elements they work on.
 */
export type EnhancerNeed<F, D> = readonly EnhancerName[] | ((fields: F, data: D | null) => readonly EnhancerName[]);

/**
 * What an item view (/page/{item}) is about, for the page's head: the item's own name, a line
 * about it and its picture. The sitemap's entry for the path, when there is one, still wins.
 */
export interface ItemHead {
  title: string;
  description?: string;
  image?: Image | null;
}

/** A picture a widget offers to stand for its page in link previews, with what it shows. */
export interface ShareCandidate {
  image: Image;
  /** What the picture shows (its alt text); empty when only the page's title can say. */
  alt: string;
}

/** A gallery as a widget shows it, photo by photo: what a photo's own page is made of. */
export interface PhotoSet {
  /** The gallery's name as the widget shows it (its heading). */
  title: string;
  photos: readonly { image: Image; heading: string; subHeading: string }[];
}

/** A widget as the registry and the page's loader see it, whatever its fields and data. */
export interface RegisteredWidget {
  readonly type: string;
  /** True when the widget shows something chosen by the URL's item part (/page/{item}). */
  readonly acceptsItem: boolean;
  /** True when this widget, with these fields and this data, needs the Remix runtime in the browser. */
  needsBrowser(widget: Pick<Widget, "fields">, data: unknown): boolean;
  /** The enhancers this widget, with these fields and this data, needs in the browser. */
  enhancers(widget: Pick<Widget, "fields">, data: unknown): readonly EnhancerName[];
  /** On an item view, what the item this widget shows is (its title for the page's head); else null. */
  itemHead(widget: Pick<Widget, "fields">, data: unknown): ItemHead | null;
  /** Its most prominent picture, to stand for the page in link previews; null when it has none. */
  shareImage(widget: Pick<Widget, "fields">, data: unknown): ShareCandidate | null;
  /** The gallery it shows, when its photos open on pages of their own (`?gallery=&photo=`); else null. */
  photos(widget: Pick<Widget, "fields">, data: unknown): PhotoSet | null;
  /** A list widget (decision 071): how many pages its list makes with these fields and data; else null. */
  pages(widget: Pick<Widget, "fields" | "items">, data: unknown): number | null;
  /**
   * The fields as the page's data carries them to the browser: parsed here, on the server, since
   * the browser has no schemas (a widget's `fields.server.ts` stays on the server, and zod with
   * it). `extra` keys ride along (a page block's items). Reading the result again, on either
   * side, gives this same object.
   */
  fieldsForBrowser(widget: Pick<Widget, "fields">, extra?: Record<string, unknown>): Record<string, unknown>;
  /** The widget's fields as its schema reads them, parsed once per fields object. */
  parseFields(widget: Pick<Widget, "fields">): unknown;
  /** Its view as an element, given the widget and what the page's loader holds for it. */
  render(props: { widget: Widget; data: unknown; env: WidgetEnv }): ReactElement;
  /**
   * Parses the fields and runs the load. Absent for widgets without one, and in the browser,
   * where the compiler replaces every `.server` module with an empty one.
   */
  readonly loadData?: (widget: Widget, ctx: WidgetLoadContext) => Promise<unknown>;
}

/** One widget type: its fields schema, its view and (on the server) its load, with their types joined. */
export interface WidgetDefinition<F extends object, D> extends RegisteredWidget {
  readonly fields: z.ZodType<F, z.ZodTypeDef, unknown>;
  readonly View: ComponentType<WidgetViewProps<F, D>>;
  readonly load?: WidgetLoad<F, D>;
  parseFields(widget: Pick<Widget, "fields">): F;
}

export interface WidgetSpec<F, D> {
  /** The type string the CMS names it by ("core/faq", "Catalogue/list"). */
  type: string;
  /**
   * A `widgetFields({...})` schema (tolerant, so parsing never throws) from the widget's
   * `fields.server.ts`: in the browser that module is empty, and the fields arrive parsed.
   */
  fields: z.ZodType<F, z.ZodTypeDef, unknown>;
  View: ComponentType<WidgetViewProps<NoInfer<F>, NoInfer<D>>>;
  /** From the widget's `load.server.ts`, so it stays out of the browser bundle. */
  load?: WidgetLoad<NoInfer<F>, D>;
  acceptsItem?: boolean;
  /** With `acceptsItem`: the item its data shows, for the page's title (null on the list). */
  itemHead?: (fields: NoInfer<F>, data: NoInfer<D> | null) => ItemHead | null;
  /** Its most prominent picture (a hero's first slide, a banner), for the page's link previews. */
  shareImage?: (fields: NoInfer<F>, data: NoInfer<D> | null) => ShareCandidate | null;
  /** A gallery widget: the photos that each get a page of their own. */
  photos?: (fields: NoInfer<F>, data: NoInfer<D> | null) => PhotoSet | null;
  /**
   * A list widget that pages (decision 071): its paging (limit and offset, from its fields) and
   * how many entries its list holds before paging, from its fields, items and data.
   */
  paged?: (fields: NoInfer<F>, data: NoInfer<D> | null, items: Widget["items"]) => { paging: Paging; total: number };
  /**
   * Whether it needs the Remix runtime in the browser (see BrowserNeed). Every widget says so:
   * one that keeps React state over the page's data would; headings, rich text, `<details>` and
   * links do not, nor do widgets whose behaviour an enhancer adds (since decision 036, the
   * catalogue's product view too: no seeded widget needs the runtime).
   */
  browser: BrowserNeed<NoInfer<F>, NoInfer<D>>;
  /** The enhancers it needs (see EnhancerNeed); none when absent. */
  enhance?: EnhancerNeed<NoInfer<F>, NoInfer<D>>;
}

/**
 * What the page's loader holds for a widget. It crossed the network as JSON, so the type is
 * taken on trust here, the one place it is: the value is what this widget's own load returned.
 */
const loadedData = <D>(value: unknown) => (value ?? null) as D | null;

/**
 * Fields that reached the browser: the server parsed them (`fieldsForBrowser`) into the page's
 * data, so, as with the data, their type is taken on trust.
 */
const parsedOnTheServer = <F>(value: unknown) => value as F;

/**
 * Ties a widget's parts together. The fields' type flows from the schema, and the data's from
 * the load, to the view. On the server the fields are parsed once per fields object, and the
 * page's data carries them parsed to the browser, which has no schema; the view and the load
 * receive them parsed.
 */
export function defineWidget<F extends object, D = never>(spec: WidgetSpec<F, D>): WidgetDefinition<F, D> {
  const {
    type,
    fields,
    View,
    load,
    acceptsItem = false,
    browser,
    enhance = [],
    itemHead,
    shareImage,
    photos,
    paged,
  } = spec;
  // Undefined in the browser, where the compiler empties every `.server` module.
  const schema: WidgetSpec<F, D>["fields"] | undefined = fields;
  const parsed = new WeakMap<object, F>();

  const parseFields = ({ fields: raw }: Pick<Widget, "fields">): F => {
    if (!schema) return parsedOnTheServer<F>(raw);
    if (typeof raw !== "object" || raw === null) return schema.parse(raw);
    const known = parsed.get(raw);
    if (known !== undefined) return known;
    const value = schema.parse(raw);
    parsed.set(raw, value);
    return value;
  };

  const fieldsForBrowser = (widget: Pick<Widget, "fields">, extra: Record<string, unknown> = {}) => {
    const value = { ...parseFields(widget), ...extra };
    parsed.set(value, value);
    return value;
  };

  return {
    type,
    fields,
    View,
    load,
    acceptsItem,
    parseFields,
    fieldsForBrowser,
    needsBrowser: (widget, data) =>
      typeof browser === "function" ? browser(parseFields(widget), loadedData<D>(data)) : browser,
    enhancers: (widget, data) =>
      typeof enhance === "function" ? enhance(parseFields(widget), loadedData<D>(data)) : enhance,
    itemHead: (widget, data) => (itemHead ? itemHead(parseFields(widget), loadedData<D>(data)) : null),
    shareImage: (widget, data) => (shareImage ? shareImage(parseFields(widget), loadedData<D>(data)) : null),
    photos: (widget, data) => (photos ? photos(parseFields(widget), loadedData<D>(data)) : null),
    pages: (widget, data) => {
      if (!paged) return null;
      const { paging, total } = paged(parseFields(widget), loadedData<D>(data), widget.items);
      return pageCount(total, paging);
    },
    render: ({ widget, data, env }) =>
      createElement(View, { widget, fields: parseFields(widget), data: loadedData<D>(data), env }),
    loadData: load && ((widget, ctx) => load({ ...ctx, widget, fields: parseFields(widget) })),
  };
}
