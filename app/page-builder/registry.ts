import type { WidgetDefinition } from "./types";
import { ButtonLinkWidget } from "./widgets/button-link";
import { FaqWidget } from "./widgets/faq";
import { GoogleMapWidget } from "./widgets/google-map";
import { HeadingWidget } from "./widgets/heading";
import { HtmlWidget } from "./widgets/html";
import { LinkChildrenWidget } from "./widgets/link-children";
import { RawCodeWidget } from "./widgets/raw-code";

/** Every widget the page builder renders, by its type string. Loaders live in loaders.server.ts. */
export const widgetRegistry: Record<string, WidgetDefinition> = {
  "core/html": { Component: HtmlWidget },
  "core/heading": { Component: HeadingWidget },
  "core/raw_code": { Component: RawCodeWidget },
  "core/button_link": { Component: ButtonLinkWidget },
  "core/link_children": { Component: LinkChildrenWidget as WidgetDefinition["Component"] },
  "core/faq": { Component: FaqWidget },
  "core/google_map": { Component: GoogleMapWidget },
};

export function getWidget(type: string): WidgetDefinition | undefined {
  return Object.hasOwn(widgetRegistry, type) ? widgetRegistry[type] : undefined;
}
