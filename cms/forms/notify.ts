/**
 * A stored submission's mails (decision 051): the business's copy, with the signature attached
 * when the form has one, and the sender's receipt, each in its reader's language.
 */
import { asc, eq } from "drizzle-orm";

import { formFields, senderEmail } from "../contract/form-fields";
import { centsToDollars, dayInWords, formatMoney } from "../contract/formats";
import type { Db } from "../db/client";
import { domains, images } from "../db/schema";
import type { Mailer } from "../mail/mailer";
import { bookedDay } from "./bookings";
import { renderFormMail, signedWord, yesNo } from "./mail";
import type { FormRow, SubmissionRow } from "./service";

/** The site's name, the organisation's address and the site's language, from the first domain's settings. */
async function siteOf(db: Db) {
  const [domain] = await db.select().from(domains).orderBy(asc(domains.id)).limit(1);
  const settings = domain?.settings ?? {};
  const text = (key: string) => (typeof settings[key] === "string" ? (settings[key] as string).trim() : "");
  return {
    name: text("name") || text("organisation_name") || domain?.name || "Dovetail",
    email: text("organisation_email"),
    language: text("language") || text("default_language") || "en",
  };
}

/** The stored signature as the business's mail carries it: the image the sender drew. */
async function signatureAttachment(db: Db, submission: SubmissionRow) {
  if (!submission.signatureHash) return undefined;
  const [image] = await db
    .select({ bytes: images.bytes, mime: images.mime })
    .from(images)
    .where(eq(images.hash, submission.signatureHash));
  if (!image) return undefined;
  const filename = image.mime === "image/jpeg" ? "signature.jpg" : "signature.png";
  return [{ filename, content: Buffer.from(image.bytes), contentType: image.mime }];
}

/**
 * Mails a stored submission: the business (the form's notify_email, else the organisation_email
 * setting) and the sender (the first e-mail field's answer), each with the answers.
 */
export async function mailSubmission(
  db: Db,
  mailer: Mailer,
  form: FormRow,
  submission: SubmissionRow,
  options: { language?: string; amountCents?: number; ticketCode?: string | null; siteUrl?: string } = {},
) {
  const site = await siteOf(db);
  const fields = formFields({ questions: submission.questions, data: form.data });
  const answers = (language: string | undefined) =>
    fields
      .filter((f) => f.kind !== "content" && f.kind !== "submit" && f.kind !== "password")
      .map((f) => {
        const value = String(submission.answers[f.name] ?? "");
        const shown =
          f.kind === "checkbox"
            ? yesNo(language, value === "1")
            : f.kind === "signature" && value
              ? signedWord(language)
              : value;
        return { label: f.label || f.name, value: shown };
      });
  const amount = options.amountCents ? formatMoney(centsToDollars(options.amountCents)) : undefined;
  // A paid booking: the day in words, the places and the tickets' address.
  const day = options.ticketCode ? bookedDay(fields, submission.answers) : null;
  const siteUrl = (options.siteUrl ?? "").replace(/\/+$/, "");
  const booking = (language: string | undefined) =>
    options.ticketCode
      ? {
          date: day ? dayInWords(day, language || "en-AU") : "",
          people: submission.quantity,
          tickets: `${siteUrl}/tickets/${options.ticketCode}`,
        }
      : undefined;
  const values = (language: string | undefined) => ({
    site: site.name,
    form: form.name,
    answers: answers(language),
    url: submission.url,
    amount,
    booking: booking(language),
  });
  const business = form.notifyEmail.trim() || site.email;
  if (business) {
    const mail = renderFormMail("notify", site.language, values(site.language));
    const attachments = await signatureAttachment(db, submission);
    mailer.send({ to: business, subject: mail.subject, text: mail.text, html: mail.html, attachments });
  }
  const sender = senderEmail(fields, submission.answers as Record<string, string>);
  if (sender) {
    const mail = renderFormMail("receipt", options.language, values(options.language));
    mailer.send({ to: sender, subject: mail.subject, text: mail.text, html: mail.html });
  }
}
