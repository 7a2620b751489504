import type { WidgetProps } from "../types";
import { str } from "../types";

/** core/html: rich text written in the back-office. */
export function HtmlWidget({ widget }: WidgetProps) {
  const html = str(widget.fields, "html") || str(widget.fields, "content");
  if (!html) return null;
  return <div dir="auto" className="prose-cms" dangerouslySetInnerHTML={{ __html: html }} />;
}
