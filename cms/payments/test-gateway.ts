/**
 * The built-in `test` gateway (PAYMENT_GATEWAY=test, the default): a real redirect round trip with
 * no third party. `start` answers `/pay/{token}`; that page (no script, the CMS's security headers)
 * shows the amount and description with Pay and Decline buttons, posting back to `/pay/{token}`
 * with a CSRF double-submit token (an httpOnly SameSite=Lax cookie and a hidden field). The POST
 * sends the outcome server-to-server to `POST /api/v1/cognito/payment/notify` (a JSON body signed
 * with HMAC-SHA256, see signature.ts), in-process or over HTTP (`notifyUrl`), then redirects the
 * browser (303) to the payment's return URL with `payum_token={token}`. A payment that is no
 * longer pending shows its state instead of buttons.
 */

import { createHash } from "node:crypto";

import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";

import type { CmsEnv } from "../context";
import { centsToDollars, formatMoney } from "../contract/formats";
import { csrfMatches, csrfToken } from "../lib/form-csrf";
import { escapeHtml, htmlPage } from "../lib/html-page";
import type {
  GatewayContext,
  GatewayNotification,
  GatewayPayment,
  GatewayRecord,
  GatewayStart,
  PaymentGateway,
} from "./gateway";
import { findPaymentByToken, type Payment, returnUrlWithToken } from "./service";
import { SIGNATURE_HEADER, signNotification, verifySignature } from "./signature";

/** Where the test gateway notifies the CMS (in-process: a path of the app). */
export const NOTIFY_PATH = "/api/v1/cognito/payment/notify";
const CSRF_COOKIE = "dovetail_pay_csrf";

export interface TestGatewayOptions {
  /** The HMAC secret of notifications (PAYMENT_NOTIFY_SECRET or `loadNotifySecret`). */
  secret: string;
  /** Notify over HTTP at this URL instead of in-process (a split deployment). */
  notifyUrl?: string;
}

export class TestGateway implements PaymentGateway {
  readonly name = "test";
  readonly isTest = true;
  readonly notifyUrl?: string;
  readonly #secret: string;

  constructor(options: TestGatewayOptions) {
    if (!options.secret) throw new Error("The test gateway needs a notification secret");
    this.#secret = options.secret;
    this.notifyUrl = options.notifyUrl;
  }

  async start(payment: GatewayPayment, ctx: GatewayContext): Promise<GatewayStart> {
    const base = ctx.baseUrl ? ctx.baseUrl.replace(/\/+$/, "") : "";
    return { url: `${base}/pay/${payment.token}` };
  }

  /** The outcome is recorded by the page's own notification, before the browser returns. */
  async check(): Promise<"pending"> {
    return "pending";
  }

  /** Its page reads the payment's state: a declined payment shows no buttons. Nothing to do here. */
  async cancel(): Promise<void> {}

  /** Nothing to give back: the reference is made from the key, so a repeat answers the same one. */
  async refund(payment: GatewayRecord, amountCents: number, key: string): Promise<{ ref: string }> {
    if (!Number.isInteger(amountCents) || amountCents <= 0) throw new Error("A refund needs a positive amount");
    return { ref: `test_re_${createHash("sha256").update(key).digest("hex").slice(0, 24)}` };
  }

