import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { formatMoney } from "@contract/formats";
import type { ShippingOption } from "@contract/shop";
import { CsrfInput } from "~/components/member/csrf-input";
import { buttonClass, ErrorText, FormErrors, secondaryButtonClass } from "~/components/member/form-field";

import { CountrySelect } from "./country-select";
import { useFetcherReply } from "./fetcher-reply";
import { errorsOf, kept, ShopField, type ShopReply } from "./shop-field";

const own = (reply: ShopReply | null, intent: string) => (reply?.intent === intent ? reply : null);

/** The promotion code: a field and "Apply", or the applied code and "Remove code". */
export function PromoForm({ csrf, promo, refused }: { csrf: string; promo: string; refused: ShopReply | null }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ShopReply>();
  const reply = own(useFetcherReply(fetcher) ?? refused, "promo");
  if (promo) {
    return (
      <fetcher.Form method="post" action="/cart" noValidate className="flex flex-wrap items-center gap-3">
        <CsrfInput value={csrf} />
        <p role="status">{t("shop.promoApplied", { code: promo })}</p>
        <button type="submit" name="intent" value="promo-clear" className={secondaryButtonClass}>
          {t("shop.removeCode")}
        </button>
      </fetcher.Form>
    );
  }
  const errors = errorsOf(reply, "code");
  return (
    <fetcher.Form method="post" action="/cart" noValidate className="flex flex-wrap items-end gap-2">
      <CsrfInput value={csrf} />
      <div>
        <label htmlFor="promo-code" className="block font-medium">
          {t("shop.promoCode")}
        </label>
        <input
          id="promo-code"
          name="code"
          defaultValue={kept(reply, "code")}
          key={kept(reply, "code")}
          maxLength={50}
          autoComplete="off"
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? "promo-code-error" : undefined}
          className="mt-1 block rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 dark:border-stone-500 dark:bg-stone-800 dark:text-stone-100"
        />
      </div>
      <button type="submit" name="intent" value="promo" className={secondaryButtonClass}>
        {t("shop.apply")}
      </button>
      <div className="basis-full">
        <ErrorText id="promo-code-error" errors={errors} />
      </div>
    </fetcher.Form>
  );
}

/** The quote form's fetcher: the cart page reads the options it was answered with. */
export const QUOTE_FETCHER = "cart-quote";
/** The shipping option's fetcher: the cart page reads its answer (the cart priced with the option). */
export const SHIPPING_FETCHER = "cart-shipping";

/** The shipping address's suburb, postcode and country, and "Get a quote". */
export function QuoteForm({
  csrf,
  address,
  refused,
}: {
  csrf: string;
  address: { suburb: string; postcode: string; country: string } | null;
  refused: ShopReply | null;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ShopReply>({ key: QUOTE_FETCHER });
  const reply = own(useFetcherReply(fetcher) ?? refused, "quote");
  return (
    <fetcher.Form method="post" action="/cart" noValidate className="grid gap-x-3 sm:grid-cols-3">
      <CsrfInput value={csrf} />
      <FormErrors id="quote-errors" errors={errorsOf(reply, "")} />
      <ShopField id="quote-suburb" name="suburb" label={t("shop.suburb")} reply={reply} fallback={address?.suburb} />
      <ShopField
        id="quote-postcode"
        name="postcode"
        label={t("shop.postcode")}
        reply={reply}
        fallback={address?.postcode}
      />
      <ShopField id="quote-country" name="country" label={t("shop.country")} reply={reply}>
        <CountrySelect id="quote-country" value={kept(reply, "country", address?.country)} />
      </ShopField>
      <p className="sm:col-span-3">
        <button type="submit" name="intent" value="quote" className={secondaryButtonClass}>
          {t("shop.getQuote")}
        </button>
      </p>
    </fetcher.Form>
  );
}

/** The options for the address as a radio group; with JavaScript a choice is sent as it is made. */
export function ShippingOptions({
  csrf,
  options,
  chosen,
  action = "/cart",
}: {
  csrf: string;
  options: ShippingOption[];
  chosen: number | null;
  action?: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher({ key: SHIPPING_FETCHER });
  const pending = fetcher.formData?.get("shipping_type");
  const current = pending ? Number(pending) : chosen;
  return (
    <fetcher.Form method="post" action={action} noValidate onChange={(e) => fetcher.submit(e.currentTarget)}>
      <CsrfInput value={csrf} />
      <input type="hidden" name="intent" value="shipping" />
      <fieldset>
        <legend className="font-semibold">{t("shop.shipping")}</legend>
        {options.map((o) => (
          <label key={o.shipping_type_id} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="shipping_type"
              value={o.shipping_type_id}
              defaultChecked={current === o.shipping_type_id}
              required
            />
            {`${o.shipping_name} ${formatMoney(o.amount)}`}
          </label>
        ))}
      </fieldset>
      <button type="submit" className={`${secondaryButtonClass} mt-2`}>
        {t("shop.useOption")}
      </button>
    </fetcher.Form>
  );
}

/** Outside every delivery zone: ask the business for a quote (name, email, phone, street address). */
export function RequestQuoteForm({
  csrf,
  address,
  refused,
}: {
  csrf: string;
  address: { suburb: string; postcode: string; country: string };
  refused: ShopReply | null;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ShopReply>();
  const reply = own(useFetcherReply(fetcher) ?? refused, "request-quote");
  return (
    <fetcher.Form method="post" action="/cart" noValidate className="mt-4">
      <CsrfInput value={csrf} />
      <h2 className="font-semibold">{t("shop.requestQuote")}</h2>
      <p className="mb-3 text-sm">{t("shop.requestQuoteIntro")}</p>
      <FormErrors id="request-errors" errors={errorsOf(reply, "")} />
      <input type="hidden" name="suburb" value={address.suburb} />
      <input type="hidden" name="postcode" value={address.postcode} />
      <input type="hidden" name="country" value={address.country} />
      <ShopField id="request-name" name="name" label={t("shop.name")} reply={reply} autoComplete="name" />
      <ShopField
        id="request-email"
        name="email"
        type="email"
        label={t("shop.email")}
        reply={reply}
        autoComplete="email"
      />
      <ShopField id="request-phone" name="phone" type="tel" label={t("shop.phone")} reply={reply} autoComplete="tel" />
      <ShopField
        id="request-street"
        name="street"
        label={t("shop.street")}
        reply={reply}
        autoComplete="address-line1"
      />
      <ShopField id="request-state" name="state" label={t("shop.state")} reply={reply} required={false} />
      <button type="submit" name="intent" value="request-quote" className={buttonClass}>
        {t("shop.requestQuote")}
      </button>
    </fetcher.Form>
  );
}
