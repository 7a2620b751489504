import { UpstreamError } from "~/lib/api/errors";
import type { Transport } from "~/lib/api/transport.server";

export type RecordedCall = { method: "GET" | "POST"; path: string; params: Record<string, unknown> };

/** A transport for loader tests: records every call and answers with `answer` (anonymous, so answers may be cached). */
export function recordingTransport(answer: (call: RecordedCall) => unknown) {
  const calls: RecordedCall[] = [];
  const handle = async (call: RecordedCall, schema: { parse: (v: unknown) => unknown }) => {
    calls.push(call);
    return schema.parse(await answer(call));
  };
  const transport: Transport = {
    anonymous: true,
    get: ((path: string, schema: { parse: (v: unknown) => unknown }, query?: Record<string, unknown>) =>
      handle({ method: "GET", path, params: query ?? {} }, schema)) as Transport["get"],
    post: ((path: string, schema: { parse: (v: unknown) => unknown }, body?: unknown) =>
      handle({ method: "POST", path, params: (body ?? {}) as Record<string, unknown> }, schema)) as Transport["post"],
    postForm: ((path: string, schema: { parse: (v: unknown) => unknown }, form: FormData) =>
      handle({ method: "POST", path, params: Object.fromEntries(form) }, schema)) as Transport["postForm"],
  };
  return { transport, calls };
}

/** The upstream's 404 for a path. */
export const upstreamNotFound = (path: string) => new UpstreamError("Not found", 404, path);
