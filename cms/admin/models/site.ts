/** Definitions of the site's models: links, redirects, documents, forms and users. */
import { z } from "zod";

import { ApiError } from "../../accounts/errors";
import { files, forms, links, redirects, users } from "../../db/schema";
import { apiPaths } from "../../events";
import type { ModelDef } from "../registry";
import { longText, required, sortOrder, text } from "./fields";

const sitePath = required(1000).regex(/^\/\S*$/, "must be a path starting with /");

export const link: ModelDef = {
  name: "link",
  table: links,
  create: z
    .object({
      parent: required(40),
      name: required(),
      link: required(2000),
      icon: text(100).default(""),
      sort_order: sortOrder.default(0),
    })
    .strict(),
  search: ["name", "link", "parent"],
  sort: ["sort_order", "id", "parent", "name"],
  paths: () => [apiPaths.initialData, "/api/v1/cognito/link"],
};

export const redirect: ModelDef = {
  name: "redirect",
  table: redirects,
  create: z.object({ from_path: sitePath, to_path: sitePath }).strict(),
  search: ["from_path", "to_path"],
  sort: ["from_path", "id", "to_path"],
  paths: () => [apiPaths.initialData],
};

export const file: ModelDef = {
  name: "file",
  table: files,
  creatable: false,
  create: z.object({ name: required(300) }).strict(),
  search: ["name"],
  sort: ["id", "name", "size", "created_at"],
  omit: ["bytes"],
  paths: (record) => [`/api/v1/cognito/default/file/${String(record.id)}`],
};

/** A question of a form (spec section 3): free JSON with a type and a name. */
const question = z
  .object({ field_type: text(40).optional(), type: text(40).optional(), name: text(200).optional() })
  .passthrough();

export const form: ModelDef = {
  name: "form",
  table: forms,
  create: z
    .object({
      name: required(),
      url: required(200).regex(/^[a-z0-9-]+$/, "must be lower-case letters, digits and dashes"),
      use_captcha: z.boolean().default(false),
      must_be_logged_on: z.boolean().default(false),
      cost_cents: z.number().int().min(0).max(100_000_000).default(0),
      questions: z.array(question).max(200).default([]),
      data: z.array(z.record(z.unknown())).max(200).default([]),
      notify_email: z.union([z.literal(""), z.string().email().max(320)]).default(""),
      thank_you: longText(20_000).default(""),
    })
    .strict(),
  search: ["name", "url"],
  sort: ["id", "name", "url", "updated_at"],
  html: ["thank_you"],
  paths: () => ["/api/v1/cognito/form", "/api/v1/cognito/form/", apiPaths.pageList, "/api/v1/cognito/page/"],
  // A change of the questions makes a new version, so a submission names what it answered.
  async prepare(_ctx, values, input, before) {
    if (before && input.questions !== undefined) values.version = (before.version as number) + 1;
  },
};

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (YYYY-MM-DD)")
  .nullable();

const userFields = {
  email: z.string().trim().toLowerCase().email().max(320),
  first_name: text(200).default(""),
  last_name: text(200).default(""),
  is_admin: z.boolean().default(false),
  mobile_phone: text(40).default(""),
  date_of_birth: isoDate.optional(),
  company_name: text(200).default(""),
  company_phone: text(40).default(""),
  trading_name: text(200).default(""),
  abn: text(40).nullable().optional(),
  website: text(500).nullable().optional(),
  facebook_link: text(500).nullable().optional(),
  drivers_licence_number: text(40).default(""),
  drivers_licence_expiry: isoDate.optional(),
  emergency_contact_name: text(200).default(""),
  emergency_contact_phone: text(40).default(""),
  club_additional_member: text(200).default(""),
  language: text(10).default("en"),
};

export const user: ModelDef = {
  name: "user",
  table: users,
  create: z.object(userFields).strict(),
  search: ["email", "first_name", "last_name"],
  sort: ["id", "email", "first_name", "last_name", "created_at"],
  omit: ["password_hash"],
  images: ["image_hash"],
  paths: () => [],
  // An admin cannot take away their own access: someone must be left to give it back.
  async prepare(ctx, values, _input, before) {
    if (before && before.id === ctx.userId && values.isAdmin === false) {
      throw new ApiError(409, "You cannot remove your own admin access");
    }
  },
  async beforeDelete(ctx, row) {
    if (row.id === ctx.userId) throw new ApiError(409, "You cannot delete yourself");
  },
};
