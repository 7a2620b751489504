// Reads the RFC 822 messages the CMS writes into DATA_DIR/outbox/ (decision 044): headers with
// encoded words, multipart bodies, quoted-printable and base64 parts. Plain node, no packages.

/** Splits a message (or a part) into its unfolded headers (lower-cased names) and its body. */
function split(raw) {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : "";
  const headers = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** Bytes of a quoted-printable text. */
function quotedPrintable(text) {
  const bytes = [];
  const source = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < source.length; i++) {
    if (source[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(source.slice(i + 1, i + 3))) {
      bytes.push(parseInt(source.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(source[i], "utf8"));
    }
  }
  return Buffer.from(bytes);
}

/** A header's text with its encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`) decoded. */
export function decodeHeader(value = "") {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset, encoding, text) =>
      (encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64")
        : quotedPrintable(text.replace(/_/g, " "))
      ).toString("utf8"),
    );
}

function decodeBody(body, encoding = "") {
  const kind = encoding.toLowerCase();
  if (kind === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (kind === "quoted-printable") return quotedPrintable(body).toString("utf8");
  return body;
}

/** The first part of `type` (e.g. "text/plain"), looking into nested multiparts; undefined if none. */
function findPart({ headers, body }, type) {
  const contentType = headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const pieces = body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith("--")) break;
      const found = findPart(split(piece.replace(/^\r?\n/, "")), type);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (contentType.toLowerCase().startsWith(type)) {
    return decodeBody(body.replace(/\r?\n$/, ""), headers["content-transfer-encoding"]);
  }
  return undefined;
}

/** A message's date, recipients, subject and plain-text and HTML parts. */
export function parseEml(raw) {
  const message = split(raw);
  return {
    date: message.headers.date ? new Date(message.headers.date) : null,
    from: decodeHeader(message.headers.from),
    to: decodeHeader(message.headers.to),
    subject: decodeHeader(message.headers.subject),
    text: findPart(message, "text/plain") ?? "",
    html: findPart(message, "text/html") ?? "",
  };
}

/** Every http(s) link in a text, in order. */
export function findLinks(text) {
  return [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]);
}

/** Every 6-digit code in a text (outside its links), in order. */
export function findCodes(text) {
  return [...text.replace(/https?:\/\/[^\s<>"]+/g, " ").matchAll(/(?<![\w-])\d{6}(?![\w-])/g)].map((m) => m[0]);
}
