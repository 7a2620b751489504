import { emptyCspSources } from "~/host/security-headers.server";
import { SwrCache } from "~/lib/api/cache.server";
import { CSRF_FIELD } from "~/lib/csrf.server";
import { createLoadContext } from "~/lib/load-context.server";
import { getSessionStorage, seal, type SessionData } from "~/lib/session.server";

/**
 * Tests of the member forms' actions against a fake CMS: `answer` gets each upstream request
 * (method, path, JSON or multipart body) and returns the CMS's answer.
 */
export const MEMBER_SECRET = "m".repeat(40);
export const CSRF = "csrf-1";

export const signedIn: SessionData = {
  accessToken: "member-token",
  member: { id: 7, name: "Alice Smith", email: "alice@example.com", roles: ["member"] },
  csrf: CSRF,
};
export const anonymous: SessionData = { csrf: CSRF };

export type UpstreamCall = { method: string; path: string; body: unknown; request: Request };

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

/** A request to `path` posting `fields` (strings or files) with the session, and its load context. */
export function memberRequest(
  path: string,
  fields: Record<string, string | File> | null,
  session: SessionData,
  answer: (call: UpstreamCall) => Response | Promise<Response>,
  headers: Record<string, string> = {},
) {
  const calls: UpstreamCall[] = [];
  const cookie = `__session=${btoa(JSON.stringify(seal(session, MEMBER_SECRET)))}`;
  let body: FormData | undefined;
  if (fields) {
    body = new FormData();
    body.set(CSRF_FIELD, CSRF);
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
  }
  const request = new Request(`https://dovetail.example${path}`, {
    method: fields ? "POST" : "GET",
    body,
    headers: { cookie, ...headers },
  });
  const context = createLoadContext({
    request,
    cspNonce: "n",
    cspExtra: emptyCspSources(),
    upstream: {
      fetch: async (req: Request) => {
        const url = new URL(req.url);
        const type = req.headers.get("content-type") ?? "";
        const sent = type.includes("json")
          ? await req.json()
          : type.includes("multipart")
            ? Object.fromEntries(await req.formData())
            : undefined;
        const call = { method: req.method, path: url.pathname, body: sent, request: req };
        calls.push(call);
        return answer(call);
      },
      baseUrl: "http://cms.test",
      publicUrl: "",
      timeoutMs: 2000,
    },
    upstreamCache: new SwrCache(),
    sessionSecret: MEMBER_SECRET,
    production: false,
  });
  return { request, context, calls };
}

/** The session an answer's Set-Cookie leaves (to read a flashed message). */
export function sessionOf(response: Response) {
  return getSessionStorage(MEMBER_SECRET, false).getSession(response.headers.get("set-cookie"));
}

/** Runs an action or loader and gives back its Response, thrown or returned. */
export async function settle(run: () => unknown): Promise<Response> {
  try {
    const result = await run();
    return result as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

type DataResult = { data: unknown; init: ResponseInit | null };

/** The status and body of an action's result: a Response (a redirect) or Remix's `data()`. */
export async function outcome(result: unknown) {
  if (result instanceof Response) {
    return { status: result.status, headers: result.headers, body: null as unknown, response: result };
  }
  const { data, init } = result as DataResult;
  return { status: init?.status ?? 200, headers: new Headers(init?.headers), body: data, response: null };
}

/** A myAccount answer: the flags named are on, every other one off. */
export function accountAnswer(
  flags: Record<string, boolean> = {},
  user: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) {
  return {
    user: {
      id: 7,
      email: "alice@example.com",
      first_name: "Alice",
      last_name: "Smith",
      is_admin: false,
      mobile_phone: "0400 000 000",
      date_of_birth: null,
      image: null,
      thumbnail: null,
      company_name: "",
      company_phone: "",
      trading_name: "",
      abn: null,
      website: null,
      facebook_link: null,
      drivers_licence_number: "",
      drivers_licence_expiry: null,
      drivers_licence_state_of_issue_id: null,
      emergency_contact_name: "",
      emergency_contact_phone: "",
      club_additional_member: "",
      language: "en",
      ...user,
    },
    addresses: [],
    credit_balance: 25.5,
    settings: { club_additional_member_label: "Partner Name", ...flags },
    ...extra,
  };
}
