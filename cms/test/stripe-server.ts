/**
 * A small Stripe-shaped HTTP server for the tests (this machine has no internet): the official SDK
 * talks to it through `STRIPE_API_BASE`. It answers what the Stripe gateway calls, in Stripe's
 * documented shapes:
 *
 * - `POST /v1/checkout/sessions` (form-encoded, `Idempotency-Key` honoured), `GET
 *   /v1/checkout/sessions/:id`, `POST /v1/checkout/sessions/:id/expire`, `POST /v1/refunds`;
 * - the hosted page `GET /c/pay/:id` with Pay and Cancel buttons. Pay completes the session, sends
 *   `checkout.session.completed` to the webhook (signed with the SDK's `generateTestHeaderString`)
 *   and sends the browser to `success_url`; Cancel to `cancel_url`. `expire(id)` sends
 *   `checkout.session.expired`.
 *
 * Everything it was asked and sent is kept (`sessions`, `refunds`, `events`; `GET /_test/state`
 * answers the first two), for the tests to compare with what the site showed.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import Stripe from "stripe";

import { checkoutPage, type Form, parseStripeForm, text } from "./stripe-wire";

export interface FakeSession {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  currency: string;
  line_items: { name: string; unit_amount: number; quantity: number }[];
  url: string | null;
  success_url: string;
  cancel_url: string;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  expires_at: number;
  created: number;
  livemode: false;
}

export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  created: number;
}

export interface FakeStripeOptions {
  /** The webhook's signing secret (`whsec_…`). */
  webhookSecret: string;
  /** Where events are sent (the CMS's notify call); can be set later (`webhookUrl`). */
  webhookUrl?: string;
  /** Keep events instead of sending them: `deliver()` sends what is held (a late webhook). */
  holdEvents?: boolean;
  /** Sends the webhook's request here instead of over HTTP (an app's `fetch`, in-process). */
  deliverTo?: (request: Request) => Promise<Response>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

export class FakeStripe {
  readonly sessions = new Map<string, FakeSession>();
  readonly refunds: FakeRefund[] = [];
  /** Every event made, in order, with whether its delivery was answered 2xx. */
  readonly events: { event: Stripe.Event; delivered: boolean; status?: number }[] = [];
  /** The API's requests: method, path, Idempotency-Key. */
  readonly requests: { method: string; path: string; idempotencyKey?: string }[] = [];
  webhookUrl?: string;
  url = "";
  readonly #options: FakeStripeOptions;
  readonly #idempotent = new Map<string, unknown>();
  readonly #held: Stripe.Event[] = [];
  readonly #server = createServer((req, res) => void this.#handle(req, res));
  readonly #signer = new Stripe("sk_test_signer", { telemetry: false });

  constructor(options: FakeStripeOptions) {
    this.#options = options;
    this.webhookUrl = options.webhookUrl;
  }

