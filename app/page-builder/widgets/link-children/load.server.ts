import type { Link } from "@contract/site";
import { getLinks } from "~/lib/api/links.server";

import type { WidgetLoadArgs } from "../../define-widget";
import type { LinkChildrenFields } from "./fields.server";

/** core/link_children: the links under its parent; none without one. */
export function load({ fields, transport }: WidgetLoadArgs<LinkChildrenFields>): Promise<Link[]> {
  return fields.parent ? getLinks(transport, fields.parent) : Promise.resolve([]);
}
