/**
 * Golden answers: every REST route and GraphQL field of the CMS (the requests in
 * `test/golden/requests.ts`) over a freshly seeded database, compared byte for byte with the
 * answers recorded in `test/golden/answers.json`: status, content type and the exact body text.
 * It runs on each driver, so PGlite and PostgreSQL must also agree with each other.
 *
 * Recording (only from code whose answers are known to be right, as before a refactoring):
 *   RECORD_GOLDEN=1 npx vitest run cms/golden.test.ts
 * writes the file from the PGlite run; the PostgreSQL run in the same call then compares with it.
 *
 * Normalisation, the one rule: the seed writes `updated_at` with the database's now(), so an
 * ISO-8601 UTC timestamp in a body ("2026-11-23T05:54:48.123Z") that lies within the seeding
 * window (from one second before `seedIfEmpty` was called to one second after it returned) is
 * replaced by "<seeded-at>". Timestamps that come from the seed files (block schedules) are far
 * from that window and stay as they are.
 *
 * The clock: what a page shows depends on when it is asked for (scheduled blocks and widgets,
 * `next_change_at`), so the app answers as at GOLDEN_NOW, whenever the test runs.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seedIfEmpty } from "./seed";
import { createCmsApp, drivers, openTestDatabase, type TestDatabase } from "./test/databases";
import { type GoldenRequest, goldenRequests } from "./test/golden/requests";

const ANSWERS_FILE = fileURLToPath(new URL("./test/golden/answers.json", import.meta.url));
const RECORD = process.env.RECORD_GOLDEN === "1";
const SEEDED_AT = "<seeded-at>";
/** The moment every answer is given at (the app's clock). */
const GOLDEN_NOW = Date.parse("2026-11-23T00:00:00.000Z");

interface GoldenAnswer {
  request: GoldenRequest;
  status: number;
  contentType: string;
  body: string;
}

interface GoldenFile {
  normalisation: string;
  answers: GoldenAnswer[];
}

const ISO_UTC = /"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)"/g;

/** Replaces timestamps inside the seeding window by SEEDED_AT (see the file's comment). */
export function normaliseSeedTimes(body: string, window: { from: number; to: number }) {
  return body.replace(ISO_UTC, (whole, iso: string) => {
    const t = Date.parse(iso);
    return t >= window.from - 1000 && t <= window.to + 1000 ? `"${SEEDED_AT}"` : whole;
  });
}

function toRequest(r: GoldenRequest): Request {
  const url = `http://cms.test${r.path}`;
  if (r.method !== "POST") return new Request(url, { method: r.method });
  const body = r.body === undefined ? undefined : typeof r.body === "string" ? r.body : JSON.stringify(r.body);
  const headers = { "content-type": "application/json", accept: "application/json" };
  return new Request(url, { method: "POST", headers, body });
}

const label = (r: GoldenRequest) =>
  `${r.method} ${r.path}${r.body === undefined ? "" : ` ${JSON.stringify(r.body).slice(0, 120)}`}`;

function readAnswers(): GoldenFile {
  return JSON.parse(readFileSync(ANSWERS_FILE, "utf8")) as GoldenFile;
}

describe("normaliseSeedTimes", () => {
  const window = { from: Date.parse("2026-11-23T05:00:00.000Z"), to: Date.parse("2026-11-23T05:00:04.000Z") };
  it("replaces only timestamps within a second of the seeding window", () => {
    const body = JSON.stringify({
      a: "2026-11-23T05:00:02.500Z",
      b: "2026-11-23T04:59:59.100Z",
      c: "2026-11-23T04:59:58.900Z",
      d: "2026-01-01T00:00:00.000Z",
      e: "2026-11-23T05:00:02Z",
    });
    expect(JSON.parse(normaliseSeedTimes(body, window))).toEqual({
      a: SEEDED_AT,
      b: SEEDED_AT,
      c: "2026-11-23T04:59:58.900Z",
      d: "2026-01-01T00:00:00.000Z",
      e: "2026-11-23T05:00:02Z",
    });
  });
});

for (const driver of drivers) {
  const recording = RECORD && driver.name === "pglite";
  describe.skipIf(driver.skip)(`golden answers — ${driver.title}${recording ? " (recording)" : ""}`, () => {
    let t: TestDatabase;
    let fetchCms: (request: Request) => Promise<Response>;
    let window: { from: number; to: number };

    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "golden");
      const from = Date.now();
      expect(await seedIfEmpty(t.database.db)).toBe(true);
      window = { from, to: Date.now() };
      fetchCms = createCmsApp(t.database, { clock: () => GOLDEN_NOW }).fetch;
    }, 180_000);
    afterAll(async () => {
      await t?.dispose();
    });

    async function answer(r: GoldenRequest): Promise<GoldenAnswer> {
      const res = await fetchCms(toRequest(r));
      const body = normaliseSeedTimes(await res.text(), window);
      return { request: r, status: res.status, contentType: res.headers.get("content-type") ?? "", body };
    }

    if (recording) {
      it("records the answers", async () => {
        const answers: GoldenAnswer[] = [];
        for (const r of goldenRequests) answers.push(await answer(r));
        const file: GoldenFile = {
          normalisation: 'ISO-8601 UTC timestamps within one second of the seeding window are written as "<seeded-at>"',
          answers,
        };
        writeFileSync(ANSWERS_FILE, `${JSON.stringify(file, null, 1)}\n`);
      });
      return;
    }

    it("the recorded requests are the requests of requests.ts", () => {
      expect(readAnswers().answers.map((a) => a.request)).toEqual(JSON.parse(JSON.stringify(goldenRequests)));
    });

    it("every answer is the recorded one, byte for byte", async () => {
      const recorded = readAnswers().answers;
      const differences: string[] = [];
      for (const [i, r] of goldenRequests.entries()) {
        const got = await answer(r);
        const want = recorded[i];
        if (!want) {
          differences.push(`${label(r)}: not recorded`);
          continue;
        }
        if (got.status !== want.status) differences.push(`${label(r)}: status ${got.status}, recorded ${want.status}`);
        if (got.contentType !== want.contentType) {
          differences.push(`${label(r)}: content-type ${got.contentType}, recorded ${want.contentType}`);
        }
        if (got.body !== want.body) {
          const excerpt = (text: string) => text.slice(0, 300);
          differences.push(`${label(r)}: body differs\n  got:  ${excerpt(got.body)}\n  want: ${excerpt(want.body)}`);
        }
      }
      expect(differences, differences.join("\n")).toEqual([]);
    });
  });
}
