/**
 * The forms' mails: the business's copy of each submission and the sender's receipt. Their texts
 * are the `form` keys of `locales/<lng>/mail.json` (English when missing); every answer is put
 * into the HTML escaped.
 */
import { escapeHtml, mailDirection, mailLanguage, mailSection } from "../mail/templates";

export type FormMailKind = "notify" | "receipt";

export interface FormMailValues {
  site: string;
  form: string;
  /** The answers in the form's order. */
  answers: { label: string; value: string }[];
  /** The page it was sent from. */
  url?: string;
  /** A paid form: the amount, e.g. "$285.00". */
  amount?: string;
  /** A paid booking: the day in words, the places, and the printable tickets' address. */
  booking?: { date: string; people: number; tickets: string };
}

const formTexts = (language: string) => mailSection(language, "form");

/** The subject, plain text and HTML of a form mail in `language`. */
export function renderFormMail(kind: FormMailKind, language: string | null | undefined, values: FormMailValues) {
  const chosen = mailLanguage(language);
  const texts = formTexts(chosen);
  const english = formTexts("en");
  const fill = (key: string) =>
    (texts[key] ?? english[key] ?? "").replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
      const filled: Record<string, string> = {
        site: values.site,
        form: values.form,
        amount: values.amount ?? "",
        date: values.booking?.date ?? "",
        people: String(values.booking?.people ?? ""),
      };
      return filled[name] ?? "";
    });
  // A paid sender's mail is a receipt, not "we received your form".
  const receipt = kind === "receipt" && values.amount;
  const subject = fill(receipt ? "paid_subject" : `${kind}_subject`);
  const intro = fill(receipt ? "paid_intro" : `${kind}_intro`);
  const paid = values.amount ? fill("paid") : "";
  const booked = values.booking ? (values.booking.date ? fill("booking") : fill("booking_places")) : "";
  const ticketsLine = values.booking ? fill("tickets") : "";
  const from = values.url ? `${fill("sent_from")} ${values.url}` : "";
  const heading = fill("answers");
  const paragraphs = [intro, paid, booked].filter(Boolean);
  const lines = values.answers.map((a) => `${a.label}: ${a.value}`);
  const tickets = values.booking ? [`${ticketsLine}\n${values.booking.tickets}`] : [];
  const text = `${[...paragraphs, ...tickets, heading, lines.join("\n"), ...(kind === "notify" && from ? [from] : []), `-- \n${values.site}`].join("\n\n")}\n`;
  const rows = values.answers
    .map(
      (a) =>
        `<tr><th style="text-align:start;padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(a.label)}</th>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(a.value)}</td></tr>`,
    )
    .join("\n");
  const dir = mailDirection(chosen);
  const html = [
    "<!doctype html>",
    `<html lang="${escapeHtml(chosen)}" dir="${dir}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1c1410">',
    ...paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`),
    ...(values.booking
      ? [
          `<p style="margin:0 0 16px">${escapeHtml(ticketsLine)}<br>` +
            `<a href="${escapeHtml(values.booking.tickets)}">${escapeHtml(values.booking.tickets)}</a></p>`,
        ]
      : []),
    `<p style="margin:0 0 8px;font-weight:bold">${escapeHtml(heading)}</p>`,
    `<table style="border-collapse:collapse;margin:0 0 16px">\n${rows}\n</table>`,
    ...(kind === "notify" && from ? [`<p style="margin:0 0 16px">${escapeHtml(from)}</p>`] : []),
    `<p style="margin:24px 0 0;color:#6b5b4e">${escapeHtml(values.site)}</p>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");
  return { language: chosen, subject, text, html };
}

/** "Yes" / "No" for a checkbox's answer, in `language`. */
export function yesNo(language: string | null | undefined, checked: boolean) {
  const chosen = mailLanguage(language);
  const key = checked ? "yes" : "no";
  return formTexts(chosen)[key] ?? formTexts("en")[key] ?? (checked ? "Yes" : "No");
}

/** How a signature shows among the answers ("(signed)"), in `language`. */
export function signedWord(language: string | null | undefined) {
  const chosen = mailLanguage(language);
  return formTexts(chosen).signed ?? formTexts("en").signed ?? "(signed)";
}
