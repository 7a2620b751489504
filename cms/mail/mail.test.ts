/** The mailer's outbox and SMTP failure paths, and the account mails' texts in every language. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterEach, describe, expect, it, vi } from "vitest";

import { createMailer, DEFAULT_MAIL_FROM, mailerFromEnv, outboxWarning } from "./mailer";
import { escapeHtml, type MailKind, mailLanguage, mailLanguages, renderMail } from "./templates";

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "dovetail-mail-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The decoded text of a quoted-printable part. */
function decodeQuotedPrintable(body: string) {
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/%/g, "%25")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes);
}

describe("the mailer without SMTP", () => {
  it("writes each message as an owner-only .eml file, names sorting by time, with both parts", async () => {
    const outboxDir = path.join(tempDir(), "outbox");
    const mailer = createMailer({ outboxDir, from: DEFAULT_MAIL_FROM });
    expect(mailer.kind).toBe("outbox");
    for (const n of [1, 2, 3]) {
      mailer.send({ to: `m${n}@example.com`, subject: `Message ${n}`, text: `Text ${n}`, html: `<p>HTML ${n}</p>` });
    }
    await mailer.flush();
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(3);
    expect(files.every((f) => /^\d{8}T\d{9}Z-\d{4}-[0-9a-f]{6}\.eml$/.test(f))).toBe(true);
    const sorted = [...files].sort();
    const raws = sorted.map((f) => readFileSync(path.join(outboxDir, f), "utf8"));
    expect(raws.map((raw) => /^To: (.*)$/m.exec(raw)?.[1])).toEqual([
      "m1@example.com",
      "m2@example.com",
      "m3@example.com",
    ]);
    expect(raws[0]).toContain(`From: ${DEFAULT_MAIL_FROM}`);
    expect(raws[0]).toContain("Content-Type: text/plain; charset=utf-8");
    expect(raws[0]).toContain("Content-Type: text/html; charset=utf-8");
    expect(statSync(path.join(outboxDir, sorted[0])).mode & 0o777).toBe(0o600);
    expect(statSync(outboxDir).mode & 0o777).toBe(0o700);
  });

  it("logs a message it cannot write, naming recipient and subject", async () => {
    const file = path.join(tempDir(), "not-a-folder");
    await import("node:fs/promises").then((fs) => fs.writeFile(file, ""));
    const log = vi.fn();
    const mailer = createMailer({ outboxDir: file, from: DEFAULT_MAIL_FROM, log });
    mailer.send({ to: "a@example.com", subject: "Hello", text: "t", html: "h" });
    await mailer.flush();
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0][0]).toContain('"Hello" to a@example.com');
  });
});

describe("the outbox beside PostgreSQL (decision 122)", () => {
  it("warns at start, naming DATABASE_URL and SMTP_URL, that each instance keeps its own outbox", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const mailer = mailerFromEnv({ DATABASE_URL: "postgres://db.internal/dovetail" }, tempDir());
      expect(mailer.kind).toBe("outbox");
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0][0]).toMatch(/DATABASE_URL is set but SMTP_URL is not.*own DATA_DIR\/outbox/);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("says nothing on PGlite (one process) or with a mail server", () => {
    expect(outboxWarning({})).toBeNull();
    expect(outboxWarning({ DATABASE_URL: "postgres://db.internal/d", SMTP_URL: "smtp://mail.internal" })).toBeNull();
    expect(outboxWarning({ DATABASE_URL: "postgres://db.internal/d" })).toContain("SMTP_URL");
  });
});

describe("the mailer over SMTP", () => {
  it("returns at once and logs a failed delivery instead of throwing", async () => {
    const log = vi.fn();
    const mailer = createMailer({ smtpUrl: "smtp://127.0.0.1:9", outboxDir: tempDir(), from: DEFAULT_MAIL_FROM, log });
    expect(mailer.kind).toBe("smtp");
    const started = Date.now();
    mailer.send({ to: "a@example.com", subject: "Code", text: "123456", html: "<p>123456</p>" });
    expect(Date.now() - started).toBeLessThan(50);
    await mailer.flush();
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0][0]).toContain('could not send "Code" to a@example.com');
    expect(log.mock.calls[0][0]).not.toContain("123456");
  });
});

