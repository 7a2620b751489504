/** Zod schemas of the admin bodies' common fields, and the cached paths content models make stale. */
import { z } from "zod";

import { apiPaths } from "../../events";
import { idSchema, safeText } from "../../lib/params";

export const text = (max = 500) => safeText(max);
/** Free text that may hold line breaks (HTML, descriptions). */
export const longText = (max = 200_000) => z.string().max(max);
export const required = (max = 500) => safeText(max).trim().min(1, "is required");
export const sortOrder = z.number().int().min(-1_000_000).max(1_000_000);
export const id = idSchema;
export const imageHash = z
  .string()
  .regex(/^[0-9a-f]{32}$/, "must be an image's hash")
  .nullable();
/** A `#rgb`/`#rrggbb` colour, a palette name or null. */
export const colour = safeText(40).nullable();

/** A content model's list and records, and every page (widgets show them). */
export const contentPaths = (model: string) => [
  `/api/v1/cognito/${model}`,
  `/api/v1/cognito/${model}/`,
  apiPaths.pageList,
  "/api/v1/cognito/page/",
];
