import type { WidgetLoadArgs } from "../../define-widget";
import { widgetImage } from "../../shared/widget-image.server";
import type { ImageWithContentFields } from "./fields.server";

/** core/image_with_content: its image, 16x9 at 1920 wide. */
export async function load({ fields, transport }: WidgetLoadArgs<ImageWithContentFields>) {
  return { image: await widgetImage(fields, "image", { aspect: "16x9", width: 1920 }, transport) };
}
