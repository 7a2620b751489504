import { getGroups } from "~/lib/api/groups.server";

import type { WidgetLoadArgs } from "../../define-widget";
import type { GroupPromoFields } from "./fields.server";

/** Catalogue/group_promo: the categories of the widget's namespace and model (Catalogue/Product). */
export function load({ fields, transport }: WidgetLoadArgs<GroupPromoFields>) {
  return getGroups(transport, fields.namespace, fields.model);
}
