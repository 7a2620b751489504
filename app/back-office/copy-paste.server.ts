import { randomUUID } from "node:crypto";

import type { Doc } from "@contract/admin-pages";
import type { Visitor } from "~/lib/visitor.server";

import { blockById, cloneBlock, parsePath, pasteBlock } from "./outline";
import { type pagesApi, workingDoc } from "./pages-api.server";

/**
 * Copy and paste of a block across pages (decision 088): copying keeps only a reference in the
 * session, `{ pageId, blockId }`; pasting reads that page's working document then, clones the
 * block with new ids and adds it as a new row. Both are plain posts, so no JavaScript is needed.
 */
export function copyBlock(visitor: Visitor, pageId: number, doc: Doc, path: string): boolean {
  const at = parsePath(path);
  if (at?.kind !== "block") return false;
  const block = doc.rows[at.row]?.blocks[at.block];
  if (!block) return false;
  visitor.session.set("copiedBlock", { pageId, blockId: block.id });
  return true;
}

/** The document with the copied block pasted, and the new block's path; null with nothing to paste. */
export async function pastedDoc(
  visitor: Visitor,
  api: ReturnType<typeof pagesApi>,
  pageId: number,
  doc: Doc,
): Promise<{ doc: Doc; select: string } | null> {
  const copied = visitor.session.get("copiedBlock");
  if (!copied) return null;
  let source = doc;
  if (copied.pageId !== pageId) {
    // The source page may be gone since: then there is nothing to paste.
    const page = await api.get(copied.pageId).catch(() => null);
    if (!page) return null;
    source = workingDoc(page);
  }
  const block = blockById(source, copied.blockId);
  if (!block) return null;
  const pasted = pasteBlock(doc, cloneBlock(block, randomUUID));
  return { doc: pasted, select: `r${pasted.rows.length - 1}.b0` };
}

/** Whether the session holds a block to paste (the editor then offers the button). */
export const hasCopiedBlock = (visitor: Visitor) => Boolean(visitor.session.get("copiedBlock"));
