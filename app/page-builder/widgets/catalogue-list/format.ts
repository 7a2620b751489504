import type { Product } from "@contract/catalogue";

/** The site's contact details a product's call to action uses (site settings). */
export interface Contact {
  email: string;
  phone: string;
}

/** "$389", "$2,450.50": a $ prefix, and two decimals only where there are cents. */
export function formatPrice(price: number) {
  const cents = Math.round(price * 100) % 100 !== 0;
  return `$${price.toLocaleString("en-AU", { minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: 2 })}`;
}

/** A product's own page: /catalogue/{group}/{product}. */
export const productPath = (p: Pick<Product, "slug" | "group">) => `/catalogue/${p.group?.slug ?? ""}/${p.slug}`;

/** A `mailto:` link to the site's address with a subject, or null without an address. */
export function mailtoHref(email: string, subject: string) {
  const address = email.trim();
  if (!/^[^\s@<>"]+@[^\s@<>"]+$/.test(address)) return null;
  return `mailto:${address}?subject=${encodeURIComponent(subject)}`;
}

/** A `tel:` link for a phone number as people write it ("07 5446 0000"), or null without one. */
export function telHref(phone: string) {
  const number = phone.replace(/[^\d+]/g, "");
  return number.length >= 3 ? `tel:${number}` : null;
}
