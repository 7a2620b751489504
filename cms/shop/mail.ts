/**
 * The invoice mail of a paid order: the `order` keys of `locales/<lng>/mail.json` (English when
 * missing), a plain-text part and an HTML part with every value escaped. It shows the invoice
 * number, the business's name and ABN, each line, shipping, discount, total and the GST included.
 */
import { formatLongDate, formatMoney } from "../contract/formats";
import { DEFAULT_TIME_ZONE } from "../contract/site-clock";
import { escapeHtml, mailDirection, mailLanguage, mailSection } from "../mail/templates";
import type { orderJson } from "./invoices";

type Invoice = ReturnType<typeof orderJson>;

const orderTexts = (language: string) => mailSection(language, "order");

const money = formatMoney;

/** The subject, plain text and HTML of an order's invoice in `language`. */
export function renderInvoiceMail(
  language: string | null | undefined,
  invoice: Invoice,
  { siteUrl, timeZone = DEFAULT_TIME_ZONE }: { siteUrl?: string; timeZone?: string } = {},
) {
  const chosen = mailLanguage(language);
  const texts = orderTexts(chosen);
  const english = orderTexts("en");
  const b = invoice.business;
  const values: Record<string, string> = {
    site: b.name,
    invoice: invoice.invoice_number,
    abn: b.abn,
    date: formatLongDate(new Date(invoice.paid_at ?? invoice.created_at), timeZone, chosen),
    code: invoice.promotion_code ?? "",
    shipping: invoice.shipping_name,
    amount: money(invoice.total_tax),
  };
  const t = (key: string) =>
    (texts[key] ?? english[key] ?? "").replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? "");
  const subject = t("subject");
  const heading = [b.name, b.abn ? t("abn") : "", b.address, b.email, b.phone].filter(Boolean);
  const lines = invoice.items.map((i) => {
    const extras = i.addons.length ? ` (${t("with")} ${i.addons.map((a) => a.name).join(", ")})` : "";
    return { label: `${i.qty} × ${i.product_name}: ${i.name}${extras}`, amount: money(i.subtotal) };
  });
  const sums = [
    { label: t("subtotal"), amount: money(invoice.subtotal) },
    ...(invoice.discount_amount > 0 ? [{ label: t("discount"), amount: `-${money(invoice.discount_amount)}` }] : []),
    { label: t("shipping_line"), amount: money(invoice.shipping_amount) },
    ...(invoice.surcharge_amount > 0 ? [{ label: t("surcharge"), amount: money(invoice.surcharge_amount) }] : []),
    { label: t("total"), amount: money(invoice.total_amount) },
  ];
  const gst = t("gst");
  const address = invoice.address;
  const deliverTo = [
    `${address.first_name ?? ""} ${address.last_name ?? ""}`.trim(),
    address.street_address,
    address.street_address_1,
    `${address.city ?? ""} ${address.state ?? ""} ${address.postcode ?? ""}`.trim(),
    address.country,
  ].filter(Boolean);
  const link = siteUrl ? `${siteUrl.replace(/\/+$/, "")}/invoice/${invoice.id}` : "";
  const paragraphs = [t("intro"), t("title"), t("date_line")];

  const text = [
    ...heading,
    "",
    ...paragraphs,
    "",
    ...lines.map((l) => `${l.label}  ${l.amount}`),
    "",
    ...sums.map((s) => `${s.label}: ${s.amount}`),
    gst,
    "",
    t("deliver_to"),
    ...deliverTo,
    ...(link ? ["", t("view"), link] : []),
    "",
    `-- \n${b.name}`,
    "",
  ].join("\n");

  const row = (label: string, amount: string, bold = false) =>
    `<tr${bold ? ' style="font-weight:bold"' : ""}><td style="padding:4px 12px 4px 0">${escapeHtml(label)}</td>` +
    `<td style="padding:4px 0;text-align:end;white-space:nowrap">${escapeHtml(amount)}</td></tr>`;
  const dir = mailDirection(chosen);
  const html = [
    "<!doctype html>",
    `<html lang="${escapeHtml(chosen)}" dir="${dir}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1c1410">',
    `<p style="margin:0 0 16px">${heading.map(escapeHtml).join("<br>")}</p>`,
    ...paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`),
    '<table style="border-collapse:collapse;margin:0 0 16px">',
    ...lines.map((l) => row(l.label, l.amount)),
    ...sums.map((s, i) => row(s.label, s.amount, i === sums.length - 1)),
    "</table>",
    `<p style="margin:0 0 16px">${escapeHtml(gst)}</p>`,
    `<p style="margin:0 0 16px">${[t("deliver_to"), ...deliverTo].map(escapeHtml).join("<br>")}</p>`,
    ...(link
      ? [
          `<p style="margin:0 0 16px">${escapeHtml(t("view"))} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
        ]
      : []),
    `<p style="margin:24px 0 0;color:#6b5b4e">${escapeHtml(b.name)}</p>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");
  return { subject, text, html, language: chosen };
}

/** The business's mail of a delivery quote request: the address and the cart's lines (English texts). */
export function renderQuoteMail(address: Record<string, string>, lines: string[]) {
  const texts = orderTexts("en");
  const t = (key: string) => (texts[key] ?? "").replace(/\{\{\s*name\s*\}\}/g, address.name ?? "");
  const subject = t("quote_subject");
  const addressLines = [
    address.name,
    address.email,
    address.phone,
    address.street,
    `${address.suburb} ${address.state} ${address.postcode}`.trim(),
    address.country,
  ].filter(Boolean);
  const text = [t("quote_intro"), "", t("quote_address"), ...addressLines, "", t("quote_cart"), ...lines, ""].join(
    "\n",
  );
  const block = (items: string[]) => `<p style="margin:0 0 16px">${items.map(escapeHtml).join("<br>")}</p>`;
  const html = [
    "<!doctype html>",
    '<html lang="en" dir="ltr">',
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1c1410">',
    block([t("quote_intro")]),
    block([t("quote_address"), ...addressLines]),
    block([t("quote_cart"), ...lines]),
    "</body>",
    "</html>",
    "",
  ].join("\n");
  return { subject, text, html };
}
