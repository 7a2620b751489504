import type { Submission } from "@conform-to/react";
import { z } from "zod";

import {
  type AdminRecord,
  auditAnswerSchema,
  type Dashboard,
  dashboardAnswerSchema,
  deletedAnswerSchema,
  domainAnswerSchema,
  recordAnswerSchema,
  type RecordList,
  recordListAnswerSchema,
  submissionsAnswerSchema,
  type Upload,
  uploadAnswerSchema,
} from "@contract/admin";
import { isUpstreamError } from "~/lib/api/errors";
import type { Transport } from "~/lib/api/transport.server";

/**
 * The back-office's calls to the CMS's admin API (docs/back-office.md), with the admin's token
 * (`visitor.transport`). Every answer is parsed with its schema of the API contract
 * (`@contract/admin`); a refusal arrives as an UpstreamError, whose 400 `errors` `adminReply` puts
 * beside the form's fields.
 */

export const ADMIN = "/api/v1/cognito/admin";

export interface ListQuery {
  q?: string;
  sort?: string;
  dir?: "asc" | "desc";
  page?: number;
  page_size?: number;
}

const base = (model: string) => `${ADMIN}/${model}`;

export function listRecords(t: Transport, model: string, query: ListQuery = {}): Promise<RecordList> {
  return t.post(base(model), recordListAnswerSchema, query);
}

export async function getRecord(t: Transport, model: string, id: number): Promise<AdminRecord> {
  return (await t.post(`${base(model)}/${id}`, recordAnswerSchema, {})).data;
}

export async function createRecord(t: Transport, model: string, fields: object): Promise<AdminRecord> {
  return (await t.post(`${base(model)}/create`, recordAnswerSchema, fields)).data;
}

/** Only the fields sent change. */
export async function updateRecord(t: Transport, model: string, id: number, fields: object): Promise<AdminRecord> {
  return (await t.post(`${base(model)}/update`, recordAnswerSchema, { ...fields, id })).data;
}

export async function deleteRecord(t: Transport, model: string, id: number): Promise<void> {
  await t.post(`${base(model)}/delete`, deletedAnswerSchema, { id });
}

export async function setRecordEnabled(t: Transport, model: string, id: number, enabled: boolean) {
  return (await t.post(`${base(model)}/${enabled ? "enable" : "disable"}`, recordAnswerSchema, { id })).data;
}

/** One file to the CMS (multipart); the CMS decides its kind from its bytes and refuses others (415). */
export async function uploadFile(t: Transport, file: File): Promise<Upload> {
  const form = new FormData();
  form.set("file", file, file.name || "file");
  return (await t.postForm(`${ADMIN}/upload`, uploadAnswerSchema, form)).data;
}

/** Attaches an uploaded image to a product's or gallery's photos. */
export async function addPhoto(t: Transport, model: string, id: number, upload: Upload): Promise<AdminRecord> {
  const body = { id, model, uuid: upload.uuid, name: upload.name, key: upload.key };
  return (await t.post(`${base(model)}/addPhoto`, recordAnswerSchema, body)).data;
}

/** A gallery's photos in a new order. */
export async function orderGallery(t: Transport, id: number, photoIds: number[]): Promise<AdminRecord> {
  return (await t.post(`${base("gallery")}/order`, recordAnswerSchema, { id, photo_ids: photoIds })).data;
}

/** Re-parents a group (and its subtree) under `parentId` (null: a root) at `position` among its siblings. */
export async function moveGroup(t: Transport, id: number, parentId: number | null, position: number) {
  return (await t.post(`${ADMIN}/group/move`, recordAnswerSchema, { id, parent_id: parentId, position })).data;
}

/** The site's settings (the Domain's `settings`). */
export async function getDomain(t: Transport): Promise<Record<string, unknown>> {
  return (await t.post(`${ADMIN}/domain`, domainAnswerSchema, {})).data.settings;
}

export async function updateDomain(t: Transport, settings: Record<string, unknown>) {
  return (await t.post(`${ADMIN}/domain/update`, domainAnswerSchema, { settings })).data.settings;
}

export function listAudit(t: Transport, query: { model?: string; record_id?: number; page?: number }) {
  return t.post(`${ADMIN}/audit`, auditAnswerSchema, query);
}

/** One page of a form's submissions, newest first. */
export function listSubmissions(t: Transport, formId: number, page = 1) {
  return t.post(`${ADMIN}/form/${formId}/submissions`, submissionsAnswerSchema, { page });
}

/** The form's submissions as the CMS writes them in CSV (a `text/csv` answer reaches us as `{ text }`). */
export async function submissionsCsv(t: Transport, formId: number): Promise<string> {
  return (await t.post(`${ADMIN}/form/${formId}/submissions.csv`, z.object({ text: z.string() }), {})).text;
}

export async function dashboard(t: Transport): Promise<Dashboard> {
  return (await t.post(`${ADMIN}/dashboard`, dashboardAnswerSchema, {})).data;
}

/**
 * The CMS's refusal as conform's field and form errors: a 400's `errors` beside the fields the
 * form has (a nested field such as `questions.0.label` becomes conform's `questions[0].label`),
 * the rest and any other refusal's message above the form. Not an UpstreamError, or one that is
 * not the admin's doing (no answer, 5xx): null, for the caller to throw on.
 */
export function adminErrors(
  error: unknown,
  fields: readonly string[],
  /** A prefix of the body's field names that the form's names have not (`settings.`). */
  within = "",
): { fieldErrors: Record<string, string[]>; formErrors: string[]; status: number } | null {
  if (!isUpstreamError(error) || error.unavailable) return null;
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [field, messages] of Object.entries(error.errors ?? {})) {
    const name = conformName(within && field.startsWith(within) ? field.slice(within.length) : field);
    if (fields.includes(name) || fields.includes(name.replace(/\[\d+\].*$/, ""))) fieldErrors[name] = messages;
    else formErrors.push(...messages);
  }
  if (!Object.keys(fieldErrors).length && !formErrors.length) formErrors.push(error.message);
  const status = [400, 403, 404, 409, 413, 415].includes(error.status) ? error.status : 400;
  return { fieldErrors, formErrors, status };
}

/** `questions.0.label` (the API's path) as conform names it: `questions[0].label`. */
export function conformName(path: string) {
  return path.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
}

/** The reply of a submission the CMS refused, with the admin's input kept; throws what is not a refusal. */
export function adminReply(submission: Submission<unknown>, error: unknown, fields: readonly string[], within = "") {
  const mapped = adminErrors(error, fields, within);
  if (!mapped) throw error;
  return {
    status: mapped.status,
    reply: submission.reply({ fieldErrors: mapped.fieldErrors, formErrors: mapped.formErrors }),
  };
}
