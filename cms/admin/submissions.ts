/**
 * A form's submissions for the back-office: a page of them, newest first, and all of them as CSV
 * (`text/csv`): a header row of the form's fields, every cell quoted, and a cell that a
 * spreadsheet would read as a formula (it starts with =, +, -, @, a tab or a carriage return)
 * prefixed with `'`, so opening the export runs nothing.
 */
import { asc, desc, eq } from "drizzle-orm";

import { ApiError } from "../accounts/errors";
import { DISPLAY_KINDS, formFields } from "../contract/form-fields";
import type { Db } from "../db/client";
import { forms, formSubmissions } from "../db/schema";
import { paginate } from "../lib/paginate";

async function formOf(db: Db, id: number) {
  const [form] = await db.select().from(forms).where(eq(forms.id, id));
  if (!form) throw new ApiError(404, "form not found");
  return form;
}

type SubmissionRow = typeof formSubmissions.$inferSelect;

const serialize = (s: SubmissionRow) => ({
  id: s.id,
  form_id: s.formId,
  form_version: s.formVersion,
  created_at: s.createdAt.toISOString(),
  status: s.status,
  url: s.url,
  user_id: s.userId,
  answers: s.answers,
});

export async function listSubmissions(db: Db, formId: number, paging: { page: number; pageSize: number }) {
  const form = await formOf(db, formId);
  const { rows, paging: p } = await paginate(db, formSubmissions, {
    where: eq(formSubmissions.formId, form.id),
    orderBy: [desc(formSubmissions.createdAt), desc(formSubmissions.id)],
    ...paging,
  });
  return { data: rows.map(serialize), ...p };
}

/** One CSV cell: quoted, quotes doubled, a formula's first character defused. */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** Every submission of a form as CSV, oldest first, with the form's fields as columns. */
export async function submissionsCsv(db: Db, formId: number) {
  const form = await formOf(db, formId);
  const fields = formFields(form).filter((f) => !DISPLAY_KINDS.has(f.kind) && f.kind !== "password");
  const rows = await db
    .select()
    .from(formSubmissions)
    .where(eq(formSubmissions.formId, form.id))
    .orderBy(asc(formSubmissions.createdAt), asc(formSubmissions.id));
  const header = ["id", "created_at", "status", ...fields.map((f) => f.label || f.name)];
  const lines = [
    header,
    ...rows.map((s) => [s.id, s.createdAt.toISOString(), s.status, ...fields.map((f) => s.answers[f.name])]),
  ];
  return {
    name: `${form.url || "form"}-submissions.csv`,
    text: `${lines.map((line) => line.map(csvCell).join(",")).join("\r\n")}\r\n`,
  };
}
