/** A Sentry DSN's parts the site needs (decision 065): `{protocol}://{public key}@{host}/{project}`. */
export interface ParsedDsn {
  /** The ingest host's origin: the CSP's connect-src names it. */
  origin: string;
  /** Where events are posted: `{origin}{path}/api/{project}/envelope/`. */
  envelopeUrl: string;
}

export function parseDsn(dsn: string): ParsedDsn | null {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    return null;
  }
  const match = /^(.*)\/(\d+)\/?$/.exec(url.pathname);
  if (!url.username || !match || !/^https?:$/.test(url.protocol)) return null;
  return { origin: url.origin, envelopeUrl: `${url.origin}${match[1]}/api/${match[2]}/envelope/` };
}
