// Read by server.ts at start (TOKEN_LOGIN_ORIGINS) and by the token login: no imports.

/** The origin of a URL, or null for anything that is not an http(s) URL. */
export function originOf(value: string | null | undefined) {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** TOKEN_LOGIN_ORIGINS: comma-separated origins; anything that is not an http(s) URL is dropped. */
export function parseBaseAllowlist(value: string | undefined) {
  return (value ?? "")
    .split(",")
    .map((v) => originOf(v.trim()))
    .filter((v): v is string => v !== null);
}
