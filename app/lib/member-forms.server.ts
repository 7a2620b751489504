import type { Submission, SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { TFunction } from "i18next";

import { cacheControl } from "~/shared/cache-control";

import { isUpstreamError, type UpstreamError } from "./api/errors";
import { getI18n } from "./i18n.server";
import type { Visitor } from "./visitor.server";

/** The visitor's translator, for messages an action writes (flashed or put next to a field). */
export async function translatorFor(visitor: Visitor): Promise<TFunction> {
  const { locale } = visitor.preferences;
  return (await getI18n(locale)).getFixedT(locale);
}

/** A reply with a status other than validation's 400 (403 refused, 404, 413, 429, 503). */
export function refused(reply: SubmissionResult<string[]>, status: number, headers: Record<string, string> = {}) {
  return data(reply, { status, headers: { "Cache-Control": cacheControl.private, ...headers } });
}

const CODE_ERRORS: Record<string, string> = {
  CODE_INVALID: "recover.errors.codeInvalid",
  CODE_USED: "recover.errors.codeUsed",
  CODE_EXPIRED: "recover.errors.codeExpired",
};

export interface UpstreamReplyOptions {
  /** The form's field names: the CMS's errors for them go next to them, the others above the form. */
  fields: readonly string[];
  /** The field a code error (CODE_INVALID, CODE_USED, CODE_EXPIRED) belongs to. */
  codeField?: string;
  /** What a 404 means on this form (another member's address, a record gone). */
  notFound?: string;
}

/**
 * Turns the CMS's refusal of a submission into the form's reply, with the visitor's input kept:
 * field errors (400, 403 FIELD_NOT_ALLOWED, 413) next to their fields, a code's state next to the
 * code, a rate limit (429 with Retry-After) and an unavailable CMS (503) above the form. Anything
 * else is not the visitor's doing and is thrown on.
 */
export function upstreamReply(
  submission: Submission<unknown>,
  error: unknown,
  t: TFunction,
  { fields, codeField, notFound }: UpstreamReplyOptions,
) {
  if (!isUpstreamError(error)) throw error;
  const e: UpstreamError = error;
  if (e.status === 429) {
    const seconds = e.retryAfter ?? 60;
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return refused(submission.reply({ formErrors: [t("profile.errors.rateLimited", { minutes })] }), 429, {
      "Retry-After": String(seconds),
    });
  }
  if (e.unavailable) {
    return refused(submission.reply({ formErrors: [t("profile.errors.unavailable")] }), 503);
  }
  if (e.code && CODE_ERRORS[e.code] && codeField) {
    return refused(submission.reply({ fieldErrors: { [codeField]: [t(CODE_ERRORS[e.code])] } }), 400);
  }
  if (e.status === 404 && notFound) {
    return refused(submission.reply({ formErrors: [notFound] }), 404);
  }
  if ([400, 403, 413, 422].includes(e.status)) {
    const fieldErrors: Record<string, string[]> = {};
    const formErrors: string[] = [];
    for (const [field, messages] of Object.entries(e.errors ?? {})) {
      if (fields.includes(field)) fieldErrors[field] = messages;
      else formErrors.push(...messages);
    }
    if (!Object.keys(fieldErrors).length && !formErrors.length) formErrors.push(e.message);
    return refused(submission.reply({ fieldErrors, formErrors }), e.status === 422 ? 400 : e.status);
  }
  throw e;
}
