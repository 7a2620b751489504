/**
 * Content is the same whoever asks (decision 124): the site answers a member's content calls
 * (those it names a shared cache strategy for) from the cache anonymous visitors fill, sent without
 * the member's token. So every content call of the CMS must answer a signed-in member exactly as it
 * answers an anonymous visitor: the golden requests' content calls (cms/test/golden/requests.ts)
 * and search, over the seeded site, on PGlite.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { addUser } from "./accounts/test-support";
import { seedIfEmpty } from "./seed";
import { createCmsApp, openTestDatabase, type TestDatabase } from "./test/databases";
import { contentRequests, type GoldenRequest } from "./test/golden/requests";

const NOW = Date.UTC(2026, 10, 25, 9, 0, 0);
const PASSWORD = "a long secret 1";
const SEARCHES: GoldenRequest[] = ["chair", "table setting", "workshop", "zzz"].map((q) => ({
  method: "GET",
  path: `/api/v1/cognito/search?q=${encodeURIComponent(q)}`,
}));

describe("content answers a member as it answers anyone", () => {
  let t: TestDatabase;
  let fetchCms: (request: Request) => Promise<Response>;
  let token: string;

  beforeAll(async () => {
    t = await openTestDatabase("pglite", "content-for-everyone");
    await seedIfEmpty(t.database.db);
    await addUser(t.database.db, { email: "member@example.com", firstName: "Sam", password: PASSWORD });
    fetchCms = createCmsApp(t.database, { clock: () => NOW }).fetch;
    const login = await fetchCms(
      new Request("http://cms.test/api/v1/cognito/user/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          username: "member@example.com",
          password: PASSWORD,
          fingerprint: "fp-content-0123456789",
        }),
      }),
    );
    expect(login.status).toBe(200);
    token = ((await login.json()) as { access_token: string }).access_token;
  }, 180_000);
  afterAll(async () => {
    await t?.dispose();
  });

  async function answer(r: GoldenRequest, bearer?: string) {
    const headers: Record<string, string> = { accept: "application/json" };
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    if (r.method === "POST") headers["content-type"] = "application/json";
    const body = r.body === undefined ? undefined : typeof r.body === "string" ? r.body : JSON.stringify(r.body);
    const res = await fetchCms(new Request(`http://cms.test${r.path}`, { method: r.method, headers, body }));
    return { status: res.status, body: await res.text() };
  }

  it("every content call, and search, answers the same with and without a member's token", async () => {
    const requests = [...contentRequests, ...SEARCHES];
    expect(requests.length).toBeGreaterThan(100);
    const differences: string[] = [];
    for (const r of requests) {
      const [anonymous, member] = [await answer(r), await answer(r, token)];
      if (member.status !== anonymous.status || member.body !== anonymous.body)
        differences.push(`${r.method} ${r.path}: ${anonymous.status} anonymous, ${member.status} for the member`);
    }
    expect(differences).toEqual([]);
  });

  it("tells the two apart where an answer is the member's (so the comparison can fail)", async () => {
    const me = { method: "GET", path: "/api/v1/cognito/user/authUser" } as const;
    expect((await answer(me)).status).toBe(401);
    expect((await answer(me, token)).status).toBe(200);
  });
});
