import { describe, expect, it } from "vitest";

import { CSRF, json, memberRequest, type UpstreamCall } from "~/test/member-upstream";

import { anonymousCartKey, mergeCartAtSignIn } from "./merge.server";

const KEY = "a".repeat(43);
const MEMBER_KEY = "b".repeat(43);

function cms(mergeAnswer: () => Response) {
  return (call: UpstreamCall) => {
    if (call.path.endsWith("/domain/currentDomain")) return json({ data: { name: "Dovetail", ecommerce: true } });
    if (call.path.endsWith("/cart/mergeCart")) return mergeAnswer();
    if (call.path.endsWith("/cart/getCart")) return json({ item_count: 1, items: [], sessionKey: MEMBER_KEY });
    return json({ message: "Not found", status: 404 }, 404);
  };
}

async function visitorWith(session: Record<string, unknown>, answer: () => Response) {
  const { context, calls } = memberRequest("/login", null, { csrf: CSRF, ...session }, cms(answer));
  return { visitor: await context.visitor(), calls };
}

describe("the cart at sign-in", () => {
  it("merges the anonymous cart with the new token and keeps the member's key and count", async () => {
    const { visitor, calls } = await visitorWith({ cartSession: KEY, cartCount: 2 }, () =>
      json({ item_count: 5, items: [], sessionKey: MEMBER_KEY }),
    );
    const key = anonymousCartKey(visitor);
    expect(key).toBe(KEY);
    await mergeCartAtSignIn(visitor, key, "new-token");
    const merge = calls.find((c) => c.path.endsWith("/mergeCart"))!;
    expect(merge.body).toEqual({ session: KEY });
    expect(merge.request.headers.get("authorization")).toBe("Bearer new-token");
    expect(visitor.session.get("cartSession")).toBe(MEMBER_KEY);
    expect(visitor.session.get("cartCount")).toBe(5);
  });

  it("never blocks the sign-in: a failed merge leaves the cart as it was", async () => {
    const { visitor } = await visitorWith({ cartSession: KEY, cartCount: 2 }, () =>
      json({ message: "Server error", status: 500 }, 500),
    );
    await expect(mergeCartAtSignIn(visitor, KEY, "new-token")).resolves.toBeUndefined();
    expect(visitor.session.get("cartSession")).toBe(KEY);
    expect(visitor.session.get("cartCount")).toBe(2);
  });

  it("without an anonymous cart, reads the member's own cart for the header", async () => {
    const { visitor, calls } = await visitorWith({}, () => json({}));
    await mergeCartAtSignIn(visitor, anonymousCartKey(visitor), "new-token");
    expect(calls.some((c) => c.path.endsWith("/mergeCart"))).toBe(false);
    expect(visitor.session.get("cartCount")).toBe(1);
  });
});
