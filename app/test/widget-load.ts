import type { Widget } from "@contract/pages";
import type { Transport } from "~/lib/api/transport.server";
import type { WidgetDefinition } from "~/page-builder/define-widget";
import { loadWidgetData } from "~/page-builder/loaders.server";
import type { WidgetLoadContext } from "~/page-builder/types";

/** A widget's load as the page's loader runs it (fields parsed from the widget), typed by its definition. */
export function loadOf<F extends object, D>(definition: WidgetDefinition<F, D>) {
  const { load } = definition;
  if (!load) throw new Error(`${definition.type} has no load`);
  return (widget: Widget, ctx: WidgetLoadContext) => load({ ...ctx, widget, fields: definition.parseFields(widget) });
}

/** What the page's loader holds for one widget after its load (undefined: nothing to load). */
export const loadThroughPage = (w: Widget, transport: Transport) =>
  loadWidgetData([w], { transport, itemUrl: null }).then((d) => d[w.id]);
