import type { Widget } from "@contract/pages";
import type { WidgetEnv } from "~/page-builder/types";
import { WidgetView } from "~/page-builder/widget-view";

import { render } from "./render";

export type Fields = Record<string, unknown>;
export type Items = Record<string, unknown>[];

/** How a test shows a widget: its items and id, its data, and where the visitor is. */
export interface ShowOptions {
  items?: Items;
  id?: string;
  data?: unknown;
  itemUrl?: string | null;
  url?: string;
}

/** A widget as a page holds it. */
export function widgetOf(type: string, fields: Fields = {}, items: Items = [], id = "7"): Widget {
  return { id, type, sort: 0, deleted: false, fields, items };
}

/**
 * Renders a widget the way the page does (through WidgetView and the registry), with the data
 * the page's loader would hold for it, inside a router at `url`.
 */
export function renderWidget(widget: Widget, options: { data?: unknown; env?: Partial<WidgetEnv>; url?: string } = {}) {
  const { data, env = {}, url = "/" } = options;
  return render(<WidgetView widget={widget} data={data} env={{ itemUrl: null, signedIn: false, ...env }} />, url);
}

/** The value of an attribute on the first tag that has it. */
export function attr(html: string, name: string) {
  return html.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
}

/** The opening tag of the first element whose attributes match. */
export const tagWith = (html: string, pattern: RegExp) =>
  html.match(new RegExp(`<[a-z0-9]+[^>]*${pattern.source}[^>]*>`))?.[0] ?? "";

/** The class attribute of the first tag matching `tag` (e.g. "ul"). */
export const classOf = (html: string, tag: string) => html.match(new RegExp(`<${tag}[^>]*class="([^"]*)"`))?.[1] ?? "";

/** The opening tags of every link. */
export const links = (html: string) => [...html.matchAll(/<a [^>]*>/g)].map((m) => m[0]);
