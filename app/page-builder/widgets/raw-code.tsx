import type { WidgetProps } from "../types";
import { str } from "../types";

/** core/raw_code: markup placed as written by an admin (scripts stay blocked by the CSP). */
export function RawCodeWidget({ widget }: WidgetProps) {
  const code = str(widget.fields, "code");
  if (!code) return null;
  return <div dir="auto" dangerouslySetInnerHTML={{ __html: code }} />;
}
