import { useTranslation } from "react-i18next";

/**
 * The product view's dialog, empty and closed: the `product-view` enhancer fills it with the
 * details of the product a card opens (taken from that product's own page) and shows it. Without
 * JavaScript it never opens, and a card is a link to the product's page.
 */
export function ProductDialog() {
  const { t } = useTranslation();
  return (
    <dialog
      data-product-dialog
      className="m-auto max-h-[min(92dvh,760px)] w-[min(96vw,960px)] overflow-auto overscroll-contain rounded-lg bg-white p-0 text-stone-900 shadow-xl backdrop:bg-black/60 dark:bg-stone-900 dark:text-stone-100"
    >
      <div className="p-4 sm:p-6">
        <form method="dialog" className="flex justify-end">
          <button
            type="submit"
            className="inline-flex size-11 items-center justify-center rounded text-lg hover:bg-stone-100 dark:hover:bg-stone-800"
            aria-label={t("catalogue.close")}
          >
            ✕
          </button>
        </form>
        <div data-product-dialog-body />
      </div>
    </dialog>
  );
}
