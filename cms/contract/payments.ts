/**
 * Payments (decision 051): whether a payment the gateway came back with is paid, and then
 * fulfilled (`GET payment/checkPaid`). Read leniently: anything unreadable is "not paid".
 */
import { z } from "zod";

export const checkPaidAnswerSchema = z.object({
  success: z.boolean().catch(false),
  payment: z
    .object({
      status: z.string().nullish(),
      amount: z.coerce.number().nullish(),
      kind: z.string().nullish(),
      reference: z.union([z.string(), z.number()]).nullish(),
      description: z.string().nullish(),
    })
    .nullish()
    .catch(null),
  /** What the buyer may see of a fulfilled payment: a voucher's code and last day. */
  receipt: z.object({ code: z.string().optional(), expires_at: z.string().nullish() }).nullish().catch(null),
});
export type PaymentCheck = z.infer<typeof checkPaidAnswerSchema>;

/** Base64 (standard, UTF-8) of the site's return address, as payNow and checkPaid take it. */
export function base64Address(address: string): string {
  return Buffer.from(address, "utf8").toString("base64");
}

/** The return address again from its base64 (what is not base64 decodes to text no address check passes). */
export function addressFromBase64(value: string): string {
  return Buffer.from(value, "base64").toString("utf8");
}
