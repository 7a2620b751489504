/**
 * PGlite's bytea codec, in Node's native hex routines (decision 110).
 *
 * PGlite sends parameters and reads results as text. Its own bytea codec builds one JavaScript
 * string per byte to write `\x…` and calls `parseInt` once per byte to read it back: seeding the
 * site's 11 MB of image originals spent 3.4 s of CPU in it, and every image variant made on the
 * embedded database read its original the same way. `Buffer`'s hex encoding gives the same text
 * and the same bytes, in native code.
 */
import { types } from "@electric-sql/pglite";

/** `\x` and two lowercase hex digits per byte: what PGlite's own serializer writes. */
export function serializeBytea(value: unknown): string {
  if (!(value instanceof Uint8Array)) throw new Error("Invalid input for bytea type");
  return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("hex")}`;
}

/**
 * The bytes of PostgreSQL's hex output, as a Uint8Array of their own (not a view into Node's
 * shared Buffer pool). Any other form (`bytea_output = escape`) goes to PGlite's own parser.
 */
export function parseBytea(value: string): Uint8Array {
  if (!value.startsWith("\\x") || value.length % 2 !== 0) return types.parsers[types.BYTEA](value, types.BYTEA);
  const bytes = new Uint8Array((value.length - 2) / 2);
  const written = Buffer.from(bytes.buffer).write(value.slice(2), "hex");
  if (written !== bytes.length) return types.parsers[types.BYTEA](value, types.BYTEA);
  return bytes;
}

/** For `PGlite.create`'s options. */
export const byteaCodec = {
  serializers: { [types.BYTEA]: serializeBytea },
  parsers: { [types.BYTEA]: parseBytea },
};
