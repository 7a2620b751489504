/**
 * The account calls that work by mail (decisions 040 and 045): sign-in links and codes, sign-up
 * confirmation, password recovery, and signing in with any of their codes.
 *
 * Whether an e-mail has an account never shows: the calls that send mail answer `{ ok: true }`
 * either way, and for an e-mail without one (or, at sign-up, with one) they do the same work —
 * the lookup, a code made, hashed and stored, the mail rendered — and only skip the sending,
 * which happens after the answer anyway. Such a code works for nothing: it was never sent, and
 * consuming it finds no member (or, for a sign-up, an e-mail already taken): CODE_INVALID.
 */
import { asc, eq, isNull, sql } from "drizzle-orm";

import type { Db } from "../db/client";
import { domains, users } from "../db/schema";
import type { Mailer } from "../mail/mailer";
import { type MailKind, mailLanguage, type MailValues, renderMail } from "../mail/templates";
import { type CodeFailure, type CodePurpose, consumeCode, createCode, type CreateCodeInput } from "./codes";
import { ApiError } from "./errors";
import { hashPassword } from "./passwords";
import { issueTokens, revokeOtherFamilies, type TokenAnswer } from "./tokens";

export interface CodeCallContext {
  db: Db;
  mailer: Mailer;
  /** The site's URL (the `siteUrl` option); else the domain's `site_url` setting. */
  siteUrl: string | undefined;
  /** The request's moment (ms). */
  now: number;
}

/** What the mails need of the site: its name and the address its links point to. */
interface MailSite {
  name: string;
  url: string;
  settings: Record<string, unknown>;
}

/** A site setting that is on (the back-office may store booleans as text or numbers). */
export function settingOn(value: unknown) {
  return value === true || value === 1 || value === "1" || value === "true";
}

async function mailSite(ctx: CodeCallContext): Promise<MailSite> {
  const [domain] = await ctx.db.select().from(domains).orderBy(asc(domains.id)).limit(1);
  const settings = domain?.settings ?? {};
  const text = (key: string) => (typeof settings[key] === "string" ? (settings[key] as string).trim() : "");
  const name = text("name") || text("organisation_name") || domain?.name || "Dovetail";
  const url = (ctx.siteUrl || text("site_url")).replace(/\/+$/, "");
  return { name, url, settings };
}

async function findMember(db: Db, email: string) {
  const [member] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return member ?? null;
}

/** A page of the site with its query, e.g. `/login?email=…&code=…`. */
function siteLink(site: MailSite, path: string, query: Record<string, string | undefined> = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  const search = params.toString();
  return `${site.url}${path}${search ? `?${search}` : ""}`;
}

/** A same-site path to go to after sign-in: one leading slash, no backslash or control characters. */
export function sameSitePath(value: string | undefined): string | undefined {
  if (!value || !value.startsWith("/") || value.startsWith("//")) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value) || value.length > 2000) return undefined;
  return value;
}

function mail(
  ctx: CodeCallContext,
  to: string | null,
  kind: MailKind,
  language: string | null | undefined,
  values: MailValues,
) {
  const message = renderMail(kind, language, values);
  if (to) ctx.mailer.send({ to, subject: message.subject, text: message.text, html: message.html });
}

export interface SendLoginLinkInput {
  email: string;
  codeOnly: boolean;
  language?: string;
  redirectTo?: string;
}

/** A sign-in code, and unless code-only a link, for a member; the same work, unsent, for anyone else. */
export async function sendLoginLink(ctx: CodeCallContext, input: SendLoginLinkInput) {
  const member = await findMember(ctx.db, input.email);
  const site = await mailSite(ctx);
  const codeOnly = input.codeOnly || settingOn(site.settings.login_code_only);
  const request: CreateCodeInput = {
    purpose: "login",
    email: input.email,
    userId: member?.id ?? null,
    withLink: !codeOnly,
    now: ctx.now,
  };
  // Made for an unknown e-mail too (never sent): the same work, so the same time.
  const created = await createCode(ctx.db, request);
  const link = created.token
    ? siteLink(site, "/login", { email: input.email, code: created.token, redirectTo: sameSitePath(input.redirectTo) })
    : undefined;
  mail(ctx, member?.email ?? null, codeOnly ? "login_code" : "login_link", input.language ?? member?.language, {
    site: site.name,
    name: member?.firstName || undefined,
    code: created.code,
    link,
  });
}

export interface RegisterLinkInput {
  email: string;
  firstName: string;
  lastName: string;
  dateOfBirth?: string;
  language?: string;
}

/** Whether the site asks for a date of birth at sign-up (the `ask_date_of_birth` setting). */
export async function asksDateOfBirth(db: Db) {
  const [domain] = await db.select({ settings: domains.settings }).from(domains).orderBy(asc(domains.id)).limit(1);
  return settingOn(domain?.settings.ask_date_of_birth);
}

/**
 * A sign-up: a new e-mail gets a "register" code (holding the names, date of birth and language)
 * with a confirmation link; an e-mail with an account gets the "you already have an account" mail.
 */
