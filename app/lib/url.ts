/** The spec's URL parser (section 3): segments 0 to 3 of a path. */
export interface ParsedUrl {
  full_url: string;
  page_url: string;
  item_url: string | null;
  url_parameter_2: string | null;
  url_parameter_3: string | null;
}

export function parseUrl(pathname: string): ParsedUrl {
  const segments = pathname
    .split("/")
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
  return {
    full_url: segments.join("/"),
    page_url: segments[0] ?? "",
    item_url: segments[1] ?? null,
    url_parameter_2: segments[2] ?? null,
    url_parameter_3: segments[3] ?? null,
  };
}

/** A same-site path to redirect to, or the fallback: never another host, never a protocol-relative URL. */
export function safeRedirectPath(to: unknown, fallback = "/") {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  try {
    const url = new URL(to, "http://same.site");
    if (url.host !== "same.site") return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    // Dot segments and backslashes normalise into "//" ("/.//evil.example"): a browser reads that as a host.
    return path.startsWith("//") || path.startsWith("/\\") ? fallback : path;
  } catch {
    return fallback;
  }
}
