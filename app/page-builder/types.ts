import type { ComponentType } from "react";
import type { Widget } from "~/lib/api/schemas";
import type { Transport } from "~/lib/api/transport.server";

/** What every widget view is given about the visit. */
export interface WidgetEnv {
  /** The item part of the URL (segment 1), for widgets that show one item of a list. */
  itemUrl: string | null;
  /** True for a signed-in visitor (accounts come in a later issue). */
  signedIn: boolean;
}

/** What every widget load is given about the page being loaded. */
export interface WidgetLoadContext {
  transport: Transport;
  /** The URL's item part (segment 1), for widgets that show one item of a list. */
  itemUrl: string | null;
  /** The segment after it (segment 2), for example a product within a category. */
  itemParameter?: string | null;
  /** The page's own path ("/showcase"), for links to its item views. */
  pagePath?: string;
}

export interface WidgetProps<D = unknown> {
  widget: Widget;
  /** What the widget's server-side `load` returned (undefined when it has none). */
  data: D;
  env: WidgetEnv;
}

export interface WidgetDefinition {
  Component: ComponentType<WidgetProps<never>>;
  /** True when the widget shows something chosen by the URL's item part (/page/{item}). */
  acceptsItem?: boolean;
}

/** A field of a widget as a string, with a fallback. */
export function str(fields: Record<string, unknown>, key: string, fallback = ""): string {
  const v = fields[key];
  return typeof v === "string" ? v : typeof v === "number" ? String(v) : fallback;
}

export function bool(fields: Record<string, unknown>, key: string, fallback = false): boolean {
  const v = fields[key];
  if (typeof v === "boolean") return v;
  if (v === 1 || v === "1" || v === "true") return true;
  if (v === 0 || v === "0" || v === "false") return false;
  return fallback;
}

export function num(fields: Record<string, unknown>, key: string, fallback: number, min = -Infinity, max = Infinity): number {
  const v = Number(fields[key]);
  return Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : fallback;
}

/** Thrown by a widget's load when the item the URL names does not exist: the page is a 404. */
export class ItemNotFound extends Error {}
