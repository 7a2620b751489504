import { backgrounds } from "~/page-builder/widget-frame";

import type { FieldDescriptor } from "./schema-form.server";

/** The scroll animations a frame knows (widget-frame.tsx's list), for the wrapper's select. */
const ANIMATIONS = ["", "fade", "fade-up", "fade-down", "zoom-in", "zoom-out", "flip-up", "flip-down"];
const SPACING = ["padding_top", "padding_bottom", "padding_left", "padding_right", "margin_top", "margin_bottom"];

/** A frame's settings, shared by a widget's wrapper and a page block (widget-frame.tsx reads them). */
const FRAME: FieldDescriptor[] = [
  ...SPACING.map((name): FieldDescriptor => ({ name, kind: "text" })),
  { name: "background_colour", kind: "select", options: ["", ...Object.keys(backgrounds)] },
  { name: "text_colour", kind: "select", options: ["", "white", "black"] },
  { name: "background_video_id", kind: "text" },
  { name: "full_width", kind: "checkbox" },
  { name: "aos_type", kind: "select", options: ANIMATIONS },
  { name: "anchor_name", kind: "text" },
];

/** A row widget's wrapper: its visibility and times (visibility.ts), then its frame. */
export const WRAPPER_FIELDS: readonly FieldDescriptor[] = [
  { name: "visibility", kind: "checkbox" },
  { name: "hidden_before", kind: "datetime" },
  { name: "hidden_after", kind: "datetime" },
  ...FRAME,
];

/** A page block's own settings: hidden, its start and end times, then its frame. */
export const PAGE_BLOCK_FIELDS: readonly FieldDescriptor[] = [
  { name: "hidden", kind: "checkbox" },
  { name: "start_time", kind: "datetime" },
  { name: "end_time", kind: "datetime" },
  ...FRAME,
];

/** A wrapper with no visibility key is visible: the checkbox shows it so. */
export const wrapperValues = (wrapper: Record<string, unknown> | undefined) => ({
  visibility: wrapper?.visibility ?? true,
  ...wrapper,
});
