/**
 * A form that books places (issue 27, section 3; the rules are `contract/bookings.ts`): the price
 * is the form's cost times its per-person answer, the date must be one the form offers on the
 * site's clock, and a paid booking gets tickets, one per place, behind a code mailed to its buyer
 * (`GET /api/v1/cognito/form/tickets/{code}`, printed at the site's `/tickets/{code}`).
 */
import { eq } from "drizzle-orm";

import { ApiError } from "../accounts/errors";
import { bookingCents } from "../contract/bookings";
import { type FormField, formFields } from "../contract/form-fields";
import { centsToDollars, formatMoney } from "../contract/formats";
import { localDateTime } from "../contract/site-clock";
import type { Db } from "../db/client";
import { forms, formSubmissions } from "../db/schema";
import { getSiteTimeZone } from "../site/time-zone";
import { newVoucherCode } from "../vouchers/codes";

/** Today, YYYY-MM-DD, on the site's clock: the day a booking's date is judged from. */
export async function siteToday(db: Db, now: number): Promise<string> {
  return localDateTime(now, await getSiteTimeZone(db)).slice(0, 10);
}

/** What a submission of a paid form costs: 400 beside the per-person field when it names no whole number. */
export function priceOf(costCents: number, fields: FormField[], values: Record<string, string>) {
  const booking = bookingCents(costCents, fields, values);
  if (!Number.isFinite(booking.cents)) {
    const field = fields.find((f) => f.perPerson);
    throw new ApiError(400, "The given data was invalid", {
      errors: { [field?.name ?? "quantity"]: ["must be a whole number"] },
    });
  }
  return booking;
}

/** The payment's description: the form's name, and the places times the price for a booking of several. */
export function bookingDescription(name: string, quantity: number, costCents: number) {
  return quantity > 1 ? `${name}: ${quantity} × ${formatMoney(centsToDollars(costCents))}` : name;
}

/** Whether a form books places (it has a per-person field): its paid submissions get tickets. */
export const booksPlaces = (fields: readonly FormField[]) => fields.some((f) => f.perPerson);

/** Gives a paid booking its tickets' code (once); answers the code. */
export async function issueTickets(tx: Db, submissionId: number): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = newVoucherCode();
    try {
      const [row] = await tx
        .update(formSubmissions)
        .set({ ticketCode: code })
        .where(eq(formSubmissions.id, submissionId))
        .returning({ ticketCode: formSubmissions.ticketCode });
      return row?.ticketCode ?? code;
    } catch (error) {
      if ((error as { code?: string }).code !== "23505") throw error;
    }
  }
  throw new Error("Could not draw a unique ticket code");
}

/** The first date answer of a submission (the day booked), YYYY-MM-DD, or null. */
export function bookedDay(fields: readonly FormField[], answers: Record<string, unknown>): string | null {
  const field = fields.find((f) => f.kind === "date" && typeof answers[f.name] === "string" && answers[f.name]);
  return field ? String(answers[field.name]) : null;
}

/** The printable tickets of a paid booking, by the code its buyer was mailed; null for any other code. */
export async function ticketsOf(db: Db, code: string) {
  if (!/^[A-Z2-9]{12}$/.test(code)) return null;
  const [row] = await db
    .select({ submission: formSubmissions, form: forms })
    .from(formSubmissions)
    .innerJoin(forms, eq(forms.id, formSubmissions.formId))
    .where(eq(formSubmissions.ticketCode, code));
  if (!row || row.submission.status !== "paid") return null;
  const { submission, form } = row;
  const fields = formFields({ questions: submission.questions, data: form.data });
  const answers = submission.answers as Record<string, unknown>;
  const holder = fields.find((f) => f.kind === "text" && typeof answers[f.name] === "string");
  return {
    form: form.name,
    date: bookedDay(fields, answers),
    holder: holder ? String(answers[holder.name]) : "",
    places: submission.quantity,
    tickets: Array.from({ length: submission.quantity }, (_, i) => ({
      number: i + 1,
      code: `${code}-${i + 1}`,
    })),
  };
}
