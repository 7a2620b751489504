import type { WidgetLoadArgs } from "../../define-widget";
import { widgetImage } from "../../shared/widget-image.server";
import type { TplHeadingFields } from "./fields.server";

/** tpl/heading: its background image, 16x5 at 1920 wide. */
export async function load({ fields, transport }: WidgetLoadArgs<TplHeadingFields>) {
  return { image: await widgetImage(fields, "background_image", { aspect: "16x5", width: 1920 }, transport) };
}
