import type { RegisteredWidget } from "./define-widget";
import * as widgets from "./widgets";

/** Every widget type, from the one list in widgets/index.ts. */
export const widgetList: readonly RegisteredWidget[] = Object.values(widgets);

export type WidgetRegistry = Readonly<Record<string, RegisteredWidget>>;

/** Widgets by their type string; two widgets of one type are a mistake caught at start-up. */
export function registryOf(list: readonly RegisteredWidget[]): WidgetRegistry {
  const registry: Record<string, RegisteredWidget> = {};
  for (const widget of list) {
    if (Object.hasOwn(registry, widget.type)) throw new Error(`Two widgets of type ${widget.type}`);
    registry[widget.type] = widget;
  }
  return registry;
}

/** Every widget the page builder renders, by its type string. */
export const widgetRegistry = registryOf(widgetList);

export function getWidget(type: string, registry: WidgetRegistry = widgetRegistry): RegisteredWidget | undefined {
  return Object.hasOwn(registry, type) ? registry[type] : undefined;
}
