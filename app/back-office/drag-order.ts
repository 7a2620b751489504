import { useSubmit } from "@remix-run/react";
import type { DragEvent } from "react";

/** The parent part of an item path (`r0.b1` of `r0.b1.w2`) and the item's place in it. */
export function siblingPlace(path: string): { parent: string; index: number } | null {
  const m = /^(.*?)([rbwp])(\d+)$/.exec(path);
  if (!m) return null;
  return { parent: `${m[1]}${m[2]}`, index: Number(m[3]) };
}

const TYPE = "application/x-dovetail-outline";

/**
 * Drag and drop in the outline (JavaScript only): an item dropped on a sibling takes its place,
 * posted as the editor's `place` intent, the same action the buttons use. Without JavaScript the
 * handlers never run and the up and down buttons do the same work.
 */
export function useDragOrder(csrf: string) {
  const submit = useSubmit();
  return (path: string) => ({
    draggable: true,
    onDragStart: (e: DragEvent) => {
      e.stopPropagation();
      e.dataTransfer.setData(TYPE, path);
      e.dataTransfer.effectAllowed = "move";
    },
    onDragOver: (e: DragEvent) => {
      if (e.dataTransfer.types.includes(TYPE)) e.preventDefault();
    },
    onDrop: (e: DragEvent) => {
      const from = e.dataTransfer.getData(TYPE);
      const a = siblingPlace(from);
      const b = siblingPlace(path);
      if (!a || !b || a.parent !== b.parent || a.index === b.index) return;
      e.preventDefault();
      e.stopPropagation();
      submit({ csrf, intent: "place", path: from, to: String(b.index) }, { method: "post" });
    },
  });
}
