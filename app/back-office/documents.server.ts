import { parseWithZod } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";

import { readProtectedForm } from "~/lib/csrf.server";
import { invalid, redirectWithToast } from "~/lib/forms.server";

import { done, replyWith } from "./records.server";
import { adminErrors, adminReply, deleteRecord, uploadFile } from "./records-api.server";

/** The CMS takes a PDF of at most 20 MB; a larger one is refused here before it is sent. */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
const BACK = "/cms/records/documents";

const uploadSchema = z.object({
  intent: z.literal("upload"),
  document: z
    .instanceof(File, { message: "documents.chooseFile" })
    .refine((f) => f.size > 0, { message: "documents.chooseFile" }),
});
const deleteSchema = z.object({ intent: z.literal("delete"), id: z.number().int().positive() });

/**
 * The documents screen's posts: `upload` a PDF (multipart; the CMS tells the kind from the bytes,
 * and its refusal shows beside the file field), `delete` one (after its confirmation).
 */
export async function runDocumentAction(request: Request, context: AppLoadContext) {
  const visitor = await context.visitor();
  const formData = await readProtectedForm(request, visitor.session);
  const t = visitor.transport;
  if (formData.get("intent") === "delete") {
    const submission = parseWithZod(formData, { schema: deleteSchema });
    if (submission.status !== "success") return invalid(submission.reply());
    try {
      await deleteRecord(t, "file", submission.value.id);
    } catch (error) {
      const refused = adminErrors(error, []);
      if (!refused) throw error;
      return redirectWithToast(visitor, BACK, { kind: "error", message: refused.formErrors.join(" ") });
    }
    return done(visitor, BACK, "records.deleted");
  }
  const submission = parseWithZod(formData, { schema: uploadSchema });
  if (submission.status !== "success") return invalid(submission.reply({ hideFields: ["document"] }));
  const beside = (messages: string[], status: number) =>
    replyWith(submission.reply({ fieldErrors: { document: messages }, hideFields: ["document"] }), status);
  if (submission.value.document.size > MAX_DOCUMENT_BYTES) return beside(["documents.tooLarge"], 413);
  try {
    const upload = await uploadFile(t, submission.value.document);
    // An image or a video is stored by the CMS as such, not as a document: say so.
    if (upload.kind !== "file") return beside(["documents.notPdf"], 415);
  } catch (error) {
    const { reply, status } = adminReply(submission, error, ["document"]);
    // Whatever the CMS said about the file goes beside the file field.
    return beside(
      [...(reply.error?.[""] ?? []), ...(reply.error?.document ?? []), ...(reply.error?.file ?? [])],
      status,
    );
  }
  return done(visitor, BACK, "documents.uploaded");
}
