/**
 * The change channel between instances (decision 118): what a notice carries, that the other
 * instances hear it and the sender does not, and that a listener whose connection is cut comes
 * back and purges everything.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import {
  announceChange,
  type ChangeListener,
  decodeChange,
  encodeChange,
  listenForChanges,
  MAX_PAYLOAD_BYTES,
} from "./change-channel";
import type { ContentChangeNotice } from "./events";
import { closeAndSettle, openTestDatabase, postgresDriver, type TestDatabase, testDatabaseUrl } from "./test/databases";

const pagePath = (n: number) => `/api/v1/cognito/page/${"a-rather-long-page-address-".repeat(3)}${n}`;

describe("a change notice", () => {
  it("carries the changed paths and who sent it, and reads back the same", () => {
    const payload = encodeChange({ paths: ["/api/v1/cognito/page/about", "/api/v1/cognito/page"] }, "instance-1");
    expect(decodeChange(payload)).toEqual({
      from: "instance-1",
      change: { paths: ["/api/v1/cognito/page/about", "/api/v1/cognito/page"] },
    });
    expect(decodeChange(encodeChange({ all: true }, "x"))).toEqual({ from: "x", change: { all: true } });
  });

  it("says 'everything' when the paths would not fit in PostgreSQL's 8000 bytes", () => {
    const many = { paths: Array.from({ length: 200 }, (_, n) => pagePath(n)) };
    expect(JSON.stringify(many).length).toBeGreaterThan(MAX_PAYLOAD_BYTES);
    const payload = encodeChange(many, "instance-1");
    expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    expect(decodeChange(payload)?.change).toEqual({ all: true });
  });

  it("ignores what is not a notice of ours", () => {
    for (const payload of [undefined, "", "not json", "{}", '{"from":"x"}', '{"from":"x","paths":["no-slash"]}']) {
      expect(decodeChange(payload)).toBeNull();
    }
  });
});

describe.skipIf(postgresDriver.skip)(`the channel on PostgreSQL — ${postgresDriver.title}`, () => {
  let t: TestDatabase;
  let url: string;
  const listeners: ChangeListener[] = [];
  const heard = { a: [] as ContentChangeNotice[], b: [] as ContentChangeNotice[] };
  const lost = { a: 0, b: 0 };

  const listen = (self: "a" | "b") => {
    const listener = listenForChanges({
      databaseUrl: url,
      self,
      onChange: (change) => heard[self].push(change),
      onLost: () => lost[self]++,
      minDelayMs: 50,
      maxDelayMs: 200,
    });
    listeners.push(listener);
    return listener;
  };
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 100 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    return done();
  };

  beforeAll(async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "log").mockImplementation(() => {});
    t = await openTestDatabase("postgres", "change-channel");
    const u = new URL(testDatabaseUrl!);
    u.pathname = `/${t.name}`;
    url = u.toString();
    await Promise.all([listen("a").started, listen("b").started]);
  });
  afterAll(async () => {
    await Promise.all(listeners.map((l) => l.close()));
    if (t) {
      await closeAndSettle(t);
      await t.dispose();
    }
  });

  it("hands another instance's notice to the listener, and skips the instance's own", async () => {
    expect(listeners.map((l) => l.listening())).toEqual([true, true]);
    await announceChange(t.database.db, { paths: ["/api/v1/cognito/page/about"] }, "a");
    expect(await until(() => heard.b.length === 1)).toBe(true);
    expect(heard.b).toEqual([{ paths: ["/api/v1/cognito/page/about"] }]);
    expect(heard.a).toEqual([]);
  });

  it("sends a change too large for a notification as 'everything', which PostgreSQL accepts", async () => {
    heard.b.length = 0;
    await announceChange(t.database.db, { paths: Array.from({ length: 200 }, (_, n) => pagePath(n)) }, "a");
    expect(await until(() => heard.b.length === 1)).toBe(true);
    expect(heard.b).toEqual([{ all: true }]);
  });

  it("reconnects after its connection is cut, purges everything, and hears notices again", async () => {
    heard.a.length = 0;
    heard.b.length = 0;
    const cut = await t.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = 'dovetail-changes'`,
    );
    expect((cut as unknown as { rows: unknown[] }).rows).toHaveLength(2);
    // Both come back (after 50 ms or so) and, having maybe missed notices, purge everything.
    expect(await until(() => heard.a.length === 1 && heard.b.length === 1)).toBe(true);
    expect([heard.a, heard.b]).toEqual([[{ all: true }], [{ all: true }]]);
    // Each said, once, that it had lost the connection (its instance expires its caches then).
    expect(lost).toEqual({ a: 1, b: 1 });
    expect(listeners.map((l) => l.listening())).toEqual([true, true]);
    await announceChange(t.database.db, { paths: ["/api/v1/cognito/page/contact"] }, "b");
    expect(await until(() => heard.a.length === 2)).toBe(true);
    expect(heard.a[1]).toEqual({ paths: ["/api/v1/cognito/page/contact"] });
  });

  it("keeps retrying while the database refuses it, and stops when closed", async () => {
    const wrong = new URL(url);
    wrong.pathname = "/no_such_database_for_dovetail";
    const told: ContentChangeNotice[] = [];
    const listener = listenForChanges({
      databaseUrl: wrong.toString(),
      self: "c",
      onChange: (change) => told.push(change),
      onLost: () => told.push({ all: true }),
      minDelayMs: 20,
      maxDelayMs: 40,
    });
    await listener.started;
    expect(listener.listening()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const attempts = vi.mocked(console.warn).mock.calls.filter(([line]) => String(line).includes("could not listen"));
    expect(attempts.length).toBeGreaterThanOrEqual(3);
    await listener.close();
    const after = attempts.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(
      vi.mocked(console.warn).mock.calls.filter(([line]) => String(line).includes("could not listen")).length,
    ).toBe(after);
    expect(told).toEqual([]);
  });
});
