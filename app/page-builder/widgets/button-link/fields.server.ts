import type { z } from "zod";

import { flag, oneOf, text, widgetFields } from "../../fields";

export const BUTTON_COLOURS = ["brand", "black", "white", "success", "info", "warning", "danger"] as const;

export const buttonLinkFields = widgetFields({
  text: text(),
  /** The older name of `text`. */
  label: text(),
  /** Where it points: a page slug, else a URL, else a document id (see buttonHref). */
  page: text(),
  url: text(),
  document: text(),
  colour: oneOf(BUTTON_COLOURS, "brand"),
  new_tab: flag(),
  full_width: flag(),
});

export type ButtonLinkFields = z.output<typeof buttonLinkFields>;
