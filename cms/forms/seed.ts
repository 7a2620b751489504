/** The forms area's seeds: `forms.json` (optional), inserted with their own ids. */
import { sql } from "drizzle-orm";
import { z } from "zod";

import type { Db } from "../db/client";
import { forms } from "../db/schema";

export const formSeedsSchema = z
  .array(
    z.object({
      id: z.number().int().positive(),
      name: z.string().min(1),
      url: z.string().min(1),
      use_captcha: z.boolean().default(false),
      must_be_logged_on: z.boolean().default(false),
      /** Dollars. */
      cost: z.number().nonnegative().default(0),
      notify_email: z.string().default(""),
      thank_you: z.string().default(""),
      questions: z.array(z.record(z.unknown())).default([]),
      data: z.array(z.record(z.unknown())).default([]),
    }),
  )
  .default([]);

type FormSeed = z.infer<typeof formSeedsSchema>[number];

/** Inserts the forms with the ids the pages refer to, then moves the id sequence past them. */
export async function seedForms(db: Db, seeds: FormSeed[]) {
  if (seeds.length === 0) return;
  await db.insert(forms).values(
    seeds.map((f) => ({
      id: f.id,
      name: f.name,
      url: f.url,
      useCaptcha: f.use_captcha,
      mustBeLoggedOn: f.must_be_logged_on,
      costCents: Math.round(f.cost * 100),
      notifyEmail: f.notify_email,
      thankYou: f.thank_you,
      questions: f.questions,
      data: f.data,
    })),
  );
  await db.execute(sql`select setval(pg_get_serial_sequence('forms', 'id'), (select max(id) from forms))`);
}
