import { defineWidget } from "../../define-widget";
import { groupPromoFields } from "./fields.server";
import { load } from "./load.server";
import { GroupPromoView } from "./view";

export const groupPromoWidget = defineWidget({
  type: "Catalogue/group_promo",
  fields: groupPromoFields,
  View: GroupPromoView,
  load,
  shareImage: (_, groups) => {
    const first = groups?.find((g) => g.image);
    return first?.image ? { image: first.image, alt: first.name } : null;
  },
  browser: false,
});
