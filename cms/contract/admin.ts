/**
 * The admin API (docs/back-office.md, prefix `cognito/admin`): generic records, uploads, the site's
 * settings, the audit log, a form's submissions, the dashboard and the media library. Pages are
 * `admin-pages.ts`; sold vouchers and orders `admin-sales.ts`.
 */
import { z } from "zod";

/** A record as the admin API writes it: snake_case, with its id; the rest is the model's own. */
export const recordSchema = z.object({ id: z.number() }).passthrough();
export type AdminRecord = z.infer<typeof recordSchema>;

/** One record (`{model}/{id}`, `create`, `update`, `enable`, `disable`, `addPhoto`, …). */
export const recordAnswerSchema = z.object({ data: recordSchema });
/** A page of a model's records. */
export const recordListAnswerSchema = z.object({
  data: z.array(recordSchema),
  num_items: z.number(),
  num_pages: z.number(),
  page: z.number(),
});
export type RecordList = z.infer<typeof recordListAnswerSchema>;
/** `{model}/delete`: the id of the record deleted. */
export const deletedAnswerSchema = z.object({ data: z.object({ id: z.number() }) });

/** `upload`: what the bytes turned out to be, and the key to attach it by. */
export const uploadAnswerSchema = z.object({
  data: z.object({
    kind: z.enum(["image", "file", "video"]),
    key: z.string(),
    uuid: z.string(),
    name: z.string(),
    image: z.object({ hash: z.string(), url: z.string() }).nullish(),
  }),
});
export type Upload = z.infer<typeof uploadAnswerSchema>["data"];

/** `domain` and `domain/update`: the site's settings (the Domain's `settings`). */
export const domainAnswerSchema = z.object({ data: z.object({ settings: z.record(z.unknown()) }).passthrough() });

const person = z.object({ id: z.number(), name: z.string() }).nullish();

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  user: person,
  model: z.string(),
  record_id: z.union([z.number(), z.string()]).nullish(),
  action: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `audit`: a page of the audit log, newest first. */
export const auditAnswerSchema = z.object({
  data: z.array(auditEntrySchema),
  num_pages: z.number().default(1),
  page: z.number().default(1),
});

export const submissionSchema = z
  .object({
    id: z.number(),
    created_at: z.string().nullish(),
    form_id: z.number().nullish(),
    form: z.object({ id: z.number(), name: z.string() }).nullish(),
    status: z.string().nullish(),
    answers: z.unknown().optional(),
  })
  .passthrough();
export type FormSubmissionRecord = z.infer<typeof submissionSchema>;

/** `form/{id}/submissions`: a page of a form's submissions, newest first. */
export const submissionsAnswerSchema = z.object({
  data: z.array(submissionSchema),
  num_pages: z.number().default(1),
  page: z.number().default(1),
});

/** `dashboard`: what the back-office's first screen sums up. */
export const dashboardAnswerSchema = z.object({
  data: z.object({
    submissions: z.array(submissionSchema).default([]),
    vouchers_this_month: z.object({ count: z.number(), cents: z.number() }).default({ count: 0, cents: 0 }),
    orders_to_fulfil: z.number().nullish(),
    scheduled: z
      .array(z.object({ page_id: z.number(), name: z.string(), publish_at: z.string().nullable() }))
      .default([]),
    audit: z.array(auditEntrySchema).default([]),
  }),
});
export type Dashboard = z.infer<typeof dashboardAnswerSchema>["data"];

/** `image`: the media library's images, newest first. */
export const imageListAnswerSchema = z.object({
  data: z.array(
    z.object({
      hash: z.string(),
      name: z.string().optional(),
      width: z.number(),
      height: z.number(),
      created_at: z.string(),
      url: z.string(),
    }),
  ),
  num_items: z.number(),
  num_pages: z.number(),
  page: z.number(),
});
export type MediaImage = z.infer<typeof imageListAnswerSchema>["data"][number];
