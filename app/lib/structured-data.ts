/** schema.org structured data (JSON-LD) for every page: the organisation, the website and the page. */

export interface OrganisationFacts {
  name: string;
  abn: string;
  address: string;
  email: string;
  phone: string;
  logo: string | null;
  sameAs: string[];
}

export interface ProductFacts {
  name: string;
  description: string;
  price: number;
  /** Absolute URLs of its photos. */
  images: string[];
  sku: string;
}

export interface PageFacts {
  origin: string;
  path: string;
  title: string;
  description: string;
  locale: string;
  /** Names of the ancestor paths, for the breadcrumb: "/catalogue" → "Catalogue". */
  nameOfPath: (path: string) => string | undefined;
  homeName: string;
  /** Set on a product's page: adds a Product with its Offer. */
  product?: ProductFacts | null;
  /** The clock, for the offer's validity (the end of next year). */
  now?: Date;
}

const WEB_PAGE_TYPES: Record<string, string> = {
  about: "AboutPage",
  "about-us": "AboutPage",
  search: "SearchResultsPage",
  checkout: "CheckoutPage",
  contact: "ContactPage",
  "get-in-touch": "ContactPage",
  "contact-us": "ContactPage",
  faq: "FAQPage",
};

/** The schema.org page type guessed from the last path segment (spec section 2, "Page head"). */
export function webPageType(path: string) {
  // Every /search/{q} page is search results, whatever the query's last word.
  if (/^\/search(\/|$)/i.test(path)) return "SearchResultsPage";
  const last = path.split("/").filter(Boolean).pop()?.toLowerCase() ?? "";
  return Object.hasOwn(WEB_PAGE_TYPES, last) ? WEB_PAGE_TYPES[last] : "WebPage";
}

/** Cuts a headline to at most `max` characters (schema.org article headlines: 110). */
export function headline(text: string, max = 110) {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function prettify(segment: string) {
  const words = decodeURIComponent(segment).replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function breadcrumbList(page: PageFacts) {
  const segments = page.path.split("/").filter(Boolean);
  if (segments.length < 2) return null;
  const items = [{ path: "/", name: page.homeName }];
  segments.forEach((segment, i) => {
    const path = `/${segments.slice(0, i + 1).join("/")}`;
    const last = i === segments.length - 1;
    items.push({ path, name: (last ? page.title : page.nameOfPath(path)) || prettify(segment) });
  });
  return {
    "@type": "BreadcrumbList",
    "@id": `${page.origin}${page.path}#breadcrumb`,
    itemListElement: items.map((item, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: item.name,
      item: `${page.origin}${item.path}`,
    })),
  };
}

/** One JSON-LD graph: Organization, WebSite (with a SearchAction), the WebPage and its BreadcrumbList. */
export function structuredData(org: OrganisationFacts, page: PageFacts) {
  const orgId = `${page.origin}/#organization`;
  const siteId = `${page.origin}/#website`;
  const url = `${page.origin}${page.path === "/" ? "/" : page.path}`;
  const breadcrumb = breadcrumbList(page);
  const organization = {
    "@type": "Organization",
    "@id": orgId,
    name: org.name,
    url: `${page.origin}/`,
    ...(org.logo ? { logo: { "@type": "ImageObject", url: org.logo } } : {}),
    ...(org.abn ? { taxID: org.abn, identifier: { "@type": "PropertyValue", propertyID: "ABN", value: org.abn } } : {}),
    ...(org.email ? { email: org.email } : {}),
    ...(org.phone ? { telephone: org.phone } : {}),
    ...(org.address ? { address: { "@type": "PostalAddress", streetAddress: org.address, addressCountry: "AU" } } : {}),
    ...(org.sameAs.length ? { sameAs: org.sameAs } : {}),
  };
  const website = {
    "@type": "WebSite",
    "@id": siteId,
    url: `${page.origin}/`,
    name: org.name,
    inLanguage: page.locale,
    publisher: { "@id": orgId },
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${page.origin}/search/{search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
  const webPage = {
    "@type": webPageType(page.path),
    "@id": `${url}#webpage`,
    url,
    name: page.title,
    headline: headline(page.title),
    ...(page.description ? { description: page.description } : {}),
    inLanguage: page.locale,
    isPartOf: { "@id": siteId },
    about: { "@id": orgId },
    ...(breadcrumb ? { breadcrumb: { "@id": breadcrumb["@id"] } } : {}),
  };
  const product = page.product ? productNode(page.product, url, orgId, page.now ?? new Date()) : null;
  return {
    "@context": "https://schema.org",
    "@graph": [organization, website, webPage, ...(breadcrumb ? [breadcrumb] : []), ...(product ? [product] : [])],
  };
}

/** A Product with an Offer in AUD, in stock, its price valid until the end of next year. */
export function productNode(p: ProductFacts, url: string, orgId: string, now: Date) {
  return {
    "@type": "Product",
    "@id": `${url}#product`,
    name: p.name,
    ...(p.description ? { description: p.description } : {}),
    ...(p.images.length ? { image: p.images } : {}),
    sku: p.sku,
    brand: { "@id": orgId },
    offers: {
      "@type": "Offer",
      url,
      price: p.price.toFixed(2),
      priceCurrency: "AUD",
      availability: "https://schema.org/InStock",
      priceValidUntil: `${now.getUTCFullYear() + 1}-12-31`,
      seller: { "@id": orgId },
    },
  };
}
