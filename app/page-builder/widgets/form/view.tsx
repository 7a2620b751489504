import type { WidgetViewProps } from "../../define-widget";
import type { FormFields } from "./fields";

type Props = WidgetViewProps<FormFields>;

/** core/form: registered so a page with a form shows no "unknown widget"; it renders in its own issue. */
export function FormView(_props: Props) {
  return null;
}
