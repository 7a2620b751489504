/**
 * What an error report may carry (decision 065): no personal data. Used by the server's and the
 * browser's reporter as their `beforeSend`: no cookies, no request headers but a few harmless
 * ones, no request body or form values, no query string values that could be secrets, no user
 * (and so no IP address), and the same for the URLs in breadcrumbs. Plain objects only: this
 * module imports nothing from Sentry, so the browser's bundle and the server share it.
 */

/** Request headers a report keeps; every other one (cookie, authorization, forwarding) goes. */
const KEPT_HEADERS = new Set(["accept", "accept-language", "content-type", "user-agent", "referer"]);

/** A URL without its query values and fragment: `?token=…&q=…` becomes `?token=[Filtered]&q=[Filtered]`. */
export function scrubUrl(url: string): string {
  const hash = url.indexOf("#");
  const bare = hash === -1 ? url : url.slice(0, hash);
  const q = bare.indexOf("?");
  if (q === -1) return bare;
  const names = bare
    .slice(q + 1)
    .split("&")
    .filter(Boolean)
    .map((pair) => `${pair.split("=")[0]}=[Filtered]`);
  return names.length ? `${bare.slice(0, q)}?${names.join("&")}` : bare.slice(0, q);
}

interface ReportRequest {
  url?: string;
  query_string?: unknown;
  cookies?: unknown;
  headers?: Record<string, string>;
  data?: unknown;
  env?: unknown;
}

interface Breadcrumb {
  message?: string;
  data?: Record<string, unknown>;
}

/** The parts of a Sentry event this scrubs (the rest passes as it is). */
export interface ScrubbableEvent {
  request?: ReportRequest;
  user?: unknown;
  breadcrumbs?: Breadcrumb[];
  extra?: Record<string, unknown>;
  contexts?: Record<string, unknown>;
}

function scrubRequest(request: ReportRequest): ReportRequest {
  const headers = Object.fromEntries(
    Object.entries(request.headers ?? {}).filter(([name]) => KEPT_HEADERS.has(name.toLowerCase())),
  );
  if (headers.referer) headers.referer = scrubUrl(headers.referer);
  if (headers.Referer) headers.Referer = scrubUrl(headers.Referer);
  return { ...(request.url ? { url: scrubUrl(request.url) } : {}), headers };
}

function scrubBreadcrumb(crumb: Breadcrumb): Breadcrumb {
  if (!crumb.data) return crumb;
  const data = { ...crumb.data };
  for (const key of ["url", "from", "to", "http.query", "http.fragment"]) {
    if (typeof data[key] === "string") data[key] = key.startsWith("http.") ? "[Filtered]" : scrubUrl(data[key]);
  }
  // Form fields and bodies that an integration might attach.
  for (const key of ["body", "form", "formData", "request_body_size", "response_body_size"]) delete data[key];
  return { ...crumb, data };
}

/** Strips what could identify a visitor from an event, in place; returns it (a `beforeSend`). */
export function scrubEvent<T extends ScrubbableEvent>(event: T): T {
  if (event.request) event.request = scrubRequest(event.request);
  delete event.user;
  if (event.breadcrumbs) event.breadcrumbs = event.breadcrumbs.map(scrubBreadcrumb);
  if (event.contexts) {
    delete event.contexts.state;
    const trace = event.contexts.trace as { data?: Record<string, unknown> } | undefined;
    if (trace?.data) scrubSpanData(trace.data);
  }
  const spans = (event as { spans?: { data?: Record<string, unknown> }[] }).spans;
  for (const span of spans ?? []) if (span.data) scrubSpanData(span.data);
  if (event.extra) delete event.extra.formData;
  return event;
}

/** Span attributes: full URLs lose their query values; header and body attributes go. */
function scrubSpanData(data: Record<string, unknown>) {
  for (const key of Object.keys(data)) {
    const value = data[key];
    if (/header|cookie|body|client\.address|user/i.test(key) || key.startsWith("remix.action_form_data")) {
      delete data[key];
    } else if (typeof value === "string" && /url|target|query/i.test(key)) {
      data[key] = key === "http.query" || key === "url.query" ? "[Filtered]" : scrubUrl(value);
    }
  }
}
