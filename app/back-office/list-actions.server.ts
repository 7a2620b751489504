import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";

import { invalid, readSubmission } from "~/lib/forms.server";

import type { ModelSpec } from "./models";
import { done, replyWith } from "./records.server";
import { adminReply, moveGroup, setRecordEnabled } from "./records-api.server";

const id = z.number().int().positive();
export const listActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("enable"), id }),
  z.object({ intent: z.literal("disable"), id }),
  z.object({
    intent: z.literal("move"),
    id,
    parent_id: z.number().int().positive().nullish(),
    position: z.number({ required_error: "records.errors.required" }).int().min(0, "records.errors.number"),
  }),
]);

/** A list's buttons: enable or disable a record, or move a group. Back to the list as it was. */
export async function runListAction(request: Request, context: AppLoadContext, spec: ModelSpec) {
  const { visitor, submission } = await readSubmission(request, context, listActionSchema);
  if (submission.status !== "success") return invalid(submission.reply());
  const value = submission.value;
  const back = `${new URL(request.url).pathname}${new URL(request.url).search}`;
  try {
    if (value.intent === "move") {
      if (spec.name !== "group") throw new Response("Not Found", { status: 404 });
      await moveGroup(visitor.transport, value.id, value.parent_id ?? null, value.position);
      return await done(visitor, back, "records.moved");
    }
    if (!spec.enabled) throw new Response("Not Found", { status: 404 });
    await setRecordEnabled(visitor.transport, spec.name, value.id, value.intent === "enable");
    return await done(visitor, back, value.intent === "enable" ? "records.enabled" : "records.disabled");
  } catch (error) {
    if (error instanceof Response) throw error;
    const { reply, status } = adminReply(submission, error, ["parent_id", "position"]);
    return replyWith(reply, status);
  }
}
