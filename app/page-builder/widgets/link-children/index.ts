import { defineWidget } from "../../define-widget";
import { linkChildrenFields } from "./fields.server";
import { load } from "./load.server";
import { LinkChildrenView } from "./view";

export const linkChildrenWidget = defineWidget({
  type: "core/link_children",
  fields: linkChildrenFields,
  View: LinkChildrenView,
  load,
  // Links to the pages under this one.
  browser: false,
});
