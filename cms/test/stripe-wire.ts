/**
 * What crosses the wire of the Stripe-shaped test server (`stripe-server.ts`): Stripe's
 * form-encoded request bodies read back, and its hosted checkout page.
 */
import type { FakeSession } from "./stripe-server";

export type Form = { [key: string]: string | Form };

/** Stripe's form encoding (`line_items[0][price_data][unit_amount]=…`) back into objects. */
export function parseStripeForm(body: string): Form {
  const out: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Form;
    });
  }
  return out;
}

/** A form value that is a string, else undefined. */
export const text = (form: Form | string | undefined) => (typeof form === "string" ? form : undefined);

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The hosted page of a session: its amount and lines, and Pay and Cancel while it is open. */
export function checkoutPage(session: FakeSession): string {
  const amount = `${session.currency.toUpperCase()} ${(session.amount_total / 100).toFixed(2)}`;
  const lines = session.line_items
    .map((l) => `<li>${escape(l.name)}: ${(l.unit_amount / 100).toFixed(2)} × ${l.quantity}</li>`)
    .join("");
  const form =
    session.status === "open"
      ? `<form method="post"><button name="outcome" value="pay">Pay ${escape(amount)}</button>
<button name="outcome" value="cancel">Cancel</button></form>`
      : `<p id="state">${escape(session.status)}</p>`;
  return (
    `<!doctype html><html lang="en"><title>Stripe Checkout (test server)</title><h1>Checkout</h1>` +
    `<p id="amount">${escape(amount)}</p><ul>${lines}</ul>${form}</html>`
  );
}
