import type { WidgetViewProps } from "../../define-widget";
import type { RawCodeFields } from "./fields.server";

type Props = WidgetViewProps<RawCodeFields>;

/** core/raw_code: markup placed as written by an admin (scripts stay blocked by the CSP). */
export function RawCodeView({ fields }: Props) {
  if (!fields.code) return null;
  return <div dir="auto" dangerouslySetInnerHTML={{ __html: fields.code }} />;
}
