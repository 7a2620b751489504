import { useTranslation } from "react-i18next";

/**
 * The small, polite notice of a page rendered while the CMS could not be reached (root loader's
 * `linkDown`, decision 066): parts of it may be stale or seeded copies. Rendered on the server,
 * so it shows without JavaScript; the next page rendered with the CMS answering has none.
 */
export function LinkStateNotice() {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      className="mx-auto mt-2 w-fit max-w-6xl rounded-md border border-amber-600/40 bg-amber-50 px-3 py-1 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      {t("linkState.outOfDate")}
    </p>
  );
}
