import { Link } from "@remix-run/react";
import { safeRedirectPath } from "~/lib/url";
import type { WidgetProps } from "../types";
import { bool, str } from "../types";

export const buttonColours: Record<string, string> = {
  brand: "bg-brand text-white hover:bg-brand-dark",
  black: "bg-stone-900 text-white hover:bg-stone-700 dark:bg-stone-100 dark:text-stone-900",
  white: "bg-white text-stone-900 ring-1 ring-stone-300 hover:bg-stone-100",
  success: "bg-emerald-700 text-white hover:bg-emerald-800",
  info: "bg-sky-700 text-white hover:bg-sky-800",
  warning: "bg-amber-400 text-stone-900 hover:bg-amber-300",
  danger: "bg-red-700 text-white hover:bg-red-800",
};

function colourClasses(colour: string) {
  return Object.hasOwn(buttonColours, colour) ? buttonColours[colour] : buttonColours.brand;
}

/** Where a button_link points: a page by slug, a url, or a document download. */
export function buttonHref(fields: Record<string, unknown>): { href: string; internal: boolean } | null {
  const page = str(fields, "page");
  if (page) {
    if (!/^[\w\-./]+$/.test(page)) return null;
    return { href: page === "home" ? "/" : `/${page.replace(/^\/+/, "")}`, internal: true };
  }
  const url = str(fields, "url");
  if (url) {
    if (/^(https?:|mailto:|tel:)/i.test(url)) return { href: url, internal: false };
    if (url.startsWith("/") && safeRedirectPath(url, "") === url) return { href: url, internal: true };
    return null;
  }
  const document = str(fields, "document");
  if (/^\d+$/.test(document)) return { href: `/api/v1/cognito/default/file/${document}`, internal: false };
  return null;
}

/** core/button_link: a link styled as a button, optionally full width or in a new tab. */
export function ButtonLinkWidget({ widget }: WidgetProps) {
  const target = buttonHref(widget.fields);
  const text = str(widget.fields, "text") || str(widget.fields, "label");
  if (!target || !text) return null;
  const newTab = bool(widget.fields, "new_tab");
  const className = [
    "inline-flex items-center justify-center rounded-md px-5 py-3 font-medium no-underline transition-colors",
    "focus-visible:outline-2 focus-visible:outline-offset-2",
    colourClasses(str(widget.fields, "colour", "brand")),
    bool(widget.fields, "full_width") ? "w-full" : "",
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
