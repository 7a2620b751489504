import { useTranslation } from "react-i18next";

import { Picture } from "~/components/image";
import { CsrfInput } from "~/components/member/csrf-input";
import { buttonClass, inputClass } from "~/components/member/form-field";
import { SurchargeNote } from "~/components/shop/surcharge-note";
import { enhance } from "~/enhancers/names";

import type { WidgetData, WidgetViewProps } from "../../define-widget";
import type { GiftVoucherPurchaseFields } from "./fields.server";
import type { load } from "./load.server";
import { BoughtVoucher, Box, FieldError, GiftFields, useSay } from "./parts";
import { formatDollars, parseAmounts } from "./schema";

type Props = WidgetViewProps<GiftVoucherPurchaseFields, WidgetData<typeof load>>;

/**
 * core/gift_voucher_purchase (spec section 4, decision 058): buy a voucher (a design, an amount,
 * the buyer's e-mail, then the gateway) or redeem one into the member's credit. Both are plain
 * forms posting to `/vouchers`, so they work without JavaScript; the `voucher-amount` enhancer
 * hides Pay while the amount is 0. Buy and Redeem are two links (`?voucher=redeem`).
 */
export function GiftVoucherPurchaseView({ widget, fields, data, env }: Props) {
  const { t } = useTranslation();
  const say = useSay();
  if (!data || !Array.isArray(data.themes)) return null;
  const id = `voucher-${widget.id}`;
  const reply = data.reply;
  const values = reply?.values ?? {};
  const errors = reply?.errors ?? {};
  const formErrors = errors[""];
  const amounts = parseAmounts(fields.amounts);
  const custom = fields.allow_custom_amounts || amounts.length === 0;
  const chosen = values.amount ?? (custom ? "custom" : String(amounts[0] ?? ""));
  const redeemHref = `${data.page}?voucher=redeem`;
  const tab = (active: boolean) =>
    `rounded-t-md border-b-2 px-4 py-2 font-medium ${active ? "border-brand text-brand dark:border-amber-200 dark:text-amber-200" : "border-transparent hover:border-stone-400"}`;

  return (
    <section id={id} className="my-6" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="sr-only">
        {t("voucher.heading")}
      </h2>
      {data.payment === "paid" ? (
        <BoughtVoucher bought={data.bought} />
      ) : data.payment === "failed" ? (
        <Box kind="error">
          <p className="font-semibold">{t("voucher.paymentFailed")}</p>
          <p>{t("voucher.paymentFailedHint")}</p>
        </Box>
      ) : null}
      <nav
        aria-label={t("voucher.heading")}
        className="mb-4 flex gap-2 border-b border-stone-300 dark:border-stone-600"
      >
        <a
          href={data.page}
          className={tab(data.mode === "buy")}
          aria-current={data.mode === "buy" ? "page" : undefined}
        >
          {t("voucher.buy")}
        </a>
        <a
          href={redeemHref}
          className={tab(data.mode === "redeem")}
          aria-current={data.mode === "redeem" ? "page" : undefined}
        >
          {t("voucher.redeem")}
        </a>
      </nav>
      {formErrors?.length ? (
        <Box kind="error">
          <p id={`${id}-form-error`}>{say(formErrors)}</p>
        </Box>
      ) : null}
      {data.mode === "redeem" ? (
        env.signedIn ? (
          <form method="post" action="/vouchers" className="max-w-md" noValidate>
            <CsrfInput value={data.csrf} />
            <input type="hidden" name="intent" value="redeem" />
            <input type="hidden" name="page" value={data.page} />
            <input type="hidden" name="widget" value={widget.id} />
            <div className="mb-4">
              <label htmlFor={`${id}-code`} className="block font-medium">
                {t("voucher.code")}
              </label>
              <input
                id={`${id}-code`}
                name="code"
                defaultValue={values.code ?? ""}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                required
                maxLength={100}
                aria-invalid={errors.code ? true : undefined}
                aria-describedby={errors.code ? `${id}-code-error` : undefined}
                className={`${inputClass} font-mono uppercase tracking-widest`}
              />
              <FieldError id={`${id}-code-error`} errors={errors.code} />
            </div>
            <button type="submit" className={buttonClass}>
              {t("voucher.redeemButton")}
            </button>
          </form>
        ) : (
          <p>
            {t("voucher.signInToRedeem")}{" "}
            <a
              className="font-medium text-brand underline"
              href={`/login?redirectTo=${encodeURIComponent(redeemHref)}`}
            >
              {t("voucher.signIn")}
            </a>
          </p>
        )
      ) : (
        <form
          method="post"
          action="/vouchers"
          className="max-w-2xl"
          noValidate
          data-enhance={enhance("voucher-amount")}
        >
          <CsrfInput value={data.csrf} />
          <input type="hidden" name="intent" value="buy" />
          <input type="hidden" name="page" value={data.page} />
          <input type="hidden" name="widget" value={widget.id} />
          {data.themes.length > 0 ? (
            <fieldset className="mb-6" aria-describedby={errors.theme_id ? `${id}-theme-error` : undefined}>
              <legend className="mb-2 font-medium">{t("voucher.theme")}</legend>
              <div className="grid gap-3 sm:grid-cols-3">
                {data.themes.map((theme, i) => (
                  <label
                    key={theme.id}
                    className="cursor-pointer rounded-md border border-stone-300 p-2 has-[:checked]:border-brand has-[:checked]:ring-2 has-[:checked]:ring-brand/40 dark:border-stone-600"
                  >
                    {theme.image ? (
                      <Picture image={theme.image} alt="" sizes="(min-width: 640px) 14rem, 100vw" className="mb-2" />
                    ) : null}
                    <span className="flex items-center gap-2">
                      <input
                        type="radio"
                        className="h-6 w-6 shrink-0 accent-brand"
                        name="theme_id"
                        value={theme.id}
                        defaultChecked={values.theme_id ? values.theme_id === String(theme.id) : i === 0}
                      />
                      {theme.name}
                    </span>
                  </label>
                ))}
              </div>
              <FieldError id={`${id}-theme-error`} errors={errors.theme_id} />
            </fieldset>
          ) : null}
          <fieldset className="mb-6" aria-describedby={errors.amount ? `${id}-amount-error` : undefined}>
            <legend className="mb-2 font-medium">{t("voucher.amount")}</legend>
            <div className="flex flex-wrap gap-3">
              {amounts.map((amount) => (
                <label
                  key={amount}
                  className="flex cursor-pointer items-center gap-2 rounded-md border border-stone-300 px-3 py-2 has-[:checked]:border-brand dark:border-stone-600"
                >
                  <input
                    type="radio"
                    className="h-6 w-6 shrink-0 accent-brand"
                    name="amount"
                    value={amount.toFixed(2)}
                    defaultChecked={chosen === amount.toFixed(2) || chosen === String(amount)}
                  />
                  {formatDollars(amount)}
                </label>
              ))}
              {custom ? (
                <label className="flex cursor-pointer items-center gap-2 rounded-md border border-stone-300 px-3 py-2 has-[:checked]:border-brand dark:border-stone-600">
                  <input
                    type="radio"
                    className="h-6 w-6 shrink-0 accent-brand"
                    name="amount"
                    value="custom"
                    defaultChecked={chosen === "custom"}
                  />
                  {t("voucher.customAmount")}
                </label>
              ) : null}
            </div>
            {custom ? (
              <div className="mt-3 max-w-xs">
                <label htmlFor={`${id}-custom`} className="block text-sm font-medium">
                  {t("voucher.customAmountLabel")}
                </label>
                <input
                  id={`${id}-custom`}
                  name="custom_amount"
                  inputMode="decimal"
                  defaultValue={values.custom_amount ?? "0.00"}
                  aria-invalid={errors.amount ? true : undefined}
                  aria-describedby={errors.amount ? `${id}-amount-error` : undefined}
                  className={inputClass}
                />
              </div>
            ) : null}
            <FieldError id={`${id}-amount-error`} errors={errors.amount} />
          </fieldset>
          <div className="mb-6 max-w-md">
            <label htmlFor={`${id}-email`} className="block font-medium">
              {t("voucher.email")}
            </label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              required
              defaultValue={values.email ?? data.memberEmail ?? ""}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={`${id}-email-hint${errors.email ? ` ${id}-email-error` : ""}`}
              className={inputClass}
            />
            <p id={`${id}-email-hint`} className="mt-1 text-sm text-stone-600 dark:text-stone-400">
              {t("voucher.emailHint")}
            </p>
            <FieldError id={`${id}-email-error`} errors={errors.email} />
          </div>
          <GiftFields id={id} values={values} errors={errors} />
          <SurchargeNote rule={data.surcharge ?? null} />
          <button type="submit" className={buttonClass} data-voucher-pay="">
            {t("voucher.pay")}
          </button>
        </form>
      )}
    </section>
  );
}
