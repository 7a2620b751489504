// Signing in to the site as a browser without JavaScript does, for the scripts that check or
// measure members' pages.

/** The `name=value` pairs of a response's Set-Cookie headers, merged over `cookie` (a Cookie header). */
export function mergeCookies(cookie, res) {
  const jar = new Map(
    (cookie ?? "")
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair]),
  );
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(";")[0];
    jar.set(pair.slice(0, pair.indexOf("=")), pair);
  }
  return [...jar.values()].join("; ");
}

/**
 * Signs in at `origin`/login with the password form (its CSRF token from the page, the session
 * cookie it set); resolves to the Cookie header of the signed-in session. Rejects when the site
 * does not answer the sign-in with a redirect.
 */
export async function signIn(origin, email, password) {
  const page = await fetch(`${origin}/login`, { headers: { accept: "text/html", "accept-language": "en" } });
  if (!page.ok) throw new Error(`GET /login answered ${page.status}`);
  let cookie = mergeCookies("", page);
  const input = /<input[^>]*name="csrf"[^>]*>/.exec(await page.text())?.[0] ?? "";
  const csrf = /value="([^"]*)"/.exec(input)?.[1];
  if (!csrf) throw new Error("the sign-in page has no CSRF token");
  const res = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin, "content-type": "application/x-www-form-urlencoded", "accept-language": "en" },
    body: new URLSearchParams({ csrf, intent: "password", email, password }),
  });
  if (res.status < 300 || res.status >= 400) throw new Error(`signing in answered ${res.status}`);
  cookie = mergeCookies(cookie, res);
  return cookie;
}
