import { describe, expect, it } from "vitest";

import { parseDsn } from "./dsn";

describe("parseDsn", () => {
  it("gives the ingest origin and the envelope endpoint", () => {
    expect(parseDsn("https://key@o1.ingest.sentry.io/42")).toEqual({
      origin: "https://o1.ingest.sentry.io",
      envelopeUrl: "https://o1.ingest.sentry.io/api/42/envelope/",
    });
    expect(parseDsn("http://public@127.0.0.1:9999/sentry/1")).toEqual({
      origin: "http://127.0.0.1:9999",
      envelopeUrl: "http://127.0.0.1:9999/sentry/api/1/envelope/",
    });
  });

  it("refuses what is not a DSN", () => {
    expect(parseDsn("https://o1.ingest.sentry.io/42")).toBeNull();
    expect(parseDsn("https://key@o1.ingest.sentry.io/")).toBeNull();
    expect(parseDsn("ftp://key@host/1")).toBeNull();
    expect(parseDsn("not a url")).toBeNull();
  });
});
