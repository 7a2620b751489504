import { parseWithZod } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";
import { data } from "@remix-run/node";
import { z } from "zod";

import { imageListAnswerSchema } from "@contract/admin";
import type { Transport } from "~/lib/api/transport.server";
import { ensureCsrfToken, readProtectedForm } from "~/lib/csrf.server";
import { cacheControl } from "~/shared/cache-control";

import { requireBackOffice } from "./access.server";
import { MAX_PHOTO_BYTES } from "./record-actions.server";
import { done, replyWith } from "./records.server";
import { ADMIN, adminReply, uploadFile } from "./records-api.server";

export const listImages = (t: Transport, body: { q?: string; page?: number; page_size?: number }) =>
  t.post(`${ADMIN}/image`, imageListAnswerSchema, body);

const uploadSchema = z.object({
  file: z.instanceof(File, { message: "records.errors.photoMissing" }).refine((f) => f.size > 0, {
    message: "records.errors.photoMissing",
  }),
});

/** `/cms/media`: the library's images, newest first, a page at a time (`?page=`). */
export async function mediaLoader(request: Request, context: AppLoadContext) {
  const { visitor } = await requireBackOffice(request, context);
  const page = Math.max(1, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1);
  const images = await listImages(visitor.transport, { page, page_size: 24 });
  return data(
    { images, csrf: ensureCsrfToken(visitor.session) },
    { headers: { "Cache-Control": cacheControl.private } },
  );
}

/** Uploads an image through the CMS's `/admin/upload`; a refused file's message goes beside the field. */
export async function mediaAction(request: Request, context: AppLoadContext) {
  const { visitor } = await requireBackOffice(request, context);
  const form = await readProtectedForm(request, visitor.session);
  const submission = parseWithZod(form, { schema: uploadSchema });
  if (submission.status !== "success") return replyWith(submission.reply({ hideFields: ["file"] }), 400);
  const refuse = (key: string, status: number) =>
    replyWith(submission.reply({ fieldErrors: { file: [key] }, hideFields: ["file"] }), status);
  if (submission.value.file.size > MAX_PHOTO_BYTES) return refuse("records.errors.photoTooLarge", 413);
  try {
    const upload = await uploadFile(visitor.transport, submission.value.file);
    // Documents and videos are stored, but the library holds images: say so beside the field.
    if (upload.kind !== "image") return refuse("records.errors.photoType", 415);
  } catch (error) {
    const { reply, status } = adminReply(submission, error, ["file"]);
    const messages = [...(reply.error?.[""] ?? []), ...(reply.error?.file ?? [])];
    return replyWith(submission.reply({ fieldErrors: { file: messages }, hideFields: ["file"] }), status);
  }
  return done(visitor, "/cms/media", "media.uploaded");
}
