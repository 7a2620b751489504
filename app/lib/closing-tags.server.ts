import { Transform } from "node:stream";

const CLOSING = Buffer.from("</body></html>");
const EMPTY = Buffer.alloc(0);

/** How many bytes at the end of `data` could be the start of the closing tags. */
function partialMatchLength(data: Buffer) {
  for (let k = Math.min(data.length, CLOSING.length - 1); k > 0; k--) {
    if (data.subarray(data.length - k).equals(CLOSING.subarray(0, k))) return k;
  }
  return 0;
}

/**
 * `bytes` without any 0x00 byte. React 18.3's streaming renderer writes its whole 2 KB buffer when
 * a multi-byte character does not fit in what is left of it, unwritten zeros included
 * (react/react#31134): a stray U+0000 or two before the character, which the HTML parser reports
 * as an error. The byte 0x00 is never part of another character in UTF-8, and a document holds no
 * NUL of its own, so every one is dropped.
 */
export function withoutNulBytes(bytes: Buffer) {
  let at = bytes.indexOf(0);
  if (at === -1) return bytes;
  const parts: Buffer[] = [];
  let from = 0;
  while (at !== -1) {
    if (at > from) parts.push(bytes.subarray(from, at));
    from = at + 1;
    at = bytes.indexOf(0, from);
  }
  parts.push(bytes.subarray(from));
  return Buffer.concat(parts);
}

/**
 * Moves the document's `</body></html>` to the very end of the stream (and drops React's stray
 * NUL bytes: see `withoutNulBytes`).
 *
 * React 18 writes the closing tags with the shell; everything that streams in later (Remix's
 * single-fetch data scripts and the Suspense boundaries around them) then lands after `</html>`,
 * which the HTML parser treats as a parse error ("Stray start tag script"). This transform drops
 * the first `</body></html>` it sees, even when it is split across chunks, passes every other
 * byte through as soon as it arrives (the shell still flushes early), and writes the closing tags
 * once the stream ends. A stream without them (a bare error text) is passed through unchanged.
 */
export function holdBackClosingTags() {
  let pending = EMPTY;
  let found = false;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const bytes = withoutNulBytes(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      if (found) return done(null, bytes);
      const data = pending.length ? Buffer.concat([pending, bytes]) : bytes;
      const at = data.indexOf(CLOSING);
      if (at !== -1) {
        found = true;
        pending = EMPTY;
        return done(null, Buffer.concat([data.subarray(0, at), data.subarray(at + CLOSING.length)]));
      }
      const keep = partialMatchLength(data);
      pending = Buffer.from(data.subarray(data.length - keep));
      done(null, data.subarray(0, data.length - keep));
    },
    flush(done) {
      done(null, found ? Buffer.concat([pending, CLOSING]) : pending);
    },
  });
}
