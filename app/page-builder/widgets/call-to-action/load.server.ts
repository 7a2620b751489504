import type { WidgetLoadArgs } from "../../define-widget";
import { widgetImage } from "../../shared/widget-image.server";
import type { CallToActionFields } from "./fields.server";

const SIDE_IMAGE = { aspect: "16x9", width: 300 };

/** core/call_to_action: its left and right images, 16x9 at 300 wide, asked for together. */
export async function load({ fields, transport }: WidgetLoadArgs<CallToActionFields>) {
  const [left, right] = await Promise.all([
    widgetImage(fields, "left_image", SIDE_IMAGE, transport),
    widgetImage(fields, "right_image", SIDE_IMAGE, transport),
  ]);
  return { left, right };
}
