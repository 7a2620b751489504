import type { WidgetViewProps } from "../../define-widget";
import type { HtmlFields } from "./fields.server";

type Props = WidgetViewProps<HtmlFields>;

/** core/html: rich text written in the back-office. */
export function HtmlView({ fields }: Props) {
  const html = fields.html || fields.content;
  if (!html) return null;
  return <div dir="auto" className="prose-cms" dangerouslySetInnerHTML={{ __html: html }} />;
}
