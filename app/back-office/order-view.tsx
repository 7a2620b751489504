import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";

import type { ShopOrder } from "@contract/admin-sales";
import { formatMoney } from "@contract/formats";
import { CsrfInput } from "~/components/member/csrf-input";

import { useBackOfficeText } from "./text";
import {
  buttonClass,
  dangerButtonClass,
  FieldError,
  FormAlert,
  inputClass,
  smallButtonClass,
  tableClass,
  when,
} from "./ui";

export type OrderAction = "fulfil" | "cancel" | "refund";

/** Cents left to refund on an order. */
const leftOf = (order: ShopOrder) => Math.round((order.total_amount - order.refunded_amount) * 100);

/** The actions an order's state allows: fulfil a paid one, cancel a pending or paid one, refund what is paid. */
export function actionsOf(order: ShopOrder): OrderAction[] {
  const actions: OrderAction[] = [];
  if (order.status === "paid") actions.push("fulfil");
  if (order.status === "pending" || order.status === "paid") actions.push("cancel");
  if ((order.status === "paid" || order.status === "fulfilled") && leftOf(order) > 0) actions.push("refund");
  return actions;
}

/** The order's state in words, with what was refunded. */
export function OrderStatus({ order }: { order: ShopOrder }) {
  const t = useBackOfficeText();
  const refunded =
    order.refunded_amount > 0 && order.status !== "refunded"
      ? ` · ${t("orders.refundedSoFar", { amount: formatMoney(order.refunded_amount) })}`
      : "";
  return (
    <>
      {t(`orders.states.${order.status}`)}
      {refunded}
    </>
  );
}

/** Links that open each allowed action's confirmation (`?do=`), which works without JavaScript. */
export function OrderActionLinks({ order }: { order: ShopOrder }) {
  const t = useBackOfficeText();
  const actions = actionsOf(order);
  if (!actions.length) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {actions.map((a) => (
        <Link
          key={a}
          to={`?do=${a}`}
          className={a === "fulfil" ? smallButtonClass : `${smallButtonClass} text-red-800 dark:text-red-200`}
        >
          {t(`orders.actions.${a}`)}
        </Link>
      ))}
    </div>
  );
}

/** The confirmation of one action: what it will do, its fields, Confirm and Back. */
export function ConfirmAction({
  order,
  action,
  csrf,
  seen,
  lastResult,
}: {
  order: ShopOrder;
  action: OrderAction;
  csrf: string;
  seen: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const t = useBackOfficeText();
  const [form, fields] = useForm({ id: `order-${action}`, lastResult, shouldRevalidate: "onBlur" });
  const left = formatMoney(leftOf(order) / 100);
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mb-6 grid max-w-lg gap-3 rounded-md border border-red-600 p-4"
      role="alertdialog"
      aria-labelledby={`${form.id}-title`}
    >
      <h2 id={`${form.id}-title`} className="text-lg font-semibold">
        {t(`orders.confirm.${action}`, { number: order.invoice_number, amount: left })}
      </h2>
      <CsrfInput value={csrf} />
      <input type="hidden" name="intent" value={action} />
      {action !== "fulfil" ? <input type="hidden" name="seen" value={seen} /> : null}
      <FormAlert id={form.errorId} errors={form.errors} />
      {action === "refund" ? (
        <div>
          <label htmlFor={fields.amount.id} className="block font-medium">
            {t("orders.amount")}
          </label>
          <input
            {...getInputProps(fields.amount, { type: "text" })}
            inputMode="decimal"
            placeholder={left}
            className={inputClass}
          />
          <p className="text-sm text-stone-600 dark:text-stone-300">{t("orders.amountHint", { amount: left })}</p>
          <FieldError id={fields.amount.errorId} errors={fields.amount.errors} />
        </div>
      ) : null}
      {action === "refund" ? (
        <label className="flex items-center gap-2">
          <input {...getInputProps(fields.restock, { type: "checkbox" })} value="on" />
          {t("orders.restock")}
        </label>
      ) : null}
      {action === "fulfil" ? (
        <div>
          <label htmlFor={fields.note.id} className="block font-medium">
            {t("orders.note")}
          </label>
          <textarea {...getTextareaProps(fields.note)} rows={3} maxLength={2000} className={inputClass} />
          <FieldError id={fields.note.errorId} errors={fields.note.errors} />
        </div>
      ) : (
        <div>
          <label htmlFor={fields.reason.id} className="block font-medium">
            {t("orders.reason")}
          </label>
          <input {...getInputProps(fields.reason, { type: "text" })} maxLength={500} className={inputClass} />
          <FieldError id={fields.reason.errorId} errors={fields.reason.errors} />
        </div>
      )}
      <div className="flex gap-2">
        <button type="submit" className={action === "fulfil" ? buttonClass : dangerButtonClass}>
          {t(`orders.do.${action}`)}
        </button>
        <Link to="?" className={smallButtonClass}>
          {t("common.cancel")}
        </Link>
      </div>
    </Form>
  );
}

/** The payment, and every refund asked of its gateway (failed ones too, with why). */
export function PaymentDetails({ order, lng }: { order: ShopOrder; lng: string }) {
  const t = useBackOfficeText();
  const p = order.payment;
  if (!p) return null;
  return (
    <section className="mt-6">
      <h2 className="mb-2 text-xl font-semibold">{t("orders.payment")}</h2>
      <p className="text-sm">
        {t("orders.paymentLine", { amount: formatMoney(p.amount_cents / 100), gateway: p.gateway, status: p.status })}
        {p.paid_at ? ` · ${when(p.paid_at, lng)}` : ""}
      </p>
      {p.refunds.length ? (
        <table className={`${tableClass} mt-2`}>
          <thead>
            <tr>
              <th>{t("orders.refundDate")}</th>
              <th>{t("orders.amount")}</th>
              <th>{t("orders.refundStatus")}</th>
              <th>{t("orders.reason")}</th>
            </tr>
          </thead>
          <tbody>
            {p.refunds.map((r, i) => (
              <tr key={i}>
                <td>{when(r.created_at, lng)}</td>
                <td>{formatMoney(r.amount_cents / 100)}</td>
                <td>
                  {r.status}
                  {r.gateway_ref ? <span className="ms-2 font-mono text-xs">{r.gateway_ref}</span> : null}
                  {r.failure ? <span className="block text-red-700 dark:text-red-300">{r.failure}</span> : null}
                </td>
                <td>{r.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
