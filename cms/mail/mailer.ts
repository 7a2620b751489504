/**
 * The CMS's outgoing mail (decision 044). With an SMTP URL, nodemailer sends each message over it;
 * without one, each message is written as an RFC 822 `.eml` file into the outbox folder
 * (`DATA_DIR/outbox/`, printed by `npm run outbox`), named so that the files sort by time.
 *
 * `send` never waits: a call answers the same whether or not a message goes out, and a slow
 * SMTP server must not show in its timing. A failure is logged with the recipient and subject
 * (never the body: it holds a code), so no message is lost silently.
 */
import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";

import type { createTransport, Transporter } from "nodemailer";

/** A message: both parts are required, the plain text for readers and tools that show no HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with it, such as a form's signature (nodemailer's attachments). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  /** "smtp" when an SMTP URL is set, else "outbox". */
  kind: "smtp" | "outbox";
  /** Hands the message on and returns at once; failures are logged, never thrown. */
  send(message: MailMessage): void;
  /** Resolves when every message handed to `send` so far has gone out (or failed and been logged). */
  flush(): Promise<void>;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://...`; unset or empty: messages go to the outbox. */
  smtpUrl?: string;
  /** Where `.eml` files are written without an SMTP URL (created 0700, files 0600). */
  outboxDir: string;
  /** The From header, e.g. `Dovetail Outdoor Furniture <hello@dovetail.example.com>`. */
  from: string;
  /** Where failures are reported; default console.error. */
  log?: (message: string, error: unknown) => void;
}

/** The From header when MAIL_FROM is unset. */
export const DEFAULT_MAIL_FROM = "Dovetail Outdoor Furniture <hello@dovetail.example.com>";

/**
 * A nodemailer transport made at the first message: nodemailer (about 10 MB resident) is loaded
 * then, not at start (issue 29's memory).
 */
function lazyTransport(options: Parameters<typeof createTransport>[0]) {
  let transport: Promise<Transporter> | null = null;
  return () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(options)));
}

export function createMailer(options: MailerOptions): Mailer {
  const log = options.log ?? ((message, error) => console.error(message, error));
  const pending = new Set<Promise<void>>();
  /** Runs `start` after the current request's answer has gone (the next turn), tracked for `flush`. */
  const track = (start: () => Promise<void>) => {
    const work = new Promise((resolve) => setImmediate(resolve)).then(start);
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  const flush = async () => {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  };

  if (options.smtpUrl) {
    const transport = lazyTransport(options.smtpUrl);
    return {
      kind: "smtp",
      send(message) {
        track(() =>
          transport()
            .then((smtp) => smtp.sendMail({ from: options.from, ...message }))
            .then(
              () => undefined,
              (error: unknown) => log(`[mail] could not send "${message.subject}" to ${message.to}:`, error),
            ),
        );
      },
      flush,
    };
  }

  const composer = lazyTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const outbox = outboxWriter(options.outboxDir);
  return {
    kind: "outbox",
    send(message) {
      const name = outbox.name();
      track(() =>
        composer()
          .then((compose) => compose.sendMail({ from: options.from, ...message }))
          .then((info) => outbox.write(name, (info as { message: Buffer }).message))
          .catch((error: unknown) =>
            log(`[mail] could not write "${message.subject}" to ${message.to} into the outbox:`, error),
          ),
      );
    },
    flush,
  };
}

/**
 * Writes each message into `dir` as `<UTC time>-<sequence>-<random>.eml`: names sort by the time
 * `send` was called (the sequence orders messages of one millisecond, the random part keeps two
 * processes apart), whichever message is composed first. Each file is written under a temporary
 * name and renamed, so a reader never sees half a message.
 */
function outboxWriter(dir: string) {
  let lastStamp = "";
  let sequence = 0;
  return {
    /** The next file's name, taken when the message is handed over. */
    name() {
      const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(".", "");
      sequence = stamp === lastStamp ? sequence + 1 : 0;
      lastStamp = stamp;
      return `${stamp}-${String(sequence).padStart(4, "0")}-${randomBytes(3).toString("hex")}.eml`;
    },
    async write(name: string, raw: Buffer) {
      await mkdir(dir, { recursive: true, mode: 0o700 }); // again each time: someone may have removed it
      const temporary = path.join(dir, `.${name}.tmp`);
      await writeFile(temporary, raw, { mode: 0o600 });
      await rename(temporary, path.join(dir, name));
    },
  };
}

/** The mailer of an app given none (tests that send no mail): each message is dropped with a warning. */
export const warningMailer: Mailer = {
  kind: "outbox",
  send(message) {
    console.warn(`[mail] no mailer configured: "${message.subject}" to ${message.to} was not sent`);
  },
  flush: async () => {},
};

/**
 * The mailer of a running server: over SMTP_URL, else into `DATA_DIR/outbox/`; From is MAIL_FROM,
 * else `DEFAULT_MAIL_FROM`. Says at start where the mail goes, and warns when the outbox is
 * one of several (`outboxWarning`).
 */
export function mailerFromEnv(
  env: { SMTP_URL?: string; MAIL_FROM?: string; DATABASE_URL?: string },
  dataDir: string,
): Mailer {
  const outboxDir = path.join(dataDir, "outbox");
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, outboxDir, from: env.MAIL_FROM ?? DEFAULT_MAIL_FROM });
  if (mailer.kind === "outbox") console.log(`[mail] no SMTP_URL: mail is written to ${outboxDir} (npm run outbox)`);
  const warning = outboxWarning(env);
  if (warning) console.warn(warning);
  return mailer;
}

/**
 * The warning for an outbox on PostgreSQL (decision 122): DATABASE_URL is how several instances
 * share one database, but each writes its mail into its own DATA_DIR, so an operator reading one
 * outbox misses the others' messages. A warning, not a refusal: one instance on PostgreSQL with an
 * outbox is a sound setup. Null with SMTP_URL, or without DATABASE_URL (PGlite: one process).
 */
export function outboxWarning(env: { SMTP_URL?: string; DATABASE_URL?: string }): string | null {
  if (env.SMTP_URL || !env.DATABASE_URL) return null;
  return (
    "[mail] warning: DATABASE_URL is set but SMTP_URL is not: each instance writes its mail to its own " +
    "DATA_DIR/outbox, so with several instances the messages are spread over their DATA_DIRs. Set SMTP_URL."
  );
}
