/**
 * What one GraphQL request may ask for (limits.ts and the /graphql body bound), through the app
 * as a client reaches it. The probe, 10,000 aliases of `cognitoPages(page_size: 100)`,
 * once answered 329 MB and stalled the site for 146 s: it must now be refused at once, with the
 * rest of the API answering meanwhile. HTTP- and validation-level behaviour: PGlite alone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { CmsApp } from "../app";
import { pages, testimonials } from "../db/schema";
import { createCmsApp, openTestDatabase, type TestDatabase } from "../test/databases";
import { ARMOR_LIMITS, MAX_ITEMS_PER_REQUEST, MAX_LIST_ITEMS } from "./limits";
import { createGraphql } from "./schema";

const ORIGIN = "http://cms.test";

/** The probe: `count` aliases of a full page list with rows and blocks. */
const aliasBomb = (count: number) =>
  `{ ${Array.from({ length: count }, (_, i) => `a${i}: cognitoPages(page_size: 100) { id rows pageContents }`).join(" ")} }`;

const graphqlRequest = (query: string, headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...headers },
    body: JSON.stringify({ query }),
  });

describe("GraphQL limits (pglite)", () => {
  let t: TestDatabase;
  let app: CmsApp;
  let production: CmsApp;

  const gql = async (query: string, on: CmsApp = app) => {
    const res = await on.fetch(graphqlRequest(query));
    return { status: res.status, body: (await res.json()) as { data?: any; errors?: { message: string }[] } };
  };
  const messages = (body: { errors?: { message: string }[] }) => (body.errors ?? []).map((e) => e.message).join("\n");

  beforeAll(async () => {
    t = await openTestDatabase("pglite", "graphql_limits");
    const db = t.database.db;
    await db
      .insert(pages)
      .values(
        Array.from({ length: 120 }, (_, i) => ({ name: `p${i}`, slug: `p${i}`, url: `p${i}`, title: `Page ${i}` })),
      );
    await db.insert(testimonials).values(Array.from({ length: 120 }, (_, i) => ({ name: `Customer ${i}` })));
    app = createCmsApp(t.database);
    production = createCmsApp(t.database, { production: true });
  }, 60_000);
  afterAll(async () => {
    await t?.dispose();
  });

  it("refuses the 10,000-alias probe in under a second, and /api/healthz answers meanwhile", async () => {
    const bomb = graphqlRequest(aliasBomb(10_000));
    const started = performance.now();
    const timed = async (response: Promise<Response>) => {
      const res = await response;
      await res.arrayBuffer();
      return { status: res.status, ms: performance.now() - started };
    };
    const [refused, health] = await Promise.all([
      timed(production.fetch(bomb)),
      timed(production.fetch(new Request(`${ORIGIN}/api/healthz`))),
    ]);
    expect(refused.status).toBe(413);
    expect(refused.ms).toBeLessThan(1000);
    expect(health).toMatchObject({ status: 200 });
    expect(health.ms).toBeLessThan(1000);
  });

  it("refuses the probe by its token count too, had it passed the body bound, in under a second", async () => {
    const yoga = createGraphql({ production: true });
    const started = performance.now();
    const res = await yoga.fetch(graphqlRequest(aliasBomb(10_000)), { db: t.database.db });
    const body = (await res.json()) as { data?: unknown; errors?: { message: string }[] };
    expect(performance.now() - started).toBeLessThan(1000);
    expect(body.data ?? null).toBeNull();
    expect(messages(body)).toContain(`Token limit of ${ARMOR_LIMITS.tokens} exceeded`);
  });

  it("allows 15 aliases and refuses the 16th", async () => {
    const aliases = (n: number) =>
      `{ ${Array.from({ length: n }, (_, i) => `a${i}: cognitoPages(page_size: 1) { id }`).join(" ")} }`;
    const allowed = await gql(aliases(15));
    expect(allowed.body.errors).toBeUndefined();
    expect(Object.keys(allowed.body.data)).toHaveLength(15);
    const refused = await gql(aliases(16));
    expect(refused.body.data ?? null).toBeNull();
    expect(messages(refused.body)).toContain("Aliases limit of 15 exceeded, found 16");
  });

  it("refuses a document of more than 1,000 tokens", async () => {
    const refused = await gql(`{ cognitoPages(page_size: 1) { ${"id ".repeat(1000)}} }`);
    expect(refused.body.data ?? null).toBeNull();
    expect(messages(refused.body)).toContain("Token limit of 1000 exceeded");
  });

  it("refuses a query costing more than 1,000 (here 700 fields: 2 + 1.5 × 700) within the token bound", async () => {
    const costly = await gql(`{ cognitoPages(page_size: 1) { ${"id ".repeat(700)}} }`);
    expect(costly.body.data ?? null).toBeNull();
    expect(messages(costly.body)).toContain("Query Cost limit of 1000 exceeded, found 1052");
    expect((await gql(`{ cognitoPages(page_size: 1) { ${"id ".repeat(600)}} }`)).body.errors).toBeUndefined();
  });

  it("refuses a query deeper than 6", async () => {
    const deep = '{ __type(name: "Query") { fields { type { ofType { ofType { ofType { name } } } } } } }';
    expect(messages((await gql(deep)).body)).toContain("Query depth limit of 6 exceeded");
  });

  it("answers at most a page of 100 per list, and at most 500 list items per request", async () => {
    const list = await gql("{ cognitoPages(page_size: 500) { id } cognitoTestimonials { id } }");
    expect(list.body.errors).toBeUndefined();
    expect(list.body.data.cognitoPages).toHaveLength(MAX_LIST_ITEMS);
    expect(list.body.data.cognitoTestimonials).toHaveLength(MAX_LIST_ITEMS);

    const lists = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `l${i}: cognitoPages { id }`).join(" ")} }`;
    expect((await gql(lists(MAX_ITEMS_PER_REQUEST / 100))).body.errors).toBeUndefined();
    const refused = await gql(lists(MAX_ITEMS_PER_REQUEST / 100 + 1));
    expect(refused.body.data ?? null).toBeNull();
    expect(messages(refused.body)).toContain("asks for up to 600 list items; the limit is 500");
    // A small page counts as what it asks for.
    expect(
      (await gql("{ a: cognitoPages(page_size: 2) { id } b: cognitoPages(page_size: 3) { id } }")).body.errors,
    ).toBe(undefined);
  });

  it("suggests no field names", async () => {
    const refused = await gql("{ cognitoPages { nam } }");
    expect(messages(refused.body)).toContain('Cannot query field "nam" on type "CognitoPage".');
    expect(messages(refused.body)).not.toMatch(/did you mean|"name"/i);
  });

  it("answers introspection only outside production", async () => {
    for (const query of ["{ __schema { types { name } } }", '{ __type(name: "CognitoPage") { name } }']) {
      expect((await gql(query)).body.errors, query).toBeUndefined();
      const refused = await gql(query, production);
      expect(refused.body.data ?? null, query).toBeNull();
      expect(messages(refused.body), query).toContain("introspection has been disabled");
    }
    expect((await gql("{ __typename cognitoPages(page_size: 1) { id } }", production)).body.errors).toBeUndefined();
  });
});
