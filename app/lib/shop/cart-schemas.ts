import { z } from "zod";

/**
 * The /cart action's forms, one schema per intent (docs/shop.md). Error messages are locale keys
 * the view translates. Prices and totals are never posted: the CMS works them out on every call,
 * so a tampered field has nothing to change.
 */

export const MAX_QTY = 99;

const whole = (message: string) =>
  z
    .number({ required_error: message, invalid_type_error: message })
    .int(message)
    .min(1, message)
    .max(Number.MAX_SAFE_INTEGER, message);

/** A quantity: a whole number from 1 to 99 (negative, zero, fractional, huge and words are refused). */
export const qtySchema = z
  .number({ required_error: "shop.errors.qty", invalid_type_error: "shop.errors.qty" })
  .int("shop.errors.qty")
  .min(1, "shop.errors.qty")
  .max(MAX_QTY, "shop.errors.qty");

const id = whole("shop.errors.invalid");
const field = (max: number, message = "shop.errors.required") =>
  z.string({ required_error: message }).trim().min(1, message).max(max, message);

export const addSchema = z.object({
  intent: z.literal("add"),
  sku: id,
  qty: qtySchema,
  // One checkbox posts a string, several an array (conform reads both): each an add-on's id.
  addons: z
    .preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.coerce.number().int().min(1)))
    .refine((list) => new Set(list).size === list.length, "shop.errors.invalid")
    .default([]),
  back: z.string().max(500).optional(),
});

export const updateSchema = z.object({ intent: z.literal("update"), id, qty: qtySchema });
export const removeSchema = z.object({ intent: z.literal("remove"), id });
export const promoSchema = z.object({ intent: z.literal("promo"), code: field(50, "shop.errors.code") });
export const promoClearSchema = z.object({ intent: z.literal("promo-clear") });

const postcode = z
  .string({ required_error: "shop.errors.postcode" })
  .trim()
  .regex(/^[A-Za-z0-9 -]{3,10}$/, "shop.errors.postcode");

export const quoteSchema = z.object({
  intent: z.literal("quote"),
  suburb: field(100),
  postcode,
  country: field(60),
});
export const shippingSchema = z.object({ intent: z.literal("shipping"), shipping_type: id });
export const requestQuoteSchema = z.object({
  intent: z.literal("request-quote"),
  name: field(100),
  email: z.string({ required_error: "shop.errors.email" }).trim().email("shop.errors.email").max(200),
  phone: field(40),
  street: field(200),
  suburb: field(100),
  postcode,
  state: z.string().trim().max(60).default(""),
  country: field(60),
});

export const cartActionSchema = z.discriminatedUnion("intent", [
  addSchema,
  updateSchema,
  removeSchema,
  promoSchema,
  promoClearSchema,
  quoteSchema,
  shippingSchema,
  requestQuoteSchema,
]);
export type CartInput = z.infer<typeof cartActionSchema>;
export type CartIntent = CartInput["intent"];

/**
 * The countries the shipping forms offer, as the CMS keeps them: two-letter codes (the labels are
 * the names in the visitor's language).
 */
export const COUNTRIES = ["AU", "NZ"] as const;
export const DEFAULT_COUNTRY = "AU";
