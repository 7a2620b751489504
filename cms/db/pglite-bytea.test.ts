import { types } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";

import { parseBytea, serializeBytea } from "./pglite-bytea";

const pgliteSerialize = types.serializers[types.BYTEA];
const pgliteParse = types.parsers[types.BYTEA];

describe("PGlite's bytea codec, natively", () => {
  const samples = [
    new Uint8Array(0),
    Uint8Array.from([0, 1, 15, 16, 127, 128, 254, 255]),
    Uint8Array.from({ length: 70_000 }, (_, i) => (i * 31 + 7) & 255),
  ];

  it("writes what PGlite's own serializer writes", () => {
    for (const bytes of samples) expect(serializeBytea(bytes)).toBe(pgliteSerialize(bytes));
    // A view into a larger buffer writes only its own bytes.
    const whole = Uint8Array.from([9, 1, 2, 3, 9]);
    expect(serializeBytea(whole.subarray(1, 4))).toBe("\\x010203");
    expect(() => serializeBytea("not bytes")).toThrow("Invalid input for bytea type");
  });

  it("reads what PGlite's own parser reads, into bytes of its own", () => {
    for (const bytes of samples) {
      const text = pgliteSerialize(bytes);
      const parsed = parseBytea(text);
      expect(parsed).toEqual(pgliteParse(text, types.BYTEA));
      expect(parsed).toBeInstanceOf(Uint8Array);
      expect(Buffer.isBuffer(parsed)).toBe(false);
      // Not a window on Node's shared pool: the whole ArrayBuffer is these bytes.
      expect(parsed.buffer.byteLength).toBe(bytes.length);
    }
    expect(parseBytea("\\xDEADbeef")).toEqual(Uint8Array.from([0xde, 0xad, 0xbe, 0xef]));
  });

  it("leaves any other text to PGlite's parser", () => {
    for (const odd of ["\\x0", "\\xzz", "abc"]) expect(parseBytea(odd)).toEqual(pgliteParse(odd, types.BYTEA));
  });
});
