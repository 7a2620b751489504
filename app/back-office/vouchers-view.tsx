import type { LiabilityMonthAnswer, SoldVoucher } from "@contract/admin-sales";
import { centsToDollars, formatLongDate, formatMoney } from "@contract/formats";

import { useBackOfficeText } from "./text";
import { tableClass, when } from "./ui";

/** The sold vouchers screen's tables (app/routes/cms.records.vouchers.tsx): dates on the site's clock. */

type Liability = { months: LiabilityMonthAnswer[]; outstanding: number };

/** Each voucher with its state, expiry, what it is still worth, and when and by whom it was redeemed. */
export function SoldVouchersTable({ vouchers, lng, zone }: { vouchers: SoldVoucher[]; lng: string; zone: string }) {
  const t = useBackOfficeText();
  const cents = (amount: number) => formatMoney(centsToDollars(amount));
  return (
    <table className={tableClass}>
      <thead>
        <tr>
          <th>{t("vouchers.code")}</th>
          <th>{t("vouchers.amount")}</th>
          <th>{t("vouchers.theme")}</th>
          <th>{t("vouchers.buyer")}</th>
          <th>{t("vouchers.status")}</th>
          <th>{t("vouchers.expiry")}</th>
          <th>{t("vouchers.balance")}</th>
          <th>{t("vouchers.redeemedAt")}</th>
        </tr>
      </thead>
      <tbody>
        {vouchers.map((v) => (
          <tr key={v.id}>
            <td className="font-mono">{v.code ?? "—"}</td>
            <td>{cents(v.amount_cents)}</td>
            <td>{v.theme ?? ""}</td>
            <td>{v.buyer_email}</td>
            <td>{t(`vouchers.states.${v.status}`)}</td>
            <td>
              {v.status === "pending"
                ? "—"
                : v.expires_at
                  ? formatLongDate(Date.parse(v.expires_at), zone, lng)
                  : t("vouchers.noExpiry")}
            </td>
            <td>{cents(v.balance_cents)}</td>
            <td>
              {v.redeemed_at ? (
                <>
                  <div>{when(v.redeemed_at, lng, zone)}</div>
                  <div className="text-stone-600 dark:text-stone-400">
                    {v.redeemed_by
                      ? [v.redeemed_by.name, v.redeemed_by.email].filter(Boolean).join(" · ")
                      : t("vouchers.accountGone")}
                  </div>
                </>
              ) : v.status === "issued" ? (
                t("vouchers.notRedeemed")
              ) : (
                "—"
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What the vouchers are still worth now, and by month what was issued, redeemed, expired and outstanding. */
export function LiabilityReport({ liability }: { liability: Liability }) {
  const t = useBackOfficeText();
  if (!liability.months.length) return <p>{t("vouchers.noLiability")}</p>;
  return (
    <>
      <p className="mb-2 font-medium">{t("vouchers.outstandingNow", { amount: formatMoney(liability.outstanding) })}</p>
      <table className={tableClass}>
        <thead>
          <tr>
            <th>{t("vouchers.month")}</th>
            <th>{t("vouchers.issued")}</th>
            <th>{t("vouchers.redeemed")}</th>
            <th>{t("vouchers.expired")}</th>
            <th>{t("vouchers.outstanding")}</th>
          </tr>
        </thead>
        <tbody>
          {liability.months.map((m) => (
            <tr key={m.month}>
              <td>{m.month}</td>
              <td>{formatMoney(m.issued)}</td>
              <td>{formatMoney(m.redeemed)}</td>
              <td>{formatMoney(m.expired)}</td>
              <td>{formatMoney(m.outstanding)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
