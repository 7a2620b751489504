import { type Toast, toastSchema } from "./session.server";
import type { Visitor } from "./visitor.server";

/**
 * The message an action left for this page (`redirectWithToast`), read once: reading a flash
 * removes it from the session, and the answer's session cookie (written by entry.server from the
 * session's final state) no longer has it; when nothing else is left, the cookie ends, so an
 * anonymous visitor's later pages stay shareable.
 */
export function takeToast(visitor: Visitor): Toast | null {
  if (!visitor.session.has("toast")) return null;
  const parsed = toastSchema.safeParse(visitor.session.get("toast"));
  return parsed.success ? parsed.data : null;
}
