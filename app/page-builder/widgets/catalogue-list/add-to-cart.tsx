import { useTranslation } from "react-i18next";

import { formatMoney } from "@contract/formats";
import type { Sku } from "@contract/shop";
import { CsrfInput } from "~/components/member/csrf-input";
import { buttonClass, inputClass } from "~/components/member/form-field";

/** What a product's page needs to sell it, when the shop is open (docs/shop.md). */
export interface ProductShop {
  skus: Sku[];
  csrf: string;
  /** The product's own page, where the form comes back to. */
  back: string;
  /** A refused add of one of its SKUs: the typed quantity and the error, shown next to the field. */
  refused?: { sku: string; qty: string; error: string } | null;
}

/**
 * "Add to cart": a plain form posting to /cart (intent=add), so it works without JavaScript and
 * in the product view's dialog (which shows this page's `[data-product-details]`). One form per
 * SKU in stock: its code when there are several, the quantity (1 up to what may be bought) and
 * each add-on as a checkbox. A SKU out of stock says so and has no button.
 */
export function AddToCart({ shop, productId }: { shop: ProductShop; productId: number }) {
  const { t } = useTranslation();
  if (shop.skus.length === 0) return null;
  const several = shop.skus.length > 1;
  return (
    <div className="mt-6 grid gap-4" data-add-to-cart>
      {shop.skus.map((sku) => {
        const id = `p${productId}-sku${sku.id}`;
        const max = Math.min(99, sku.can_purchase_qty);
        const refused = shop.refused?.sku === String(sku.id) ? shop.refused : null;
        return (
          <form
            key={sku.id}
            method="post"
            action="/cart"
            noValidate
            className="grid gap-2 rounded-md border border-stone-200 p-4 dark:border-stone-700"
          >
            {several ? (
              <p className="font-semibold">
                {sku.name || sku.code} · {formatMoney(sku.price)}
              </p>
            ) : null}
            {max < 1 ? (
              <p className="font-medium text-red-700 dark:text-red-300">{t("shop.outOfStock")}</p>
            ) : (
              <>
                <CsrfInput value={shop.csrf} />
                <input type="hidden" name="intent" value="add" />
                <input type="hidden" name="sku" value={sku.id} />
                <input type="hidden" name="back" value={shop.back} />
                <div>
                  <label htmlFor={`${id}-qty`} className="block font-medium">
                    {t("shop.quantity")}
                  </label>
                  <input
                    id={`${id}-qty`}
                    name="qty"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={max}
                    step={1}
                    defaultValue={refused ? refused.qty : 1}
                    required
                    aria-invalid={refused ? true : undefined}
                    aria-describedby={refused ? `${id}-qty-error` : undefined}
                    className={`${inputClass} w-24`}
                  />
                  {refused ? (
                    <p id={`${id}-qty-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
                      {refused.error}
                    </p>
                  ) : null}
                </div>
                {sku.addons.map((addon) => (
                  <label key={addon.id} className="flex min-h-11 items-center gap-2">
                    <input type="checkbox" name="addons" value={addon.id} />
                    {t("shop.addonLabel", { name: addon.name, price: formatMoney(addon.price) })}
                  </label>
                ))}
                <p>
                  <button type="submit" className={buttonClass}>
                    {t("shop.addToCart")}
                  </button>
                </p>
              </>
            )}
          </form>
        );
      })}
    </div>
  );
}
