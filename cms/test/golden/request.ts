/** One request of the golden-answer test (`cms/golden.test.ts`), and the helpers that write them. */
export interface GoldenRequest {
  method: "GET" | "POST" | "DELETE";
  path: string;
  /** A JSON value is sent as JSON; a string is sent as it is (to test malformed bodies). */
  body?: unknown;
}

export const get = (p: string): GoldenRequest => ({ method: "GET", path: p });
export const post = (p: string, body?: unknown): GoldenRequest => ({ method: "POST", path: p, body });
export const gql = (query: string, variables?: Record<string, unknown>) => post("/graphql", { query, variables });
