import { Transform } from "node:stream";

const CLOSING = Buffer.from("</body></html>");
const EMPTY = Buffer.alloc(0);
const LESS_THAN = 0x3c;

/** How many bytes at the end of `data` could be the start of the closing tags. */
function partialMatchLength(data: Buffer) {
  for (let k = Math.min(data.length, CLOSING.length - 1); k > 0; k--) {
    // Only a "<" can start them: most chunks are passed over without a comparison.
    if (data[data.length - k] !== LESS_THAN) continue;
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
  // React writes its output in 2 KB pieces, all of a shell in one go: they are gathered and passed
  // on once per turn of the event loop, so what follows (the web stream, the response, the
  // compression stream) handles one piece per flush instead of fifty.
  let gathered: Buffer[] = [];
  let scheduled: NodeJS.Immediate | null = null;
  const stream = new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const bytes = withoutNulBytes(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      if (found) return done(null, gather(bytes));
      const data = pending.length ? Buffer.concat([pending, bytes]) : bytes;
      const at = data.indexOf(CLOSING);
      if (at !== -1) {
        found = true;
        pending = EMPTY;
        return done(null, gather(Buffer.concat([data.subarray(0, at), data.subarray(at + CLOSING.length)])));
      }
      const keep = partialMatchLength(data);
      pending = Buffer.from(data.subarray(data.length - keep));
      done(null, gather(data.subarray(0, data.length - keep)));
    },
    flush(done) {
      if (scheduled) clearImmediate(scheduled);
      scheduled = null;
      gathered.push(found ? Buffer.concat([pending, CLOSING]) : pending);
      done(null, takeGathered());
    },
  });
  function takeGathered() {
    const out = gathered.length === 1 ? gathered[0] : Buffer.concat(gathered);
    gathered = [];
    return out;
  }
  /** Keeps `bytes` for the next push; returns nothing to push now. */
  function gather(bytes: Buffer): undefined {
    if (bytes.length) gathered.push(bytes);
    scheduled ??= setImmediate(() => {
      scheduled = null;
      if (gathered.length) stream.push(takeGathered());
    });
    return undefined;
  }
  return stream;
}
