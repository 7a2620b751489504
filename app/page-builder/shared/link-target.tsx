import { Link } from "@remix-run/react";

import { safeRedirectPath } from "~/lib/url";

/** Where a link of a widget points: a page by slug, a URL, or a document download. */
export interface LinkFields {
  page?: string;
  url?: string;
  document?: string;
}

/** Where a button_link points: a page by slug, a url, or a document download; null when unsafe or empty. */
export function buttonHref(fields: LinkFields): { href: string; internal: boolean } | null {
  const { page = "", url = "", document = "" } = fields;
  if (page) {
    if (!/^[\w\-./]+$/.test(page)) return null;
    return { href: page === "home" ? "/" : `/${page.replace(/^\/+/, "")}`, internal: true };
  }
  if (url) {
    if (/^(https?:|mailto:|tel:)/i.test(url)) return { href: url, internal: false };
    if (url.startsWith("/") && safeRedirectPath(url, "") === url) return { href: url, internal: true };
    return null;
  }
  if (/^\d+$/.test(document)) return { href: `/api/v1/cognito/default/file/${document}`, internal: false };
  return null;
}

/** A widget's call-to-action button, as the `buttonFields` of ../fields.ts parse it. */
export interface ButtonFields {
  button_text: string;
  button_link: string;
  button_target: string;
}

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
export function linkTarget({ button_link, button_target }: ButtonFields): LinkTarget | null {
  const link = button_link.trim();
  if (!link) return null;
  const looksLikeUrl = link.startsWith("/") || /^[a-z][a-z\d+.-]*:/i.test(link);
  const target = buttonHref(looksLikeUrl ? { url: link } : { page: link });
  if (!target) return null;
  const newTab = ["blank", "_blank"].includes(button_target);
  return { ...target, newTab };
}

const buttonClass = [
  "inline-flex items-center justify-center rounded-md bg-brand px-5 py-3 font-medium text-white no-underline",
  "transition-colors hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2",
].join(" ");

/** A widget's call-to-action button (button_text, button_link, button_target); nothing when either is missing. */
export function WidgetButton({ fields, className = "" }: { fields: ButtonFields; className?: string }) {
  const text = fields.button_text.trim();
  const target = linkTarget(fields);
  if (!text || !target) return null;
  const classes = `${buttonClass} ${className}`;
  return target.internal && !target.newTab ? (
    <Link to={target.href} className={classes} prefetch="intent">
      {text}
    </Link>
  ) : (
    <a
      href={target.href}
      className={classes}
      target={target.newTab ? "_blank" : undefined}
      rel={target.newTab ? "noopener noreferrer" : undefined}
    >
      {text}
    </a>
  );
}

/** True when the widget has a button that would render (for "is there anything to show"). */
export function hasButton(fields: ButtonFields) {
  return Boolean(fields.button_text.trim() && linkTarget(fields));
}
