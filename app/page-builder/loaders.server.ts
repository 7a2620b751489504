import type { Page, Widget } from "@contract/pages";
import type { EnhancerName } from "~/enhancers/names";
import { isCircuitOpen } from "~/lib/api/errors";

import type { ItemHead, RegisteredWidget } from "./define-widget";
import { frameEnhancers, frameKey } from "./frame-media";
import { pageBlockWidget } from "./page-blocks";
import { getWidget, widgetList } from "./registry";
import type { WidgetLoadContext } from "./types";
import { ItemNotFound } from "./types";
import { isBlockVisible, isWidgetVisible } from "./visibility";

export { ItemNotFound };
export type { WidgetLoadContext };

export type WidgetLoader = (widget: Widget, ctx: WidgetLoadContext) => Promise<unknown>;
export type WidgetLoaders = Readonly<Record<string, WidgetLoader>>;

/** The server-side loads of a list of widgets, by type (each parses its widget's fields first). */
export function loadersOf(list: readonly RegisteredWidget[]): WidgetLoaders {
  return Object.fromEntries(list.flatMap(({ type, loadData }) => (loadData ? [[type, loadData] as const] : [])));
}

/** The loads of every widget type, from the same list as the registry. */
const widgetLoaders = loadersOf(widgetList);

/** The widgets a page will render: those of live blocks in rows, and those of visible page blocks. */
export function pageWidgets(page: Page, now: number): Widget[] {
  const fromRows = page.rows.flatMap((row) =>
    row.blocks.filter((b) => !b.deleted).flatMap((b) => b.widgets.filter((w) => isWidgetVisible(w, now))),
  );
  const fromPageBlocks = page.pageContents.filter((pb) => isBlockVisible(pb, now)).map((pb) => pageBlockWidget(pb));
  return [...fromRows, ...fromPageBlocks];
}

/**
 * The page as its data carries it to the browser: each widget's fields, and each page block's
 * variables, parsed here on the server (the browser has no field schemas: each widget's
 * `fields.server.ts` stays on the server, and zod with it). A page block keeps its items beside
 * its parsed variables; a widget of an unknown type keeps no fields (nothing renders them).
 */
export function pageForBrowser(page: Page): Page {
  const fieldsOf = (type: string, fields: Record<string, unknown>, extra?: Record<string, unknown>) =>
    getWidget(type)?.fieldsForBrowser({ fields }, extra) ?? {};
  return {
    ...page,
    rows: page.rows.map((row) => ({
      ...row,
      blocks: row.blocks.map((block) => ({
        ...block,
        widgets: block.widgets.map((w) => ({ ...w, fields: fieldsOf(w.type, w.fields) })),
      })),
    })),
    pageContents: page.pageContents.map((pb) => ({
      ...pb,
      variables: fieldsOf(pb.template, pb.variables, "items" in pb.variables ? { items: pb.variables.items } : {}),
    })),
  };
}

/** True when some widget on the page shows an item chosen by the URL (so /page/{item} is valid). */
export function pageAcceptsItem(widgets: Widget[]) {
  return widgets.some((w) => getWidget(w.type)?.acceptsItem);
}

/**
 * An item view (/page/{item}) of a page: only the widgets that show the item, in their blocks and
 * rows, so the item is the first thing on the page and its name the page's h1. The page's other
 * widgets, its page blocks and its free content step aside (they stay on the page's own URL), and
 * their loads are not run.
 */
export function itemView(page: Page): Page {
  const showsItem = (type: string) => getWidget(type)?.acceptsItem === true;
  return {
    ...page,
    content: "",
    rows: page.rows
      .map((row) => ({
        ...row,
        blocks: row.blocks
          .map((block) => ({ ...block, widgets: block.widgets.filter((w) => showsItem(w.type)) }))
          .filter((block) => block.widgets.length > 0),
      }))
      .filter((row) => row.blocks.length > 0),
    pageContents: page.pageContents.filter((pb) => showsItem(pb.template)),
  };
}

/** What the item of an item view is, from the first widget that says (null on a page's own URL). */
export function pageItemHead(widgets: Widget[], data: Record<string, unknown>): ItemHead | null {
  for (const w of widgets) {
    const head = getWidget(w.type)?.itemHead(w, data[w.id]);
    if (head) return head;
  }
  return null;
}

/**
 * True when some widget the page renders needs the Remix runtime in the browser (given what the
 * page's loads returned: `data` holds the widgets' data). A page that needs none ships no Remix
 * runtime (decision 030).
 */
export function pageNeedsBrowser(widgets: Widget[], data: Record<string, unknown>) {
  return widgets.some((w) => getWidget(w.type)?.needsBrowser(w, data[w.id]) === true);
}

/**
 * The enhancers the page's widgets and their frames need (decision 034), each once, in a stable
 * order: `data` holds the widgets' data and the frames' media.
 */
export function pageEnhancers(widgets: Widget[], data: Record<string, unknown>): EnhancerName[] {
  const names = new Set<EnhancerName>();
  for (const w of widgets) {
    for (const name of getWidget(w.type)?.enhancers(w, data[w.id]) ?? []) names.add(name);
    for (const name of frameEnhancers(data[frameKey(w.id)])) names.add(name);
  }
  return [...names].sort();
}

/**
 * Runs the loads of all the page's widgets in parallel: one round of upstream calls per page.
 * A failing widget load is logged and that widget gets null; the page still renders. A load
 * that resolves undefined (nothing to load) leaves its widget out.
 */
export async function loadWidgetData(
  widgets: Widget[],
  ctx: WidgetLoadContext,
  loaders: WidgetLoaders = widgetLoaders,
): Promise<Record<string, unknown>> {
  const results = await Promise.all(
    widgets.map(async (w) => {
      const load = Object.hasOwn(loaders, w.type) ? loaders[w.type] : undefined;
      if (!load) return [w.id, undefined] as const;
      try {
        return [w.id, await load(w, ctx)] as const;
      } catch (error) {
        if (error instanceof ItemNotFound) throw error;
        // While the circuit breaker is open it has said so once; a line per widget would flood the log.
        if (!isCircuitOpen(error)) {
          console.error(`[page-builder] loading ${w.type} (${w.id}) failed:`, (error as Error).message);
        }
        return [w.id, null] as const;
      }
    }),
  );
  return Object.fromEntries(results.filter(([, v]) => v !== undefined));
}
