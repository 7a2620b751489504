import type { Widget } from "~/lib/api/schemas";
import type { WidgetDefinition } from "~/page-builder/define-widget";
import type { WidgetLoadContext } from "~/page-builder/types";

/** A widget's load as the page's loader runs it (fields parsed from the widget), typed by its definition. */
export function loadOf<F, D>(definition: WidgetDefinition<F, D>) {
  const { load } = definition;
  if (!load) throw new Error(`${definition.type} has no load`);
  return (widget: Widget, ctx: WidgetLoadContext) => load({ ...ctx, widget, fields: definition.parseFields(widget) });
}