  /** A signed notification request (the body and its signature header). */
  notification(
    notice: { token: string; status: "paid" | "declined" },
    now: number,
  ): { body: string; signature: string } {
    const body = JSON.stringify({ token: notice.token, status: notice.status });
    return { body, signature: signNotification(this.#secret, body, now) };
  }

  async verifyNotification(request: Request, now: number): Promise<GatewayNotification | null> {
    const body = await request.text();
    if (!verifySignature(this.#secret, body, request.headers.get(SIGNATURE_HEADER), now)) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return null;
    }
    const notice = z.object({ token: z.string().max(100), status: z.enum(["paid", "declined"]) }).safeParse(parsed);
    return notice.success ? notice.data : null;
  }
}

export function createTestGateway(options: TestGatewayOptions): TestGateway {
  return new TestGateway(options);
}

// ── The hosted page ────────────────────────────────────────────────────────────────────────────

/** "$7,123.00 AUD": the contract's money format, as the cart, the invoice and the mails show it. */
function money(cents: number, currency: string): string {
  return `${formatMoney(centsToDollars(cents))} ${currency}`;
}

function messagePage(c: Context<CmsEnv>, title: string, message: string, status: 400 | 403 | 404) {
  c.header("Cache-Control", "no-store");
  return c.html(htmlPage(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`), status);
}

const STATE_TEXT: Record<string, string> = {
  paid: "This payment has been made.",
  declined: "This payment was declined.",
};

function paymentPage(c: Context<CmsEnv>, payment: Payment, token: string) {
  const total = money(payment.amountCents + payment.surchargeCents, payment.currency);
  const surcharge =
    payment.surchargeCents > 0
      ? `<p>Includes a surcharge of ${escapeHtml(money(payment.surchargeCents, payment.currency))}.</p>\n`
      : "";
  const head = `<h1>Test payment</h1>
<p id="test-notice"><strong>Test payment: no money is taken.</strong> This is the built-in test gateway; no card is charged.</p>
<dl>
<dt>Amount</dt><dd id="amount">${escapeHtml(total)}</dd>
<dt>For</dt><dd id="description">${escapeHtml(payment.description)}</dd>
</dl>
${surcharge}`;
  let body: string;
  if (payment.status === "pending") {
    body = `${head}<form method="post" action="/pay/${escapeHtml(token)}">
<input type="hidden" name="csrf" value="${escapeHtml(csrfToken(c, CSRF_COOKIE, "/pay"))}">
<p><button type="submit" name="outcome" value="paid">Pay ${escapeHtml(total)}</button>
<button type="submit" name="outcome" value="declined">Decline</button></p>
</form>`;
  } else {
    const back = escapeHtml(returnUrlWithToken(payment.returnUrl, token));
    body = `${head}<p id="state">${escapeHtml(STATE_TEXT[payment.status] ?? payment.status)}</p>
<p><a href="${back}">Back to the site</a></p>`;
  }
  c.header("Cache-Control", "no-store");
  return c.html(htmlPage("Test payment", body), 200);
}

const postSchema = z.object({
  csrf: z.string().max(100).default(""),
  outcome: z.enum(["paid", "declined"]),
});

/**
 * `GET` and `POST /pay/:token`. `dispatch` sends the notification in-process (the app's fetch)
 * when the gateway has no `notifyUrl`.
 */
export function testGatewayRoutes(gateway: TestGateway, dispatch: (request: Request) => Promise<Response>) {
  const routes = new Hono<CmsEnv>();

  routes.get("/pay/:token", async (c) => {
    const token = c.req.param("token");
    const payment = await findPaymentByToken(c.var.db, token);
    if (!payment || payment.gateway !== gateway.name)
      return messagePage(c, "Payment not found", "There is no such payment.", 404);
    return paymentPage(c, payment, token);
  });

  routes.post("/pay/:token", async (c) => {
    const token = c.req.param("token");
    const payment = await findPaymentByToken(c.var.db, token);
    if (!payment || payment.gateway !== gateway.name)
      return messagePage(c, "Payment not found", "There is no such payment.", 404);
    const form = await c.req.parseBody().catch(() => ({}));
    const parsed = postSchema.safeParse(form);
    if (!parsed.success) return messagePage(c, "Payment error", "Choose Pay or Decline.", 400);
    if (!csrfMatches(c, CSRF_COOKIE, parsed.data.csrf)) {
      return messagePage(c, "Payment error", "The page has expired: go back, reload it and try again.", 403);
    }
    if (payment.status === "pending") {
      const { body, signature } = gateway.notification({ token, status: parsed.data.outcome }, c.var.now);
      const headers = { "content-type": "application/json", [SIGNATURE_HEADER]: signature };
      try {
        const res = gateway.notifyUrl
          ? await fetch(gateway.notifyUrl, { method: "POST", headers, body, signal: AbortSignal.timeout(10_000) })
          : await dispatch(new Request(new URL(NOTIFY_PATH, c.req.url), { method: "POST", headers, body }));
        if (!res.ok) console.warn(`[cms] payment ${payment.id}: the notification was answered ${res.status}`);
      } catch (err) {
        console.warn(`[cms] payment ${payment.id}: the notification failed:`, (err as Error).message);
      }
    }
    c.header("Cache-Control", "no-store");
    return c.redirect(returnUrlWithToken(payment.returnUrl, token), 303);
  });

  return routes;
}
