import { parseWithZod } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";

import { readProtectedForm } from "~/lib/csrf.server";
import { invalid } from "~/lib/forms.server";

import { cancelOrder, fulfilOrder, refundOrder } from "./orders-api.server";
import { done, replyWith } from "./records.server";
import { adminReply } from "./records-api.server";

/** The order's state the confirmation was shown for (`o{id}-r{refunded cents}`): two tabs, one action. */
const seen = z.string().regex(/^o\d+-r\d+$/);

export const orderActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("fulfil"), note: z.string().trim().max(2000).default("") }),
  z.object({ intent: z.literal("cancel"), reason: z.string().trim().max(500).default(""), seen }),
  z.object({
    intent: z.literal("refund"),
    /** Dollars and cents, "1,290.50" too; empty: all that is left. */
    amount: z
      .string()
      .trim()
      .transform((v) => v.replace(/[$,\s]/g, ""))
      .pipe(z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, "orders.errors.amount"))
      .transform(Number)
      .refine((v) => v > 0, "orders.errors.amount")
      .optional(),
    restock: z.boolean().default(false),
    reason: z.string().trim().max(500).default(""),
    seen,
  }),
]);

const FIELDS = ["note", "reason", "amount", "restock"];

/**
 * The order screen's confirmed actions: fulfil (a note to the customer), cancel, refund. Each
 * posts once to the CMS, which checks the order's state, audits and answers; a refusal (a state
 * that changed, more than is left) shows beside the field or above the form, with the input kept.
 */
export async function runOrderAction(request: Request, context: AppLoadContext, id: number) {
  const visitor = await context.visitor();
  const formData = await readProtectedForm(request, visitor.session);
  const submission = parseWithZod(formData, { schema: orderActionSchema });
  if (submission.status !== "success") return invalid(submission.reply());
  const t = visitor.transport;
  const value = submission.value;
  const back = `/cms/records/orders/${id}`;
  try {
    if (value.intent === "fulfil") {
      await fulfilOrder(t, id, { note: value.note });
      return done(visitor, back, "orders.fulfilled");
    }
    if (value.intent === "cancel") {
      await cancelOrder(t, id, { reason: value.reason, key: `${value.seen}-cancel` });
      return done(visitor, back, "orders.cancelled");
    }
    const key = `${value.seen}-refund-${value.amount === undefined ? "all" : Math.round(value.amount * 100)}`;
    await refundOrder(t, id, { amount: value.amount, restock: value.restock, reason: value.reason, key });
    return done(visitor, back, "orders.refundedDone");
  } catch (error) {
    const { reply, status } = adminReply(submission, error, FIELDS);
    return replyWith(reply, status);
  }
}
