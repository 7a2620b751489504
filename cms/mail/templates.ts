/**
 * The account mails in the member's language (decision 044): their texts are
 * `locales/<lng>/mail.json` (the site's 18 languages, next to its `common.json`), a missing
 * language or text falls back to English. Each mail has a plain-text part and an HTML part; every
 * value is put into the HTML escaped, links included.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

import { textDirection } from "../contract/languages";
import { projectPath } from "../lib/project-root";
import type { MailMessage } from "./mailer";

export type MailKind =
  "login_link" | "login_code" | "register" | "existing_account" | "recovery" | "voucher" | "order_sent";

export interface MailValues {
  /** The site's name, as the domain settings give it. */
  site: string;
  /** The member's first name; without it the greeting names nobody. */
  name?: string;
  /** The 6-digit code. */
  code?: string;
  /** The link that signs in, confirms the sign-up or opens the recovery page. */
  link?: string;
  /** For "existing_account": the sign-in and password recovery pages. */
  loginUrl?: string;
  recoverUrl?: string;
  /** For "voucher": the amount as shown ("$100.00"), its last day in words, whom it is for and the buyer's words. */
  amount?: string;
  date?: string;
  recipient?: string;
  note?: string;
  /** For "order_sent": the invoice number ("INV-001001"); `note` is the owner's words, `link` the invoice. */
  invoice?: string;
}

type Texts = Record<string, unknown>;

const LOCALES = pathToFileURL(`${projectPath("locales")}/`);
const FALLBACK = "en";

const loaded = new Map<string, Texts>();

/** The languages that have mail texts (folder names under `locales/` holding a `mail.json`). */
export function mailLanguages(): string[] {
  return readdirSync(LOCALES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(new URL(`${entry.name}/mail.json`, LOCALES)))
    .map((entry) => entry.name)
    .sort();
}

let languages: string[] | null = null;

/**
 * The mail language for a requested code: the same code (any case), else one with the same
 * primary language ("de-AT" → "de", "pt" → "pt-BR"), else English.
 */
export function mailLanguage(requested: string | null | undefined): string {
  languages ??= mailLanguages();
  const wanted = (requested ?? "").trim().toLowerCase().replace("_", "-");
  if (!wanted) return FALLBACK;
  const exact = languages.find((code) => code.toLowerCase() === wanted);
  if (exact) return exact;
  const primary = wanted.split("-")[0];
  return languages.find((code) => code.toLowerCase().split("-")[0] === primary) ?? FALLBACK;
}

function textsOf(language: string): Texts {
  let texts = loaded.get(language);
  if (!texts) {
    texts = JSON.parse(readFileSync(new URL(`${language}/mail.json`, LOCALES), "utf8")) as Texts;
    loaded.set(language, texts);
  }
  return texts;
}

/** One section of a language's mail texts (`form`, `order`…), each value a string template. */
export function mailSection(language: string, section: string): Record<string, string> {
  const node = textsOf(language)[section];
  return node && typeof node === "object" ? (node as Record<string, string>) : {};
}

/** The writing direction of a mail in `language`. */
export function mailDirection(language: string): "rtl" | "ltr" {
  return textDirection(language);
}

function lookup(texts: Texts, key: string): string | undefined {
  let node: unknown = texts;
  for (const part of key.split(".")) node = (node as Texts | undefined)?.[part];
  return typeof node === "string" ? node : undefined;
}

/** Fills `{{name}}` placeholders (an unknown one is left empty). */
function interpolate(template: string, values: Record<string, string | undefined>) {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? "");
}