  /** Listens on loopback: a free port, or the one given (the journeys' servers name theirs). */
  async listen(port = 0): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once("error", reject);
      this.#server.listen(port, "127.0.0.1", resolve);
    });
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }

  /** The one session paid for a payment of ours (`metadata.payment_id`), if any. */
  sessionFor(paymentId: number): FakeSession | undefined {
    return [...this.sessions.values()].find((s) => s.metadata.payment_id === String(paymentId));
  }

  /** Completes a session as a paid card would, and sends (or holds) its event. */
  async pay(sessionId: string): Promise<FakeSession> {
    const session = this.#session(sessionId);
    if (session.status === "open") {
      Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: id("pi"), url: null });
      await this.#emit("checkout.session.completed", session);
    }
    return session;
  }

  /** Expires an open session (its time is up), and sends (or holds) `checkout.session.expired`. */
  async expire(sessionId: string): Promise<FakeSession> {
    const session = this.#session(sessionId);
    if (session.status === "open") {
      Object.assign(session, { status: "expired", url: null });
      await this.#emit("checkout.session.expired", session);
    }
    return session;
  }

  /** Sends the events held back (`holdEvents`). */
  async deliver(): Promise<void> {
    for (const event of this.#held.splice(0)) await this.send(event);
  }

  /**
   * Signs and posts an event to the webhook; answers the status (also recorded in `events`). The
   * options forge one: another secret, an old timestamp (seconds), a body changed after signing.
   */
  async send(
    event: Stripe.Event,
    forge: { secret?: string; timestamp?: number; tamper?: (payload: string) => string } = {},
  ): Promise<number> {
    const signed = JSON.stringify(event);
    const header = this.#signer.webhooks.generateTestHeaderString({
      payload: signed,
      secret: forge.secret ?? this.#options.webhookSecret,
      ...(forge.timestamp ? { timestamp: forge.timestamp } : {}),
    });
    const payload = forge.tamper ? forge.tamper(signed) : signed;
    if (!this.webhookUrl) throw new Error("The fake Stripe has no webhook URL");
    const request = new Request(this.webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": header },
      body: payload,
    });
    const res = await (this.#options.deliverTo ?? fetch)(request);
    const record = this.events.find((e) => e.event.id === event.id);
    if (record) Object.assign(record, { delivered: res.ok, status: res.status });
    return res.status;
  }

  #session(sessionId: string): FakeSession {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`No session ${sessionId}`);
    return session;
  }

  async #emit(type: string, session: FakeSession) {
    const event = {
      id: id("evt"),
      object: "event",
      type,
      api_version: "2025-01-01",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(session) },
    } as unknown as Stripe.Event;
    this.events.push({ event, delivered: false });
    if (this.#options.holdEvents) this.#held.push(event);
    else await this.send(event);
  }

  async #handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", this.url);
    try {
      if (url.pathname.startsWith("/v1/")) return this.#api(req, res, url.pathname, body);
      // What it was asked, for journeys in other processes to compare with what the site showed.
      if (url.pathname === "/_test/state") {
        return this.#json(res, 200, { sessions: [...this.sessions.values()], refunds: this.refunds });
      }
      const page = url.pathname.match(/^\/c\/pay\/([\w]+)$/);
      if (page) return await this.#page(req, res, page[1], body);
      res.writeHead(404).end("Not found");
    } catch (err) {
      res.writeHead(500, { "content-type": "text/plain" }).end((err as Error).message);
    }
  }

  #json(res: ServerResponse, status: number, value: unknown) {
    res.writeHead(status, { "content-type": "application/json", "request-id": id("req") }).end(JSON.stringify(value));
  }

  #error(res: ServerResponse, status: number, message: string, code?: string) {
    this.#json(res, status, { error: { type: "invalid_request_error", message, ...(code ? { code } : {}) } });
  }

  #api(req: IncomingMessage, res: ServerResponse, path: string, body: string) {
    const key = req.headers["idempotency-key"] as string | undefined;
    this.requests.push({ method: req.method ?? "", path, idempotencyKey: key });
    if (!/^Bearer (sk|rk)_test_\w+$/.test(req.headers.authorization ?? "")) {
      return this.#json(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }
    const replay = key && this.#idempotent.get(`${path} ${key}`);
    if (replay) return this.#json(res, 200, replay);
    const answer = (value: unknown) => {
      if (key) this.#idempotent.set(`${path} ${key}`, value);
      this.#json(res, 200, value);
    };
    const form = parseStripeForm(body);
    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      const lines = Object.values((form.line_items as Form) ?? {}).map((line) => {
        const l = line as Form;
        const price = l.price_data as Form;
        return {
          name: text((price.product_data as Form).name) ?? "",
          unit_amount: Number(text(price.unit_amount)),
          quantity: Number(text(l.quantity) ?? 1),
          currency: text(price.currency) ?? "",
        };
      });
      if (text(form.mode) !== "payment") return this.#error(res, 400, "mode must be payment", "parameter_invalid");
      if (lines.length === 0 || lines.some((l) => !Number.isInteger(l.unit_amount) || l.unit_amount < 0)) {
        return this.#error(res, 400, "Invalid line_items", "parameter_invalid_integer");
      }
      if (!text(form.success_url) || !text(form.cancel_url)) return this.#error(res, 400, "Missing success_url");
      const sessionId = id("cs");
      const session: FakeSession = {
        id: sessionId,
        object: "checkout.session",
        mode: "payment",
        status: "open",
        payment_status: "unpaid",
        amount_total: lines.reduce((sum, l) => sum + l.unit_amount * l.quantity, 0),
        currency: lines[0].currency,
        line_items: lines.map(({ name, unit_amount, quantity }) => ({ name, unit_amount, quantity })),
        url: `${this.url}/c/pay/${sessionId}`,
        success_url: text(form.success_url)!,
        cancel_url: text(form.cancel_url)!,
        customer_email: text(form.customer_email) ?? null,
        client_reference_id: text(form.client_reference_id) ?? null,
        metadata: Object.fromEntries(Object.entries((form.metadata as Form) ?? {}).map(([k, v]) => [k, text(v) ?? ""])),
        payment_intent: null,
        expires_at: Number(text(form.expires_at) ?? Math.floor(Date.now() / 1000) + 86_400),
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      this.sessions.set(sessionId, session);
      return answer(session);
    }
    const one = path.match(/^\/v1\/checkout\/sessions\/(\w+)(\/expire)?$/);
    if (one) {
      const session = this.sessions.get(one[1]);
      if (!session) return this.#error(res, 404, `No such checkout.session: '${one[1]}'`, "resource_missing");
      if (one[2] && req.method === "POST") {
        if (session.status !== "open") return this.#error(res, 400, "Only open sessions can be expired");
        return void this.expire(session.id).then((s) => answer(s));
      }
      return this.#json(res, 200, session);
    }
    if (req.method === "POST" && path === "/v1/refunds") {
      const intent = text(form.payment_intent);
      const session = [...this.sessions.values()].find((s) => s.payment_intent && s.payment_intent === intent);
      if (!session) return this.#error(res, 404, `No such payment_intent: '${intent}'`, "resource_missing");
      const refunded = this.refunds.filter((r) => r.payment_intent === intent).reduce((sum, r) => sum + r.amount, 0);
      const amount = Number(text(form.amount) ?? session.amount_total - refunded);
      if (!Number.isInteger(amount) || amount <= 0 || refunded + amount > session.amount_total) {
        return this.#error(res, 400, "Refund amount is greater than unrefunded amount on charge", "amount_too_large");
      }
      const refund: FakeRefund = {
        id: id("re"),
        object: "refund",
        amount,
        currency: session.currency,
        payment_intent: session.payment_intent!,
        status: "succeeded",
        created: Math.floor(Date.now() / 1000),
      };
      this.refunds.push(refund);
      return answer(refund);
    }
    this.#error(res, 404, `Unrecognized request URL (${req.method}: ${path})`);
  }

  async #page(req: IncomingMessage, res: ServerResponse, sessionId: string, body: string) {
    const session = this.sessions.get(sessionId);
    if (!session) return void res.writeHead(404, { "content-type": "text/html" }).end("<h1>Session not found</h1>");
    if (req.method === "POST") {
      const outcome = new URLSearchParams(body).get("outcome");
      if (outcome === "pay") {
        await this.pay(sessionId);
        return void res.writeHead(303, { location: session.success_url }).end();
      }
      return void res.writeHead(303, { location: session.cancel_url }).end();
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(checkoutPage(session));
  }
}

/** Starts a fake Stripe on a free loopback port (or `port`). */
export function startFakeStripe(options: FakeStripeOptions, port = 0): Promise<FakeStripe> {
  return new FakeStripe(options).listen(port);
}
