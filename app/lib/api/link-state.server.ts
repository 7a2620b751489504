import type { UpstreamTiming } from "~/shared/upstream-timing.server";

import type { CircuitBreaker } from "./circuit-breaker.server";

/**
 * The link state of one request (spec section 4's link-active flag, decision 066): the upstream
 * is taken as unreachable when a call of this request got no answer (status -1), or while the
 * process's circuit breaker is open (calls fail at once then, and the page comes from a stale or
 * seeded copy). It is judged per request, so the notice clears with the next answered call.
 */
export function upstreamUnreachable(context: { upstreamTiming?: UpstreamTiming; upstreamBreaker?: CircuitBreaker }) {
  return (context.upstreamTiming?.noAnswers ?? 0) > 0 || context.upstreamBreaker?.open === true;
}