export function escapeHtml(value: string) {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** One piece of a mail's body, in order. */
type Block =
  | { type: "paragraph"; text: string }
  | { type: "code"; code: string }
  | { type: "button"; label: string; href: string };

/** The blocks of each kind of mail, given the texts in one language. */
function blocksOf(kind: MailKind, t: (key: string) => string, values: MailValues): Block[] {
  const p = (key: string): Block => ({ type: "paragraph", text: t(key) });
  const greeting = p(values.name ? "greeting" : "greeting_anonymous");
  const code = (): Block => ({ type: "code", code: values.code ?? "" });
  const button = (key: string, href = values.link ?? ""): Block => ({ type: "button", label: t(key), href });
  switch (kind) {
    case "login_link":
      return [
        greeting,
        p("login_link.intro"),
        button("login_link.button"),
        p("or_code"),
        code(),
        p("valid_for"),
        p("not_you"),
      ];
    case "login_code":
      return [greeting, p("login_code.intro"), code(), p("valid_for"), p("not_you")];
    case "register":
      return [
        greeting,
        p("register.intro"),
        button("register.button"),
        p("or_code"),
        code(),
        p("valid_for"),
        p("not_you"),
      ];
    case "existing_account":
      return [
        greeting,
        p("existing_account.intro"),
        button("existing_account.sign_in", values.loginUrl),
        p("existing_account.forgot"),
        button("existing_account.recover", values.recoverUrl),
        p("existing_account.not_you"),
      ];
    case "voucher":
      return [
        p("greeting_anonymous"),
        p("voucher.intro"),
        code(),
        ...(values.recipient ? [p("voucher.for")] : []),
        ...(values.note ? [{ type: "paragraph" as const, text: values.note }] : []),
        ...(values.date ? [p("voucher.expires")] : []),
        p("voucher.print"),
        button("voucher.button"),
        p("voucher.redeem"),
      ];
    case "order_sent":
      return [
        greeting,
        p("order_sent.intro"),
        ...(values.note ? [p("order_sent.note"), { type: "paragraph" as const, text: values.note }] : []),
        ...(values.link ? [button("order_sent.button")] : []),
      ];
    case "recovery": {
      const blocks = [greeting, p("recovery.intro"), code()];
      if (values.link) blocks.push(p("recovery.or_link"), button("recovery.button"));
      return [...blocks, p("valid_for"), p("not_you")];
    }
  }
}

function renderText(blocks: Block[], signOff: string) {
  const lines = blocks.map((block) => {
    if (block.type === "paragraph") return block.text;
    if (block.type === "code") return `    ${block.code}`;
    return `${block.label}:\n${block.href}`;
  });
  return `${[...lines, `-- \n${signOff}`].join("\n\n")}\n`;
}

function renderHtml(blocks: Block[], signOff: string, language: string, subject: string) {
  const body = blocks
    .map((block) => {
      if (block.type === "paragraph") return `<p style="margin:0 0 16px">${escapeHtml(block.text)}</p>`;
      if (block.type === "code") {
        return `<p style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${escapeHtml(block.code)}</p>`;
      }
      return (
        `<p style="margin:0 0 16px"><a href="${escapeHtml(block.href)}" style="display:inline-block;padding:10px 18px;` +
        `background:#7c4a1e;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(block.label)}</a></p>`
      );
    })
    .join("\n");
  const dir = mailDirection(language);
  return [
    "<!doctype html>",
    `<html lang="${escapeHtml(language)}" dir="${dir}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1c1410">',
    body,
    `<p style="margin:24px 0 0;color:#6b5b4e">${escapeHtml(signOff)}</p>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

/** The subject, plain text and HTML of one account mail, in `language` (see `mailLanguage`). */
export function renderMail(
  kind: MailKind,
  language: string | null | undefined,
  values: MailValues,
): Omit<MailMessage, "to"> & { language: string } {
  const chosen = mailLanguage(language);
  const texts = textsOf(chosen);
  const english = chosen === FALLBACK ? texts : textsOf(FALLBACK);
  const filled = {
    site: values.site,
    name: values.name,
    code: values.code,
    amount: values.amount,
    date: values.date,
    recipient: values.recipient,
    invoice: values.invoice,
  };
  const t = (key: string) => interpolate(lookup(texts, key) ?? lookup(english, key) ?? "", filled);
  const blocks = blocksOf(kind, t, values);
  const subject = t(`${kind}.subject`);
  const signOff = t("sign_off");
  return {
    language: chosen,
    subject,
    text: renderText(blocks, signOff),
    html: renderHtml(blocks, signOff, chosen, subject),
  };
}
