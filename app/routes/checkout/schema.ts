import { z } from "zod";

/**
 * The checkout's form (one schema; `intent` says which button): `quote` asks for the shipping
 * options of the chosen address and prices the summary for it and the chosen option, `place`
 * places the order. A new address needs all its fields; a saved one is its id. Prices are never
 * posted, only the total the summary showed: the CMS prices the order as it writes it, and orders
 * nothing when that total is not the one shown.
 */
const text = (max: number) => z.string().trim().max(max).optional();

export const checkoutSchema = z
  .object({
    intent: z.enum(["quote", "place"]),
    address: z.string({ required_error: "shop.errors.address" }).regex(/^(new|\d{1,12})$/, "shop.errors.address"),
    first_name: text(100),
    last_name: text(100),
    email: text(200),
    phone: text(40),
    street_address: text(200),
    suburb: text(100),
    postcode: text(10),
    state: text(60),
    country: text(60),
    shipping_option_id: z.number().int().min(1).optional(),
    payment: z.string().trim().max(60).optional(),
    note: z.string().trim().max(1000, "shop.errors.note").optional(),
    idempotency_key: z.string().regex(/^[\w-]{16,64}$/, "shop.errors.invalid"),
    /** The total the summary showed (dollars): the CMS orders nothing at another total. */
    expected_total: z.number().min(0).max(10_000_000).optional(),
  })
  .superRefine((v, ctx) => {
    const need = (path: string, message = "shop.errors.required") =>
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
    if (v.address === "new") {
      for (const key of ["first_name", "last_name", "street_address", "suburb", "country"] as const) {
        if (!v[key]) need(key);
      }
      if (!v.email || !z.string().email().safeParse(v.email).success) need("email", "shop.errors.email");
      if (!v.postcode || !/^[A-Za-z0-9 -]{3,10}$/.test(v.postcode)) need("postcode", "shop.errors.postcode");
    }
    if (v.intent === "place") {
      if (!v.shipping_option_id) need("shipping_option_id", "shop.errors.shipping");
      if (!v.payment) need("payment", "shop.errors.payment");
    }
  });
export type CheckoutInput = z.infer<typeof checkoutSchema>;

/** The fields a refused or re-rendered checkout gives back to its form. */
export const CHECKOUT_FIELDS = [
  "address",
  "first_name",
  "last_name",
  "email",
  "phone",
  "street_address",
  "suburb",
  "postcode",
  "state",
  "country",
  "shipping_option_id",
  "payment",
  "note",
  "idempotency_key",
] as const;
