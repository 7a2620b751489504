import { useLocation } from "@remix-run/react";
import { useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";

import type { Toast } from "~/lib/session.server";

const tones: Record<Toast["kind"], string> = {
  success: "border-emerald-600 bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50",
  error: "border-red-600 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50",
  info: "border-sky-600 bg-sky-50 text-sky-950 dark:bg-sky-950 dark:text-sky-50",
};

const noSubscription = () => () => {};

/**
 * The message an action left for this page (root loader, `takeToast`). It is part of the HTML,
 * so a browser without JavaScript shows it too; the next page load no longer has it. With
 * JavaScript it can be dismissed, and it goes away on the next client-side navigation (the root
 * loader does not run again then, so its data would otherwise keep it on screen).
 */
export function ToastMessage({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [arrivedAt] = useState(location.key);
  const [dismissed, setDismissed] = useState(false);
  // False while rendering on the server and hydrating, true after: the button needs JavaScript.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (dismissed || location.key !== arrivedAt) return null;
  return (
    <div
      role={toast.kind === "error" ? "alert" : "status"}
      className={`mx-auto mt-4 flex max-w-6xl items-start justify-between gap-4 rounded-md border-s-4 px-4 py-3 shadow-sm ${tones[toast.kind]}`}
    >
      <p dir="auto">{toast.message}</p>
      {hydrated ? (
        <button
          type="button"
          onClick={() => setDismissed(true)}
          className="inline-flex min-h-6 min-w-6 shrink-0 items-center justify-center rounded px-2 text-xl leading-none hover:bg-black/10"
          aria-label={t("toast.dismiss")}
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </div>
  );
}
