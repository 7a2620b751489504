/**
 * A database outage is "unavailable", not a fault (issue 28, section 5; busy.ts, decisions 120 and
 * 121): the CMS answers 503 with Retry-After while PostgreSQL cannot be reached (a TCP proxy the
 * test cuts), and serves again once it can, with no restart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createCmsApp } from "../app";
import { cmsClient, openTestDatabase, postgresDriver, type TestDatabase } from "../test/databases";
import { startTcpProxy, type TcpProxy } from "../test/tcp-proxy";
import { busyReason } from "./busy";
import { type Database, openDatabase } from "./client";

describe("busyReason: an outage", () => {
  it("knows an outage from a fault, through drizzle's wrapping", () => {
    const isDatabaseUnavailable = (error: unknown) => busyReason(error) !== null;
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("shutting down"), { code: "57P01" }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("too many clients"), { code: "53300" }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("no connection"), { code: "08006" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }))).toBe(true);
    // A fault of the request or the code stays a fault.
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

describe.skipIf(postgresDriver.skip)("a PostgreSQL outage", () => {
  let t: TestDatabase;
  let proxy: TcpProxy;
  let through: Database;
  beforeAll(async () => {
    t = await openTestDatabase("postgres", "db-outage");
    const direct = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const url = new URL(direct);
    url.port = String(proxy.port);
    url.pathname = `/${t.name}`;
    through = await openDatabase({ databaseUrl: url.toString() });
  });
  afterAll(async () => {
    await through?.close().catch(() => {});
    await proxy?.close();
    await t?.dispose();
  });

  it("answers 503 with Retry-After while the database is away, and serves again without a restart", async () => {
    const cms = cmsClient(createCmsApp(through));
    const path = "/api/v1/cognito/domain/currentDomain";
    const before = await cms.get(path);
    expect(before.status).not.toBe(503);
    expect(before.status).toBeLessThan(500);

    proxy.cut();
    const during = await cms.app.fetch(new Request(`http://cms.test${path}`));
    expect(during.status).toBe(503);
    expect(during.headers.get("retry-after")).toBe("10");
    expect(await during.json()).toMatchObject({ status: 503, code: "DATABASE_UNAVAILABLE" });

    proxy.restore();
    const started = Date.now();
    let after = await cms.get(path);
    while (after.status === 503 && Date.now() - started < 5_000) {
      await new Promise((r) => setTimeout(r, 100));
      after = await cms.get(path);
    }
    expect(after.status).toBe(before.status);
  });
});