export async function registerLink(ctx: CodeCallContext, input: RegisterLinkInput) {
  const member = await findMember(ctx.db, input.email);
  const site = await mailSite(ctx);
  const language = mailLanguage(input.language);
  const request: CreateCodeInput = {
    purpose: "register",
    email: input.email,
    payload: {
      first_name: input.firstName,
      last_name: input.lastName,
      date_of_birth: input.dateOfBirth ?? null,
      language,
    },
    withLink: true,
    now: ctx.now,
  };
  // Made for an e-mail with an account too (never sent, and consuming it finds the e-mail taken).
  const created = await createCode(ctx.db, request);
  if (member) {
    mail(ctx, member.email, "existing_account", input.language ?? member.language, {
      site: site.name,
      name: member.firstName || undefined,
      loginUrl: siteLink(site, "/login"),
      recoverUrl: siteLink(site, "/forgotpassword", { email: member.email }),
    });
    return;
  }
  mail(ctx, input.email, "register", language, {
    site: site.name,
    name: input.firstName,
    code: created.code,
    link: siteLink(site, "/login", { email: input.email, code: created.token }),
  });
}

/** A recovery code (and link to the recovery page) for a member; the same work, unsent, for anyone else. */
export async function recoverPassword(ctx: CodeCallContext, input: { email: string; language?: string }) {
  const member = await findMember(ctx.db, input.email);
  const site = await mailSite(ctx);
  const request: CreateCodeInput = {
    purpose: "recovery",
    email: input.email,
    userId: member?.id ?? null,
    withLink: true,
    now: ctx.now,
  };
  // Made for an unknown e-mail too (never sent): the same work, so the same time.
  const created = await createCode(ctx.db, request);
  mail(ctx, member?.email ?? null, "recovery", input.language ?? member?.language, {
    site: site.name,
    name: member?.firstName || undefined,
    code: created.code,
    link: siteLink(site, "/forgotpassword", { email: input.email, code: created.token }),
  });
}

const FAILURE_MESSAGES: Record<CodeFailure, string> = {
  CODE_INVALID: "The code is not valid",
  CODE_USED: "The code has already been used",
  CODE_EXPIRED: "The code has expired",
};

/** The 400 of a code that did not work. */
export function codeError(failure: CodeFailure) {
  return new ApiError(400, FAILURE_MESSAGES[failure], { code: failure });
}

/**
 * Sets a new password with a "recovery" code, marks the e-mail verified (the code came to it)
 * and signs out every device (all refresh families revoked).
 */
export async function recoverPasswordCheck(
  ctx: CodeCallContext,
  input: { email: string; code: string; newPassword: string },
) {
  // Hashed before the lock is taken, and for a wrong code too: the answer takes as long.
  const passwordHash = await hashPassword(input.newPassword);
  const result = await consumeCode(
    ctx.db,
    { email: input.email, code: input.code, purposes: ["recovery"], now: ctx.now },
    async (tx, code) => {
      const at = new Date(ctx.now);
      const [member] = await tx
        .update(users)
        .set({ passwordHash, updatedAt: at, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at})` })
        .where(code.userId !== null ? eq(users.id, code.userId) : eq(users.email, code.email))
        .returning({ id: users.id });
      if (member) await revokeOtherFamilies(tx, member.id, null, ctx.now);
      return member ?? null;
    },
  );
  if (!result.ok) throw codeError(result.error);
  if (!result.value) throw codeError("CODE_INVALID");
}

/**
 * Signs in with a "login", "recovery" or "register" code. A "register" code first creates the
 * member from its payload, e-mail verified, in the same transaction; if the e-mail has been taken
 * since, the answer is CODE_INVALID. Any code marks the e-mail verified: it came to that address.
 */
export async function loginRecoveryCode(
  ctx: CodeCallContext,
  input: { email: string; code: string; fingerprint: string; secret: Uint8Array },
): Promise<TokenAnswer> {
  const purposes: CodePurpose[] = ["login", "recovery", "register"];
  const result = await consumeCode(
    ctx.db,
    { email: input.email, code: input.code, purposes, now: ctx.now },
    async (tx, code) => {
      const at = new Date(ctx.now);
      let userId: number | null = null;
      if (code.purpose === "register") {
        const payload = code.payload;
        const text = (key: string) => (typeof payload[key] === "string" ? (payload[key] as string) : "");
        const [created] = await tx
          .insert(users)
          .values({
            email: code.email,
            firstName: text("first_name"),
            lastName: text("last_name"),
            dateOfBirth: text("date_of_birth") || null,
            language: mailLanguage(text("language")),
            emailVerifiedAt: at,
            createdAt: at,
            updatedAt: at,
          })
          .onConflictDoNothing({ target: users.email })
          .returning({ id: users.id });
        userId = created?.id ?? null;
      } else {
        const [member] = await tx
          .select({ id: users.id })
          .from(users)
          .where(code.userId !== null ? eq(users.id, code.userId) : eq(users.email, code.email));
        userId = member?.id ?? null;
        if (userId !== null) {
          await tx
            .update(users)
            .set({ emailVerifiedAt: at, updatedAt: at })
            .where(sql`${users.id} = ${userId} and ${isNull(users.emailVerifiedAt)}`);
        }
      }
      if (userId === null) return null;
      return issueTokens(tx, { secret: input.secret, userId, fingerprint: input.fingerprint, now: ctx.now });
    },
  );
  if (!result.ok) throw codeError(result.error);
  if (!result.value) throw codeError("CODE_INVALID");
  return result.value;
}
