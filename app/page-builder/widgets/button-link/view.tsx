import { Link } from "@remix-run/react";

import type { WidgetViewProps } from "../../define-widget";
import { buttonHref } from "../../shared/link-target";
import type { BUTTON_COLOURS, ButtonLinkFields } from "./fields.server";

export const buttonColours: Record<(typeof BUTTON_COLOURS)[number], string> = {
  brand: "bg-brand text-white hover:bg-brand-dark",
  black: "bg-stone-900 text-white hover:bg-stone-700 dark:bg-stone-100 dark:text-stone-900",
  white: "bg-white text-stone-900 ring-1 ring-stone-300 hover:bg-stone-100",
  success: "bg-success text-white hover:bg-success-dark",
  info: "bg-info text-white hover:bg-info-dark",
  warning: "bg-warning text-stone-900 hover:bg-warning-dark",
  danger: "bg-danger text-white hover:bg-danger-dark",
};

type Props = WidgetViewProps<ButtonLinkFields>;

/** core/button_link: a link styled as a button, optionally full width or in a new tab. */
export function ButtonLinkView({ fields }: Props) {
  const target = buttonHref(fields);
  const text = fields.text || fields.label;
  if (!target || !text) return null;
  const newTab = fields.new_tab;
  const className = [
    "inline-flex items-center justify-center rounded-md px-5 py-3 font-medium no-underline transition-colors",
    "focus-visible:outline-2 focus-visible:outline-offset-2",
    buttonColours[fields.colour],
    fields.full_width ? "w-full" : "",
  ].join(" ");
  const rel = newTab ? "noopener noreferrer" : undefined;
  return (
    <p className="my-4">
      {target.internal && !newTab ? (
        <Link to={target.href} className={className} prefetch="intent">
          {text}
        </Link>
      ) : (
        <a href={target.href} className={className} target={newTab ? "_blank" : undefined} rel={rel}>
          {text}
        </a>
      )}
    </p>
  );
}
