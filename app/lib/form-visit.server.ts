import type { AppLoadContext } from "@remix-run/node";

import type { FlashedFormReply, FormVisit } from "~/page-builder/types";

import { ensureCsrfToken } from "./csrf.server";
import { siteOrigin } from "./origin.server";
import type { Visitor } from "./visitor.server";

/** Query parameters the return path drops: the payment's token is used once. */
const DROPPED = ["payum_token"];

/**
 * The visit as a form on the page sees it (core/form, /contact): the CSRF token (made only when a
 * form asks, so other pages stay shareable), the address, and the reply `/forms/{id}` flashed.
 */
export function formVisit(request: Request, context: AppLoadContext, visitor: Visitor): FormVisit {
  const url = new URL(request.url);
  const back = new URLSearchParams(url.searchParams);
  for (const name of DROPPED) back.delete(name);
  const query = back.toString();
  let formReply: FlashedFormReply | null | undefined;
  return {
    signedIn: visitor.signedIn,
    memberEmail: visitor.member?.email ?? null,
    csrf: () => ensureCsrfToken(visitor.session),
    searchParams: url.searchParams,
    pageAddress: `${siteOrigin(request, context)}${url.pathname}`,
    returnPath: `${url.pathname}${query ? `?${query}` : ""}`,
    get formReply() {
      // A flash is read once; only a page with a form reads it.
      if (formReply === undefined) formReply = readReply(visitor.session.get("formReply"));
      return formReply;
    },
  };
}

function readReply(value: unknown): FlashedFormReply | null {
  if (!value || typeof value !== "object") return null;
  const { form, reply } = value as { form?: unknown; reply?: unknown };
  return typeof form === "number" && reply && typeof reply === "object"
    ? { form, reply: reply as FlashedFormReply["reply"] }
    : null;
}
