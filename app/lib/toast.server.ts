import { type Toast, toastSchema } from "./session.server";
import type { Visitor } from "./visitor.server";

/**
 * The message an action left for this page (`redirectWithToast`), read once: reading a flash
 * removes it, so the answer must carry the session's new cookie. When nothing else is left in
 * the session the cookie is ended, so an anonymous visitor's later pages stay shareable.
 */
export async function takeToast(visitor: Visitor): Promise<{ toast: Toast | null; setCookie: string | null }> {
  if (!visitor.session.has("toast")) return { toast: null, setCookie: null };
  const parsed = toastSchema.safeParse(visitor.session.get("toast"));
  const empty = Object.keys(visitor.session.data).length === 0;
  const setCookie = empty ? await visitor.destroySession() : await visitor.commitSession();
  return { toast: parsed.success ? parsed.data : null, setCookie };
}
