import { describe, expect, it } from "vitest";

import { json, memberRequest, outcome, settle, signedIn, type UpstreamCall } from "~/test/member-upstream";

import { checkoutAction } from "./checkout.server";

const SITE = "https://dovetail.example";
const KEY = "0f0e0d0c-0b0a-4090-8070-605040302010";
const place = {
  intent: "place",
  idempotency_key: KEY,
  address: "new",
  first_name: "Robin",
  last_name: "Gardener",
  email: "robin@example.com",
  phone: "0400 000 000",
  street_address: "1 Queen Street",
  suburb: "Brisbane",
  postcode: "4000",
  state: "QLD",
  country: "AU",
  shipping_option_id: "2",
  payment: "test",
  note: "Please ring first.",
};

/** A CMS with the shop open whose submitOrder answers `submit`. */
function cms(submit: (call: UpstreamCall) => Response) {
  return (call: UpstreamCall) => {
    if (call.path.endsWith("/domain/currentDomain")) return json({ data: { name: "Dovetail", ecommerce: true } });
    if (call.path.endsWith("/user/authUser")) {
      return json({ user: { id: 7, first_name: "Alice", last_name: "Smith", email: "alice@example.com" } });
    }
    if (call.path.endsWith("/cart/submitOrder")) return submit(call);
    if (call.path.endsWith("/cart/getCart")) {
      const cart = { item_count: 1, items: [], subtotal: 295, sessionKey: "", all_in_stock: true, promotion_code: "" };
      return json({ ...cart, promotion_error: "", discount_amount: 0, shipping_type: null, shipping_amount: 0 });
    }
    return json({ message: "Not found", status: 404 }, 404);
  };
}

async function post(fields: Record<string, string>, submit: (call: UpstreamCall) => Response) {
  const { request, context, calls } = memberRequest(
    "/checkout",
    fields,
    { ...signedIn, cartPromo: "SPRING10" },
    cms(submit),
    {
      "accept-language": "en",
    },
  );
  return { ...(await outcome(await settle(() => checkoutAction(request, context)))), calls };
}

const answer = (over: Record<string, unknown>) => () =>
  json({ success: true, payment: `${SITE}/pay/tok`, message: "", order_id: 9, ...over });

describe("POST /checkout", () => {
  it("sends the total the summary showed; a quote prices the summary for the address and option in the form", async () => {
    const placed = await post({ ...place, expected_total: "335.00" }, answer({}));
    expect(placed.calls.find((c) => c.path.endsWith("/submitOrder"))!.body).toMatchObject({ expected_total: 335 });
    const quoted = await post(
      { ...place, intent: "quote", postcode: "4560", suburb: "Nambour", shipping_option_id: "1" },
      () => json({}),
    );
    const priced = quoted.calls.find((c) => c.path.endsWith("/cart/getCart"))!;
    expect(priced.body).toMatchObject({
      promotion_code: "SPRING10",
      shipping_address: { suburb: "Nambour", postcode: "4560", country: "AU" },
    });
  });

  it("places the order with the loader's key, the code and the return address, then goes to the gateway", async () => {
    const res = await post(place, answer({}));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${SITE}/pay/tok`);
    const sent = res.calls.find((c) => c.path.endsWith("/submitOrder"))!;
    expect(sent.request.headers.get("authorization")).toBe("Bearer member-token");
    expect(sent.body).toMatchObject({
      idempotency_key: KEY,
      shipping_option_id: 2,
      paymentGateway: "test",
      promotion_code: "SPRING10",
      url: `${SITE}/invoice`,
      address: { first_name: "Robin", city: "Brisbane", postcode: "4000", country: "AU" },
    });
  });

  it("sends a doubled post's same key both times (the CMS answers the first order again)", async () => {
    const first = await post(place, answer({}));
    const second = await post(place, answer({}));
    const keys = [first, second].map(
      (r) =>
        (r.calls.find((c) => c.path.endsWith("/submitOrder"))!.body as { idempotency_key: string }).idempotency_key,
    );
    expect(keys).toEqual([KEY, KEY]);
  });

  it("shows the CMS's refusal with the input kept, and goes nowhere", async () => {
    const res = await post(
      place,
      answer({ success: false, payment: "", message: "Only 1 of Slatted side table left in stock" }),
    );
    expect(res.status).toBe(409);
    const body = res.body as { message: string; values: Record<string, string> };
    expect(body.message).toBe("Only 1 of Slatted side table left in stock");
    expect(body.values.street_address).toBe("1 Queen Street");
    expect(body.values.note).toBe("Please ring first.");
  });

  it("never follows a payment address off the CMS's /pay/ pages", async () => {
    const res = await post(place, answer({ payment: "https://evil.example/pay/tok" }));
    expect(res.status).toBe(502);
    expect((res.body as { message: string }).message).toBe("Sorry, something went wrong. Please try again.");
  });

  it("says something went wrong, input kept, when the CMS fails", async () => {
    const res = await post(place, () => json({ message: "Server Error", status: 500 }, 500));
    expect(res.status).toBe(503);
    const body = res.body as { message: string; values: Record<string, string> };
    expect(body.message).toBe("Sorry, something went wrong. Please try again.");
    expect(body.values.first_name).toBe("Robin");
  });

  it("puts the CMS's errors on a new address beside their fields", async () => {
    const res = await post(place, () =>
      json({ message: "The given data was invalid", status: 400, errors: { "address.city": ["is required"] } }, 400),
    );
    expect(res.status).toBe(400);
    expect((res.body as { errors: Record<string, string[]> }).errors.suburb).toEqual(["is required"]);
  });

  it("refuses a new address without its fields before asking the CMS", async () => {
    const res = await post({ ...place, first_name: "", postcode: "x" }, answer({}));
    expect(res.status).toBe(400);
    const errors = (res.body as { errors: Record<string, string[]> }).errors;
    expect(errors.first_name).toEqual(["shop.errors.required"]);
    expect(errors.postcode).toEqual(["shop.errors.postcode"]);
    expect(res.calls.some((c) => c.path.endsWith("/submitOrder"))).toBe(false);
  });
});
