import { Link } from "@remix-run/react";
import { buttonHref } from "./button-link";
import { str } from "../types";

export interface LinkTarget {
  href: string;
  /** A same-site path (a client-side <Link>) rather than a URL of another site or a file. */
  internal: boolean;
  newTab: boolean;
}

/**
 * Where a widget's `button_link` points, by the same rules as core/button_link: a URL or a
 * path is checked as button_link's `url`, anything else is a page slug. Null when unsafe or empty.
 */
export function linkTarget(fields: Record<string, unknown>, linkKey = "button_link", targetKey = "button_target"): LinkTarget | null {
  const link = str(fields, linkKey).trim();
  if (!link) return null;
  const looksLikeUrl = link.startsWith("/") || /^[a-z][a-z\d+.-]*:/i.test(link);
  const target = buttonHref(looksLikeUrl ? { url: link } : { page: link });
  if (!target) return null;
  const newTab = ["blank", "_blank"].includes(str(fields, targetKey));
  return { ...target, newTab };
}

const buttonClass =
  "inline-flex items-center justify-center rounded-md bg-brand px-5 py-3 font-medium text-white no-underline transition-colors hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2";

/** A widget's call-to-action button (button_text, button_link, button_target); nothing when either is missing. */
export function WidgetButton({ fields, className = "" }: { fields: Record<string, unknown>; className?: string }) {
  const text = str(fields, "button_text").trim();
  const target = linkTarget(fields);
  if (!text || !target) return null;
  const classes = `${buttonClass} ${className}`;
  return target.internal && !target.newTab ? (
    <Link to={target.href} className={classes} prefetch="intent">
      {text}
    </Link>
  ) : (
    <a href={target.href} className={classes} target={target.newTab ? "_blank" : undefined} rel={target.newTab ? "noopener noreferrer" : undefined}>
      {text}
    </a>
  );
}

/** True when the widget has a button that would render (for "is there anything to show"). */
export function hasButton(fields: Record<string, unknown>) {
  return Boolean(str(fields, "button_text").trim() && linkTarget(fields));
}
