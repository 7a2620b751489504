import { parseWithZod } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";

import { readProtectedForm } from "~/lib/csrf.server";
import { invalid, redirectWithToast } from "~/lib/forms.server";
import type { Visitor } from "~/lib/visitor.server";

import { modelSchema, type ModelSpec } from "./models";
import { done, replyWith } from "./records.server";
import {
  addPhoto,
  adminErrors,
  adminReply,
  createRecord,
  deleteRecord,
  getRecord,
  orderGallery,
  updateRecord,
  uploadFile,
} from "./records-api.server";

/** The CMS takes an image of at most 10 MB; a larger one is refused here before it is sent. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

const photoSchema = z.object({
  photo: z.instanceof(File, { message: "records.errors.photoMissing" }).refine((f) => f.size > 0, {
    message: "records.errors.photoMissing",
  }),
});
const moveSchema = z.object({ photo_id: z.number().int(), direction: z.enum(["up", "down"]) });

/** The photos of a product or gallery as the API writes them: each an image `{ hash, url }`, with an id when it has one. */
export function photosOf(record: Record<string, unknown>) {
  const list = Array.isArray(record.photos) ? record.photos : Array.isArray(record.slides) ? record.slides : [];
  return list.flatMap((p: unknown) => {
    if (!p || typeof p !== "object") return [];
    const o = p as Record<string, unknown>;
    const image = (o.image && typeof o.image === "object" ? o.image : o) as Record<string, unknown>;
    const url = typeof image.url === "string" ? image.url : null;
    if (!url) return [];
    return [{ id: typeof o.id === "number" ? o.id : null, url, hash: String(image.hash ?? "") }];
  });
}

/** A record's new or changed fields; a new record goes on to its own page. */
type Question = Record<string, unknown>;

/**
 * The form's rows edit a question's label, name, type and required; what else a question has
 * (options, placeholder, content, min and max) is kept from the form as it is, matched by name
 * (a display row, which has none, by its place).
 */
export function mergeQuestions(current: unknown, edited: Question[]): Question[] {
  const before = (Array.isArray(current) ? current : []).filter((q): q is Question => !!q && typeof q === "object");
  return edited.map((row, i) => {
    const byName = row.name ? before.find((q) => q.name === row.name) : undefined;
    const same = byName ?? (!row.name && !before[i]?.name ? before[i] : undefined);
    return { ...(same ?? {}), ...row };
  });
}

async function keepQuestionDetails(visitor: Visitor, id: number, value: Record<string, unknown>) {
  if (!Array.isArray(value.questions)) return value;
  const current = await getRecord(visitor.transport, "form", id);
  return { ...value, questions: mergeQuestions(current.questions, value.questions as Question[]) };
}

async function saveRecord(visitor: Visitor, formData: FormData, spec: ModelSpec, id: number | null) {
  const submission = parseWithZod(formData, { schema: modelSchema(spec, id === null) });
  if (submission.status !== "success") return invalid(submission.reply());
  try {
    if (id === null) {
      const created = await createRecord(visitor.transport, spec.name, submission.value);
      return await done(visitor, `/cms/records/${spec.name}/${created.id}`, "records.created");
    }
    const value = spec.name === "form" ? await keepQuestionDetails(visitor, id, submission.value) : submission.value;
    await updateRecord(visitor.transport, spec.name, id, value);
    return await done(visitor, `/cms/records/${spec.name}/${id}`, "records.saved");
  } catch (error) {
    const { reply, status } = adminReply(
      submission,
      error,
      spec.fields.map((f) => f.name),
    );
    return replyWith(reply, status);
  }
}

/**
 * A record page's posts (`intent`): save its fields (a new record: create it), delete it (after
 * its confirmation), add a photo (multipart), move a gallery's photo.
 */
export async function runRecordAction(request: Request, context: AppLoadContext, spec: ModelSpec, id: number | null) {
  const visitor = await context.visitor();
  const formData = await readProtectedForm(request, visitor.session);
  const intent = formData.get("intent");
  if (intent === "save" || id === null) return saveRecord(visitor, formData, spec, id);
  const t = visitor.transport;
  if (intent === "delete") {
    try {
      await deleteRecord(t, spec.name, id);
    } catch (error) {
      // A record still in use (a category with products) stays: the CMS says why, on its page.
      const refused = adminErrors(error, []);
      if (!refused) throw error;
      const message = refused.formErrors.join(" ");
      return redirectWithToast(visitor, `/cms/records/${spec.name}/${id}`, { kind: "error", message });
    }
    return done(visitor, `/cms/records/${spec.name}`, "records.deleted");
  }
  if (intent === "photo" && spec.photos) {
    const submission = parseWithZod(formData, { schema: photoSchema });
    if (submission.status !== "success") return invalid(submission.reply({ hideFields: ["photo"] }));
    if (submission.value.photo.size > MAX_PHOTO_BYTES) {
      return replyWith(
        submission.reply({ fieldErrors: { photo: ["records.errors.photoTooLarge"] }, hideFields: ["photo"] }),
        413,
      );
    }
    try {
      const upload = await uploadFile(t, submission.value.photo);
      if (upload.kind !== "image") {
        return replyWith(
          submission.reply({ fieldErrors: { photo: ["records.errors.photoType"] }, hideFields: ["photo"] }),
          415,
        );
      }
      await addPhoto(t, spec.name, id, upload);
    } catch (error) {
      const { reply, status } = adminReply(submission, error, ["photo"]);
      // Whatever the CMS said about the file goes beside the file field.
      const messages = [...(reply.error?.[""] ?? []), ...(reply.error?.photo ?? [])];
      return replyWith(submission.reply({ fieldErrors: { photo: messages }, hideFields: ["photo"] }), status);
    }
    return done(visitor, `/cms/records/${spec.name}/${id}`, "records.photoAdded");
  }
  if (intent === "photo-move" && spec.name === "gallery") {
    const submission = parseWithZod(formData, { schema: moveSchema });
    if (submission.status !== "success") return invalid(submission.reply());
    const ids = photosOf(await getRecord(t, spec.name, id)).flatMap((p) => (p.id === null ? [] : [p.id]));
    const from = ids.indexOf(submission.value.photo_id);
    const to = from + (submission.value.direction === "up" ? -1 : 1);
    if (from >= 0 && to >= 0 && to < ids.length) {
      [ids[from], ids[to]] = [ids[to], ids[from]];
      await orderGallery(t, id, ids);
    }
    return done(visitor, `/cms/records/${spec.name}/${id}`, "records.saved");
  }
  throw new Response("Bad Request", { status: 400 });
}
