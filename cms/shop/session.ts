/** The cart's key as calls send it (`session`): absent or "" is none; else 43 base64url characters. */
import { z } from "zod";

export const sessionField = z
  .union([z.string().trim(), z.null()])
  .optional()
  .transform((v) => v || null)
  .refine((v) => v === null || /^[A-Za-z0-9_-]{43}$/.test(v), "must be a cart key");
