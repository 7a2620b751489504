import { describe, expect, it } from "vitest";
import { z } from "zod";

import type { Upstream } from "~/lib/context";

import { UpstreamError } from "./errors";
import { graphql, graphqlErrorMessage } from "./graphql.server";
import { createTransport } from "./transport.server";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function upstreamAnswering(answer: (request: Request) => Response | Promise<Response>) {
  const seen: { url: string; body: unknown; authorization: string | null }[] = [];
  const upstream: Upstream = {
    fetch: async (request) => {
      seen.push({
        url: request.url,
        body: await request.clone().json(),
        authorization: request.headers.get("authorization"),
      });
      return answer(request);
    },
    baseUrl: "http://cms.test",
    publicUrl: "",
    timeoutMs: 1_000,
  };
  return { upstream, seen };
}

const pagesSchema = z.object({ cognitoPages: z.array(z.object({ url: z.string() })) });
const QUERY = "{ cognitoPages { url } }";

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(UpstreamError);
    return error as UpstreamError;
  }
  throw new Error("expected the query to fail");
}

describe("graphql", () => {
  it("posts the query and variables to /graphql with the bearer token and returns the data", async () => {
    const { upstream, seen } = upstreamAnswering(() => json({ data: { cognitoPages: [{ url: "about" }] } }));
    const data = await graphql(createTransport(upstream, "tok"), QUERY, pagesSchema, { url: "about" });
    expect(data.cognitoPages).toEqual([{ url: "about" }]);
    expect(seen[0]).toEqual({
      url: "http://cms.test/graphql",
      body: { query: QUERY, variables: { url: "about" } },
      authorization: "Bearer tok",
    });
  });

  it("fails with the first error's message when the answer lists errors", async () => {
    const { upstream } = upstreamAnswering(() =>
      json({ data: null, errors: [{ message: 'Cannot query field "nope"' }, { message: "second" }] }),
    );
    const error = await failure(graphql(createTransport(upstream), QUERY, pagesSchema));
    expect(error.message).toBe('Cannot query field "nope"');
  });

  it("names the first error's message of an error status too", async () => {
    const { upstream } = upstreamAnswering(() => json({ errors: [{ message: "Syntax Error: Unexpected Name" }] }, 400));
    const error = await failure(graphql(createTransport(upstream), QUERY, pagesSchema));
    expect(error.message).toBe("Syntax Error: Unexpected Name");
    expect(error.status).toBe(400);
  });

  it("says 'GraphQL Error (Code: {status})' when an error answer names no message", async () => {
    const { upstream } = upstreamAnswering(() => new Response("Bad gateway", { status: 502 }));
    const error = await failure(graphql(createTransport(upstream), QUERY, pagesSchema));
    expect(error.message).toBe("GraphQL Error (Code: 502)");
    expect(error.status).toBe(502);
  });

  it("says 'GraphQL Error (Code: 200)' for an empty error list entry", async () => {
    const { upstream } = upstreamAnswering(() => json({ errors: [{}] }));
    const error = await failure(graphql(createTransport(upstream), QUERY, pagesSchema));
    expect(error.message).toBe("GraphQL Error (Code: 200)");
  });

  it("keeps a network failure a 'Network Error' with status -1", async () => {
    const { upstream } = upstreamAnswering(() => {
      throw new TypeError("fetch failed");
    });
    const error = await failure(graphql(createTransport(upstream), QUERY, pagesSchema));
    expect(error.message).toBe("Network Error");
    expect(error.status).toBe(-1);
  });

  it("refuses data of an unexpected shape", async () => {
    const { upstream } = upstreamAnswering(() => json({ data: { cognitoPages: "x" } }));
    const error = await failure(graphql(createTransport(upstream), QUERY, pagesSchema));
    expect(error.status).toBe(502);
  });
});

describe("graphqlErrorMessage", () => {
  it("takes the first error's message, else the status", () => {
    expect(graphqlErrorMessage([{ message: "a" }, { message: "b" }], 200)).toBe("a");
    expect(graphqlErrorMessage([], 500)).toBe("GraphQL Error (Code: 500)");
    expect(graphqlErrorMessage(undefined, 401)).toBe("GraphQL Error (Code: 401)");
    expect(graphqlErrorMessage([{ message: 42 }], 200)).toBe("GraphQL Error (Code: 200)");
  });
});
