import type { AppLoadContext } from "@remix-run/node";
import { createTransport } from "./api/transport.server";
import { getSessionStorage } from "./session.server";

/** The visitor of this request: their session and an upstream client carrying their token. */
export async function getVisitor(request: Request, context: AppLoadContext) {
  const storage = getSessionStorage(context.sessionSecret, context.production);
  const session = await storage.getSession(request.headers.get("cookie"));
  const accessToken = session.get("accessToken");
  return {
    session,
    storage,
    signedIn: Boolean(accessToken),
    transport: createTransport(context.upstream, accessToken),
  };
}
