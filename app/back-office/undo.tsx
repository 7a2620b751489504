import { useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";

import { quietButtonClass } from "./field-form";
import { useBackOfficeText } from "./text";

const noSubscription = () => () => {};

interface History {
  docs: string[];
  at: number;
  /** An undo or redo was posted: the next document is the one asked for, not a new step. */
  pending: boolean;
  /** The document last seen from the loader. */
  seen: string;
}

/** The history after the loader hands a document: a new step, or the undo or redo arriving. */
export function nextHistory(h: History, doc: string): History {
  if (h.seen === doc) return h;
  if (h.pending) return { ...h, docs: h.docs.map((d, i) => (i === h.at ? doc : d)), pending: false, seen: doc };
  const docs = [...h.docs.slice(0, h.at + 1), doc];
  return { docs, at: docs.length - 1, pending: false, seen: doc };
}

/**
 * Undo and redo of the draft (JavaScript only): the editor remembers, in memory, each document
 * the draft has been while it is open, and Ctrl+Z (⌘Z) or Ctrl+Shift+Z posts the one before or
 * after back as the draft (the `replace` intent). Typing in a field keeps the browser's own undo.
 */
export function UndoRedo({ csrf, doc }: { csrf: string; doc: string }) {
  const t = useBackOfficeText();
  const submit = useSubmit();
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [history, setHistory] = useState<History>({ docs: [doc], at: 0, pending: false, seen: doc });
  // A new document from the loader: adjusted while rendering, React's pattern for derived state.
  const current = nextHistory(history, doc);
  if (current !== history) setHistory(current);

  const go = useCallback(
    (by: -1 | 1) => {
      const target = current.docs[current.at + by];
      if (target === undefined || current.pending) return;
      setHistory({ ...current, at: current.at + by, pending: true });
      submit({ csrf, intent: "replace", doc: target }, { method: "post" });
    },
    [csrf, current, submit],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== "z") return;
      const target = e.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable]")) return;
      e.preventDefault();
      go(e.shiftKey ? 1 : -1);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [go]);

  if (!hydrated) return null;
  return (
    <span className="inline-flex gap-1">
      <button type="button" className={quietButtonClass} disabled={current.at <= 0} onClick={() => go(-1)}>
        {t("editor.undo")}
      </button>
      <button
        type="button"
        className={quietButtonClass}
        disabled={current.at >= current.docs.length - 1}
        onClick={() => go(1)}
      >
        {t("editor.redo")}
      </button>
    </span>
  );
}
