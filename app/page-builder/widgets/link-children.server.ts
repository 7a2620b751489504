import { getLinks } from "~/lib/api/links.server";
import type { WidgetLoader } from "../loaders.server";
import { str } from "../types";

export const loadLinkChildren: WidgetLoader = (widget, { transport }) => {
  const parent = str(widget.fields, "parent");
  return parent ? getLinks(transport, parent) : Promise.resolve([]);
};
