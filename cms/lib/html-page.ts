/**
 * The CMS's own small HTML pages (the OAuth sign-in page, the test gateway's payment page): a
 * plain document with no script, not indexed, and text escaped for HTML.
 */

/** Text made safe inside HTML and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A whole page: `title` escaped, `body` as given (HTML the caller has escaped). */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}
