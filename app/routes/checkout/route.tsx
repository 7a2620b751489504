import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { formatMoney } from "@contract/formats";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { CsrfInput } from "~/components/member/csrf-input";
import { buttonClass, ErrorText, FormErrors, inputClass, secondaryButtonClass } from "~/components/member/form-field";
import { CartTotals } from "~/components/shop/cart-totals";
import { withRootMeta } from "~/lib/meta";
import { orUnavailable } from "~/lib/unavailable.server";

import { AddressFields } from "./address-fields";
import { checkoutAction, type CheckoutReply, loadCheckout } from "./checkout.server";

export const meta: MetaFunction = ({ matches }) => withRootMeta(matches, [{ name: "robots", content: "noindex" }]);

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders, errorHeaders }) =>
  errorHeaders ?? (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

/** The place-order button is disabled while the order is on its way: the Remix runtime. */
export const handle = { browser: true };

/** /checkout: a member's, with the shop open (spec section 6; docs/shop.md). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return orUnavailable(request, () => loadCheckout(request, context));
}

export async function action({ request, context }: ActionFunctionArgs) {
  return checkoutAction(request, context);
}

export default function Checkout() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as CheckoutReply | undefined;
  const navigation = useNavigation();
  const submit = useSubmit();
  const { t } = useTranslation();
  // The one quote: priced for the address and option in the form once the visitor changed them.
  const cart = reply?.cart ?? page.cart;
  /** With JavaScript a new option prices the summary at once (without, the button below does). */
  const requote = (event: React.ChangeEvent<HTMLFieldSetElement>) => {
    const form = event.currentTarget.form;
    if (!form) return;
    const body = new FormData(form);
    body.set("intent", "quote");
    submit(body, { method: "post", preventScrollReset: true });
  };
  const values: Record<string, string> = {
    idempotency_key: page.idempotencyKey,
    country: page.cartAddress?.country ?? "",
    suburb: page.cartAddress?.suburb ?? "",
    postcode: page.cartAddress?.postcode ?? "",
    ...reply?.values,
  };
  const errors = reply?.errors ?? {};
  const options = reply?.options ?? page.options ?? [];
  const chosenShipping = values.shipping_option_id ?? (page.shipping !== null ? String(page.shipping) : "");
  const chosenPayment = values.payment ?? String(cart.payment_types[0]?.id ?? "");
  const placing = navigation.state === "submitting" && navigation.formData?.get("intent") === "place";
  if (cart.items.length === 0) {
    return (
      <section className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-3xl font-semibold">{t("account.checkoutTitle")}</h1>
        <p className="mt-3">{t("shop.empty")}</p>
        <p className="mt-6">
          <a href="/catalogue">{t("shop.browse")}</a>
        </p>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-semibold">{t("account.checkoutTitle")}</h1>
      <section aria-labelledby="checkout-summary" className="mt-6">
        <h2 id="checkout-summary" className="text-xl font-semibold">
          {t("shop.title")}
        </h2>
        <ul className="my-3">
          {cart.items.map((item) => (
            <li key={item.id} className="flex justify-between gap-4 py-1">
              <span>
                {item.qty} × {item.product_name || item.name}
                {item.addons.length ? ` (${item.addons.map((a) => a.name).join(", ")})` : ""}
              </span>
              <span className="tabular-nums">{formatMoney(item.subtotal)}</span>
            </li>
          ))}
        </ul>
        <div className="max-w-sm">
          <CartTotals
            subtotal={cart.subtotal}
            discount={cart.discount_amount}
            shipping={cart.shipping_amount}
            surcharge={cart.surcharge_amount}
            total={cart.total_amount}
            tax={cart.total_tax}
          />
        </div>
      </section>
      <Form method="post" noValidate className="mt-8 grid gap-6" key={values.idempotency_key}>
        {reply?.message ? <FormErrors id="checkout-message" errors={[reply.message]} /> : null}
        <CsrfInput value={page.csrf} />
        <input type="hidden" name="idempotency_key" value={values.idempotency_key} />
        {/* The total the summary shows: the order is charged that, or not placed. */}
        <input type="hidden" name="expected_total" value={cart.total_amount.toFixed(2)} />
        <AddressFields addresses={page.addresses} values={values} errors={errors} />
        <p>
          <button type="submit" name="intent" value="quote" className={secondaryButtonClass} formNoValidate>
            {t("shop.showShipping")}
          </button>
        </p>
        {options.length ? (
          <fieldset className="grid gap-1" onChange={requote}>
            <legend className="text-xl font-semibold">{t("shop.shipping")}</legend>
            {options.map((o) => (
              <label key={o.shipping_type_id} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name="shipping_option_id"
                  value={o.shipping_type_id}
                  defaultChecked={chosenShipping === String(o.shipping_type_id)}
                />
                {`${o.shipping_name} ${formatMoney(o.amount)}`}
              </label>
            ))}
          </fieldset>
        ) : null}
        <ErrorText id="checkout-shipping-error" errors={errors.shipping_option_id} />
        <div>
          <label htmlFor="checkout-note" className="block font-medium">
            {t("shop.note")}
          </label>
          <textarea
            id="checkout-note"
            name="note"
            rows={3}
            maxLength={1000}
            defaultValue={values.note ?? ""}
            className={inputClass}
          />
          <ErrorText id="checkout-note-error" errors={errors.note} />
        </div>
        <fieldset className="grid gap-1">
          <legend className="text-xl font-semibold">{t("shop.paymentMethod")}</legend>
          {cart.payment_types.map((p) => (
            <label key={p.id} className="flex min-h-11 items-center gap-2">
              <input type="radio" name="payment" value={p.id} defaultChecked={chosenPayment === String(p.id)} />
              {p.name}
            </label>
          ))}
          <ErrorText id="checkout-payment-error" errors={errors.payment} />
        </fieldset>
        <p>
          <button type="submit" name="intent" value="place" className={buttonClass} disabled={placing}>
            {t("shop.placeOrder")}
          </button>
        </p>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
