import { describe, expect, it } from "vitest";

import { memberRequest } from "~/test/member-upstream";

import { gatewayAddress } from "./gateway.server";

const none = () => new Response("{}");

describe("gatewayAddress", () => {
  const { request, context } = memberRequest("/checkout", null, {}, none);
  const site = new URL(request.url).origin;

  it("accepts only the CMS's own /pay/ pages (embedded: the site's origin)", () => {
    expect(gatewayAddress(`${site}/pay/abc`, request, context)).toBe(`${site}/pay/abc`);
    expect(gatewayAddress("/pay/abc", request, context)).toBe(`${site}/pay/abc`);
    for (const bad of [
      "https://evil.example/pay/abc",
      `${site}/login`,
      `${site}/payx`,
      "//evil.example/pay/x",
      "javascript:alert(1)",
      `https://user:pw@${new URL(site).host}/pay/x`,
    ]) {
      expect(gatewayAddress(bad, request, context), bad).toBeNull();
    }
  });

  it("with a CMS of its own, only that CMS's origin", () => {
    const split = { ...context, upstream: { ...context.upstream, publicUrl: "https://cms.example" } };
    expect(gatewayAddress("https://cms.example/pay/x", request, split)).toBe("https://cms.example/pay/x");
    expect(gatewayAddress(`${site}/pay/x`, request, split)).toBeNull();
  });

  it("with Stripe, also its Checkout pages, and no other origin", () => {
    const stripe = { ...context, upstream: { ...context.upstream, paymentOrigins: ["https://checkout.stripe.com"] } };
    const page = "https://checkout.stripe.com/c/pay/cs_test_a1#fid";
    expect(gatewayAddress(page, request, stripe)).toBe(page);
    expect(gatewayAddress(`${site}/pay/abc`, request, stripe)).toBe(`${site}/pay/abc`);
    expect(gatewayAddress(page, request, context)).toBeNull();
    for (const bad of ["https://checkout.stripe.com.evil.example/c/pay/x", "http://checkout.stripe.com/c/pay/x"]) {
      expect(gatewayAddress(bad, request, stripe), bad).toBeNull();
    }
  });
});
