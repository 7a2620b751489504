import type { AppLoadContext } from "@remix-run/node";
import { data } from "@remix-run/node";

import { getOrder, getTickets } from "~/lib/api/shop.server";
import { checkPaid } from "~/lib/api/vouchers.server";
import { requireMember } from "~/lib/auth.server";
import { notFound } from "~/lib/cms-page.server";
import { gatewayAddress } from "~/lib/gateway.server";
import { siteOrigin } from "~/lib/origin.server";
import { cacheControl } from "~/shared/cache-control";

import { requireShop } from "./gate.server";

const ID = /^\d{1,12}$/;
const headers = { "Cache-Control": cacheControl.private, "X-Robots-Tag": "noindex", Vary: "Cookie" };

/** The member's, with the shop open; the order's id from the address (anything else is a 404). */
async function orderId(request: Request, context: AppLoadContext, id: string | undefined) {
  // The shop's gate first: with it closed these addresses are no page at all, signed in or not.
  await requireShop(request, context);
  await requireMember(request, context);
  if (!id || !ID.test(id)) throw notFound(new URL(request.url).pathname);
  return Number(id);
}

/**
 * An invoice (/invoice/{id}, /show-invoice/{id} and their print views): the member's own order
 * (another member's, or none, is the site's 404). Back from the gateway (`?payum_token=`) the
 * payment is checked first (which also fulfils it once), so the invoice shows it paid.
 */
export async function loadInvoice(request: Request, context: AppLoadContext, id: string | undefined) {
  const number = await orderId(request, context, id);
  const visitor = await context.visitor();
  const url = new URL(request.url);
  const token = url.searchParams.get("payum_token");
  const paid =
    token && token.length <= 200
      ? await checkPaid(visitor.transport, `${siteOrigin(request, context)}/invoice/${number}`, token)
      : null;
  const order = await getOrder(visitor.transport, number);
  if (!order) throw notFound(url.pathname);
  const payNow = order.status === "pending" && order.payment ? gatewayAddress(order.payment, request, context) : null;
  return data(
    {
      order,
      payNow,
      payment: paid === null ? null : paid ? ("paid" as const) : ("failed" as const),
      hasTickets: order.status === "paid" && order.items.some((i) => i.is_event),
      // The same views answer at /invoice/… and /show-invoice/…: links stay on the one asked for.
      base: url.pathname.startsWith("/show-invoice/") ? "/show-invoice" : "/invoice",
    },
    { headers },
  );
}

/** /print-tickets/{id}: a paid order's tickets, the member's own (else a 404). */
export async function loadTickets(request: Request, context: AppLoadContext, id: string | undefined) {
  const number = await orderId(request, context, id);
  const visitor = await context.visitor();
  const [order, tickets] = await Promise.all([
    getOrder(visitor.transport, number),
    getTickets(visitor.transport, number),
  ]);
  if (!order || !tickets || tickets.length === 0) throw notFound(new URL(request.url).pathname);
  return data({ invoiceNumber: order.invoice_number, tickets }, { headers });
}
