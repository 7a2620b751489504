import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { buttonClass } from "~/components/member/form-field";
import {
  PromoForm,
  QUOTE_FETCHER,
  QuoteForm,
  RequestQuoteForm,
  SHIPPING_FETCHER,
  ShippingOptions,
} from "~/components/shop/cart-forms";
import { CartLines } from "~/components/shop/cart-lines";
import { CartTotals } from "~/components/shop/cart-totals";
import type { ShopReply } from "~/components/shop/shop-field";
import { withRootMeta } from "~/lib/meta";
import { cartAction, type QuoteAnswer, type ShippingAnswer } from "~/lib/shop/cart-action.server";
import { loadCartPage } from "~/lib/shop/cart-page.server";
import { orUnavailable } from "~/lib/unavailable.server";
import { cacheControl } from "~/shared/cache-control";

export const meta: MetaFunction = ({ matches }) => withRootMeta(matches, [{ name: "robots", content: "noindex" }]);

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders, errorHeaders }) =>
  errorHeaders ?? (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

/** The cart's forms send with fetchers and show quantities before the answer: the Remix runtime. */
export const handle = { browser: true };

/** /cart (docs/shop.md): the visitor's cart, priced by the CMS; the shop's gate first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = await orUnavailable(request, () => loadCartPage(request, context));
  return data(page, { headers: { "Cache-Control": cacheControl.private } });
}

/** One action for every form of the cart, switching on `intent` (app/lib/shop/cart-action.server.ts). */
export async function action({ request, context }: ActionFunctionArgs) {
  return cartAction(request, context);
}

export default function CartRoute() {
  const page = useLoaderData<typeof loader>();
  const { promo, csrf } = page;
  // An option's answer is the cart priced with it: shown until the page's own data has caught up.
  const chosen = (useFetcher<ShippingAnswer>({ key: SHIPPING_FETCHER }).data as ShippingAnswer | undefined)?.chosen;
  const refused = (useActionData<typeof action>() as ShopReply | undefined) ?? null;
  // A quote answers its options itself: shown until the page's own data has caught up with it.
  const quoted = (useFetcher<QuoteAnswer>({ key: QUOTE_FETCHER }).data as QuoteAnswer | undefined)?.quoted;
  // A later quote (a new address) leaves no option chosen: an earlier option's answer is over.
  const ahead = chosen && chosen.shipping !== page.shipping && chosen.at > (quoted?.at ?? 0) ? chosen : null;
  const cart = ahead ? ahead.cart : page.cart;
  const shipping = ahead ? ahead.shipping : page.shipping;
  const fresh = quoted && JSON.stringify(quoted.address) !== JSON.stringify(page.address) ? quoted : null;
  const options = fresh ? fresh.options : page.options;
  const address = fresh ? fresh.address : page.address;
  const { t } = useTranslation();
  const delivery = options?.filter((o) => !o.is_pick_up) ?? [];
  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-semibold">{t("shop.title")}</h1>
      {cart.items.length === 0 ? (
        <div className="mt-6">
          <p>{t("shop.empty")}</p>
          <p className="mt-4">
            <a href="/catalogue">{t("shop.browse")}</a>
          </p>
        </div>
      ) : (
        <div className="mt-6 grid gap-8">
          <CartLines items={cart.items} csrf={csrf} refused={refused} />
          <section>
            <PromoForm csrf={csrf} promo={promo} refused={refused} />
          </section>
          <section className="grid gap-4">
            <QuoteForm csrf={csrf} address={address} refused={refused} />
            {options && options.length ? <ShippingOptions csrf={csrf} options={options} chosen={shipping} /> : null}
            {address && options && delivery.length === 0 ? (
              <RequestQuoteForm csrf={csrf} address={address} refused={refused} />
            ) : null}
          </section>
          <section className="max-w-sm">
            <CartTotals
              subtotal={cart.subtotal}
              discount={cart.discount_amount}
              shipping={cart.shipping_amount}
              surcharge={cart.surcharge_amount}
              total={cart.total_amount}
              tax={cart.total_tax}
            />
            <p className="mt-6">
              <a href="/checkout" className={`${buttonClass} inline-block no-underline`}>
                {t("shop.checkout")}
              </a>
            </p>
          </section>
        </div>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
