import { z } from "zod";

import { isUpstreamError, UpstreamError } from "./errors";
import { requestFailedMessage, type Transport } from "./transport.server";

/**
 * The site's GraphQL client (spec section 7): POST /graphql with the query and its variables,
 * through the transport, so the bearer token, its refresh and retry on TOKEN_EXPIRED (401 or
 * 422), the timeouts and the circuit breaker are the REST calls' own. A failed query is an
 * UpstreamError whose message is the first GraphQL error's, or 'GraphQL Error (Code: {status})'
 * when the answer names none (spec section 8).
 */

export const GRAPHQL_PATH = "/graphql";

const graphqlAnswer = z.object({
  data: z.unknown().optional(),
  errors: z.array(z.unknown()).nullish(),
});

/** The message of the first GraphQL error, or the fallback with the answer's status. */
export function graphqlErrorMessage(errors: unknown, status: number) {
  const first: unknown = Array.isArray(errors) ? errors[0] : undefined;
  const message = first && typeof first === "object" ? (first as { message?: unknown }).message : undefined;
  return typeof message === "string" && message ? message : `GraphQL Error (Code: ${status})`;
}

/** Runs a query; `schema` checks its `data`. Any GraphQL error makes the whole call fail. */
export async function graphql<T extends z.ZodTypeAny>(
  t: Transport,
  query: string,
  schema: T,
  variables: Record<string, unknown> = {},
): Promise<z.infer<T>> {
  let answer: z.infer<typeof graphqlAnswer>;
  try {
    answer = await t.post(GRAPHQL_PATH, graphqlAnswer, { query, variables });
  } catch (error) {
    // No answer (-1) stays a network failure; an error status without a GraphQL message gets the spec's.
    if (isUpstreamError(error) && error.status > 0 && error.message === requestFailedMessage(error.status)) {
      throw new UpstreamError(graphqlErrorMessage(undefined, error.status), error.status, error.path, error.code);
    }
    throw error;
  }
  if (answer.errors?.length) {
    throw new UpstreamError(graphqlErrorMessage(answer.errors, 200), 200, GRAPHQL_PATH, "GRAPHQL_ERROR");
  }
  const parsed = schema.safeParse(answer.data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UpstreamError(
      `Unexpected answer from ${GRAPHQL_PATH}: ${issue.path.join(".")}: ${issue.message}`,
      502,
      GRAPHQL_PATH,
    );
  }
  return parsed.data;
}
