/**
 * A busy database answers 503 with Retry-After, never 500 (decision 120): the errors that mean it,
 * the CMS's answer to them and its one retry of a read, on each driver; and a burst of calls
 * through a pool of two connections with a short wait (PostgreSQL only: PGlite has no pool).
 */
import { hostname } from "node:os";

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { seedIfEmpty } from "../seed";
import {
  closeAndSettle,
  createCmsApp,
  drivers,
  type JsonResponse,
  openTestDatabase,
  postgresDriver,
  type TestDatabase,
} from "../test/databases";
import { busyReason } from "./busy";
import { type Database, type Db, openDatabase } from "./client";

/** What pg throws when PostgreSQL refuses a connection because it is full. */
function tooManyConnections() {
  return Object.assign(new Error("sorry, too many clients already"), { code: "53300", severity: "FATAL" });
}

describe("busyReason", () => {
  it("calls SQLSTATE 53300 full, also inside drizzle's wrapper", () => {
    expect(busyReason(tooManyConnections())).toBe("full");
    const wrapped = Object.assign(new Error("Failed query: select 1\nparams: "), { cause: tooManyConnections() });
    expect(busyReason(wrapped)).toBe("full");
  });

  it("calls the pool's wait running out a wait, and a server going away unavailable", () => {
    expect(busyReason(new Error("timeout exceeded when trying to connect"))).toBe("wait");
    expect(busyReason(new Error("Connection terminated due to connection timeout"))).toBe("wait");
    expect(busyReason(Object.assign(new Error("the database system is starting up"), { code: "57P03" }))).toBe(
      "unavailable",
    );
    expect(busyReason(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(
      "unavailable",
    );
  });

  it("leaves every other error alone (a 500 stays a 500)", () => {
    expect(busyReason(new Error("boom"))).toBeNull();
    expect(busyReason(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBeNull();
    expect(busyReason(null)).toBeNull();
  });
});

/**
 * The database, with its queries failing with `error` while `failing()` says so: each call made
 * on `db` then throws, as drizzle does when the pool cannot connect. `failures` counts them.
 */
function failingDatabase(database: Database, failing: () => boolean, error: () => Error) {
  const counter = { failures: 0 };
  const db = new Proxy(database.db, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (failing()) {
          counter.failures += 1;
          throw error();
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as Db;
  return { database: { ...database, db }, counter };
}

type Answer = JsonResponse & { headers: Headers };

function expectBusyAnswer(res: Answer, retryAfter = "2") {
  expect(res.status).toBe(503);
  expect(res.body).toMatchObject({ status: 503, code: "DATABASE_BUSY" });
  expect(res.headers.get("retry-after")).toBe(retryAfter);
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(res.headers.has("x-dovetail-database-full")).toBe(false);
}

/** A client that also keeps each answer's headers. */
function client(database: Database) {
  const app = createCmsApp(database);
  const read = async (res: Response): Promise<Answer> => {
    const text = await res.text();
    return {
      status: res.status,
      contentType: res.headers.get("content-type") ?? "",
      body: JSON.parse(text),
      headers: res.headers,
    };
  };
  return {
    get: async (path: string) => read(await app.fetch(new Request(`http://cms.test${path}`))),
    post: async (path: string, body: unknown) =>
      read(
        await app.fetch(
          new Request(`http://cms.test${path}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(body),
          }),
        ),
      ),
  };
}

const FORM = "/api/v1/cognito/form?id=1";
const SUBMIT = "/api/v1/cognito/form/submit/1";

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`a full database answers 503, not 500 — ${driver.title}`, () => {
    let t: TestDatabase;

    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "busy");
      expect(await seedIfEmpty(t.database.db)).toBe(true);
      vi.spyOn(console, "warn").mockImplementation(() => {});
    });

    afterAll(async () => {
      vi.restoreAllMocks();
      await closeAndSettle(t);
      await t?.dispose();
    });

    it("answers a read that met 53300 once from its second try, after a short pause", async () => {
      let failures = 1;
      const { database, counter } = failingDatabase(t.database, () => failures-- > 0, tooManyConnections);
      const started = Date.now();
      const res = await client(database).get(FORM);
      expect(res.status).toBe(200);
      expect(res.body.form.id).toBe(1);
      expect(counter.failures).toBe(1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    });

    it("answers 503 with Retry-After when the read meets 53300 twice, and tries no third time", async () => {
      const { database, counter } = failingDatabase(t.database, () => true, tooManyConnections);
      expectBusyAnswer(await client(database).get(FORM));
      expect(counter.failures).toBe(2);
    });

    it("never tries a write again: 503 with Retry-After, one try", async () => {
      const { database, counter } = failingDatabase(t.database, () => true, tooManyConnections);
      const res = await client(database).post(SUBMIT, { data: {}, idempotency_key: "busy-write-1" });
      expectBusyAnswer(res);
      expect(counter.failures).toBe(1);
    });

    it("answers a pool wait that ran out 503 at once, without a retry", async () => {
      const { database, counter } = failingDatabase(
        t.database,
        () => true,
        () => new Error("timeout exceeded when trying to connect"),
      );
      expectBusyAnswer(await client(database).get(FORM));
      expect(counter.failures).toBe(1);
    });

    it("still answers any other failure 500", async () => {
      const { database } = failingDatabase(
        t.database,
        () => true,
        () => new Error("boom"),
      );
      vi.spyOn(console, "error").mockImplementation(() => {});
      expect((await client(database).get(FORM)).status).toBe(500);
    });
  });
}

describe.skipIf(postgresDriver.skip)(`a burst through a pool of two — ${postgresDriver.title}`, () => {
  let t: TestDatabase;
  let small: Database;

  beforeAll(async () => {
    t = await openTestDatabase("postgres", "pool");
    expect(await seedIfEmpty(t.database.db)).toBe(true);
    // DATABASE_POOL_MAX=2, DATABASE_POOL_WAIT_MS=50, on the seeded database.
    small = await openDatabase({ databaseUrl: t.url, pool: { max: 2, waitMs: 50 } });
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    await small?.close();
    await closeAndSettle(t);
    await t?.dispose();
  });

  it("answers 30 database-heavy calls at once with 200s and 503s with Retry-After, never a 500", async () => {
    const cms = client(small);
    const paths = ["/api/v1/cognito/search?q=table", "/api/v1/cognito/page/about?pb=1", "/api/v1/catalogue/product"];
    // Both connections held by slow queries first (asked before the burst, so first in the pool's
    // queue): the burst must wait longer than its 50 ms, whatever the machine's speed.
    const hold = Promise.all([0, 1].map(() => small.db.execute(sql`select pg_sleep(1.5)`)));
    await new Promise((r) => setTimeout(r, 100));
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => cms.get(paths[i % paths.length])));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses).toContain(503);
    for (const answer of answers.filter((a) => a.status === 503)) expectBusyAnswer(answer);
    await hold;
    // Once the burst is over, the same pool answers again.
    expect((await cms.get(paths[0])).status).toBe(200);
  });

  it("names its connections after the instance (pg_stat_activity's application_name)", async () => {
    const answer = await small.db.execute(sql`select current_setting('application_name') as name`);
    const [row] = (answer as unknown as { rows: { name: string }[] }).rows;
    expect(row.name).toBe(`dovetail-${hostname()}-${process.pid}`.slice(0, 63));
  });
});
