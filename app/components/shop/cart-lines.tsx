import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { formatMoney } from "@contract/formats";
import type { CartItem } from "@contract/shop";
import { CsrfInput } from "~/components/member/csrf-input";
import { ErrorText, inputClass, secondaryButtonClass } from "~/components/member/form-field";

import { useFetcherReply } from "./fetcher-reply";
import type { ShopReply } from "./shop-field";
import { errorsOf, kept } from "./shop-field";

/**
 * One line of the cart: the product, its add-ons, the price of one, and its own forms (a fetcher
 * each, so with JavaScript the quantity shows at once and a removed line goes before the answer;
 * without, they are plain posts to /cart).
 */
function CartLine({ item, csrf, refused }: { item: CartItem; csrf: string; refused: ShopReply | null }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ShopReply>();
  const fresh = useFetcherReply(fetcher);
  const pending = fetcher.formData;
  if (pending?.get("intent") === "remove") return null;
  const reply = fresh?.id === item.id ? fresh : refused?.id === item.id ? refused : null;
  const optimistic = pending?.get("intent") === "update" ? Number(pending.get("qty")) : null;
  const qty = optimistic !== null && Number.isInteger(optimistic) && optimistic > 0 ? optimistic : item.qty;
  const name = item.product_name || item.name;
  const inputId = `qty-${item.id}`;
  const errors = reply?.intent === "update" ? errorsOf(reply, "qty") : undefined;
  const formErrors = reply ? errorsOf(reply, "") : undefined;
  return (
    <li
      data-cart-line
      className="grid gap-2 border-b border-stone-200 py-4 sm:grid-cols-[1fr_auto] dark:border-stone-700"
    >
      <div>
        <a href={item.url || "/catalogue"} className="font-semibold">
          {name}
        </a>
        {item.name && item.name !== name ? <span className="ml-2 text-sm">{item.name}</span> : null}
        {item.addons.length ? (
          <ul className="mt-1 text-sm text-stone-600 dark:text-stone-400">
            {item.addons.map((a) => (
              <li key={a.id}>{t("shop.addonLabel", { name: a.name, price: formatMoney(a.price) })}</li>
            ))}
          </ul>
        ) : null}
        <p className="mt-1 text-sm">
          {t("shop.unitPrice", { price: formatMoney(item.price) })} ·{" "}
          {t("shop.lineTotal", { qty, total: formatMoney(item.price * qty) })}
        </p>
        <ErrorText id={`line-${item.id}-error`} errors={formErrors} />
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <fetcher.Form method="post" action="/cart" noValidate className="flex items-end gap-2">
          <CsrfInput value={csrf} />
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={item.id} />
          <div>
            <label htmlFor={inputId} className="block text-sm font-medium">
              {t("shop.quantityFor", { name })}
            </label>
            <input
              id={inputId}
              name="qty"
              type="number"
              inputMode="numeric"
              min={1}
              max={Math.max(1, Math.min(99, item.can_purchase_qty || 99))}
              step={1}
              required
              defaultValue={errors ? kept(reply, "qty", String(item.qty)) : item.qty}
              key={errors ? "refused" : item.qty}
              aria-invalid={errors ? true : undefined}
              aria-describedby={errors ? `${inputId}-error` : undefined}
              className={`${inputClass} w-24`}
            />
          </div>
          <button type="submit" className={secondaryButtonClass}>
            {t("shop.update")}
          </button>
        </fetcher.Form>
        <fetcher.Form method="post" action="/cart" noValidate>
          <CsrfInput value={csrf} />
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="id" value={item.id} />
          <button type="submit" className={secondaryButtonClass}>
            {t("shop.remove")}
          </button>
        </fetcher.Form>
        <div className="basis-full">
          <ErrorText id={`${inputId}-error`} errors={errors} />
        </div>
      </div>
    </li>
  );
}

export function CartLines({ items, csrf, refused }: { items: CartItem[]; csrf: string; refused: ShopReply | null }) {
  return (
    <ul className="border-t border-stone-200 dark:border-stone-700">
      {items.map((item) => (
        <CartLine key={item.id} item={item} csrf={csrf} refused={refused} />
      ))}
    </ul>
  );
}