describe("the account mails", () => {
  const kinds: MailKind[] = ["login_link", "login_code", "register", "existing_account", "recovery"];
  const values = {
    site: "Dovetail <Outdoor> & Co",
    name: 'Ada "<b>"',
    code: "042917",
    link: "https://www.example.com/login?email=a%40b.c&code=tok&redirectTo=%2Fx",
    loginUrl: "https://www.example.com/login",
    recoverUrl: "https://www.example.com/forgotpassword",
  };

  it("exist in the site's 18 languages, each with every text English has", () => {
    const languages = mailLanguages();
    expect(languages).toHaveLength(18);
    const keys = (node: Record<string, unknown>, prefix = ""): string[] =>
      Object.entries(node).flatMap(([k, v]) =>
        typeof v === "object" && v ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
      );
    const read = (lng: string) =>
      JSON.parse(readFileSync(new URL(`../../locales/${lng}/mail.json`, import.meta.url), "utf8")) as Record<
        string,
        unknown
      >;
    const english = read("en");
    for (const lng of languages) {
      const texts = read(lng);
      expect(keys(texts).sort(), lng).toEqual(keys(english).sort());
      if (lng !== "en") expect(JSON.stringify(texts), `${lng} is translated`).not.toEqual(JSON.stringify(english));
      for (const kind of kinds) expect(renderMail(kind, lng, values).subject, `${lng} ${kind}`).toContain(values.site);
    }
  });

  it("picks the language by code, by primary language, else English", () => {
    expect(mailLanguage("de")).toBe("de");
    expect(mailLanguage("DE-at")).toBe("de");
    expect(mailLanguage("pt")).toBe("pt-BR");
    expect(mailLanguage("zh_cn")).toBe("zh-CN");
    expect(mailLanguage("xx")).toBe("en");
    expect(mailLanguage(undefined)).toBe("en");
    expect(renderMail("login_code", "de", values).subject).toBe("Ihr Anmeldecode für Dovetail <Outdoor> & Co");
  });

  it("put the code and link in the text part, and escape every value in the HTML part", () => {
    const mail = renderMail("login_link", "en", values);
    expect(mail.text).toContain('Hello Ada "<b>",');
    expect(mail.text).toContain("    042917");
    expect(mail.text).toContain(values.link);
    expect(mail.html).toContain("Hello Ada &quot;&lt;b&gt;&quot;,");
    expect(mail.html).toContain(`href="${escapeHtml(values.link)}"`);
    expect(mail.html).not.toContain("<b>");
    expect(mail.html).not.toContain("<Outdoor>");
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
    expect(renderMail("login_code", "ar", values).html).toContain('<html lang="ar" dir="rtl">');
  });

  it("leave out the link where there is none, and greet nobody by name without one", () => {
    const codeOnly = renderMail("login_code", "en", { ...values, name: undefined, link: undefined });
    expect(codeOnly.text).not.toMatch(/https?:/);
    expect(codeOnly.text.startsWith("Hello,\n")).toBe(true);
    const recovery = renderMail("recovery", "fr", { ...values, link: undefined });
    expect(recovery.text).toContain("042917");
    expect(recovery.text).not.toMatch(/https?:/);
    const existing = renderMail("existing_account", "en", values);
    expect(existing.text).toContain(values.loginUrl);
    expect(existing.text).toContain(values.recoverUrl);
    expect(existing.text).not.toContain(values.code);
  });

  it("are written to the outbox in the member's language", async () => {
    const outboxDir = tempDir();
    const mailer = createMailer({ outboxDir, from: DEFAULT_MAIL_FROM });
    const mail = renderMail("login_link", "de", values);
    mailer.send({ to: "ada@example.com", ...mail });
    await mailer.flush();
    const [file] = readdirSync(outboxDir);
    const raw = readFileSync(path.join(outboxDir, file), "utf8");
    expect(raw).toMatch(/^Subject: Anmelden bei Dovetail <Outdoor> & Co$/m);
    const textPart =
      /Content-Type: text\/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n([\s\S]*?)\n----/.exec(
        raw,
      )?.[1];
    expect(textPart).toBeDefined();
    const text = decodeQuotedPrintable(textPart!);
    expect(text).toContain("Melden Sie sich");
    expect(text).toContain(values.link);
    expect(text).toContain("042917");
  });
});
