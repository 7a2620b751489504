import { and, eq, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { groups } from "../db/schema";
import { notFound } from "../lib/http";
import { safeText } from "../lib/params";

/** The models whose records are grouped by Cognito groups. */
export type CognitoModel = "Testimonial" | "Person" | "Faq" | "Gallery" | "Slide";

const MAX_ID = 2_147_483_647;

/** A `group` parameter: a group id (number or digits) or slug; empty means none. */
export const groupParam = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z
    .union([z.number().int().min(1).max(MAX_ID), safeText(100).min(1)])
    .transform(String)
    .optional(),
);

/** The id of the Cognito group of `model` named by id or slug (an id wins over a slug that looks like one); null when none. */
export async function findGroupId(db: Db, model: CognitoModel, key: string): Promise<number | null> {
  const asId = /^\d{1,10}$/.test(key) && Number(key) <= MAX_ID ? Number(key) : null;
  const match: SQL = asId === null ? eq(groups.slug, key) : or(eq(groups.id, asId), eq(groups.slug, key))!;
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.namespace, "Cognito"), eq(groups.model, model), match));
  return (rows.find((r) => r.id === asId) ?? rows[0])?.id ?? null;
}

/** The group's id when `key` is given (a JSON 404 when no such group), else undefined. */
export async function requireGroupId(db: Db, model: CognitoModel, key: string | undefined): Promise<number | undefined> {
  if (key === undefined) return undefined;
  const id = await findGroupId(db, model, key);
  if (id === null) notFound("Group not found");
  return id;
}
