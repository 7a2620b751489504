import { useTranslation } from "react-i18next";

import { formatMoney } from "@contract/formats";
import type { SurchargeRule } from "@contract/surcharges";

/**
 * What a card payment adds (payment_surcharges), said before the visitor pays: a paid form or a
 * voucher is charged it on top, and the payment page and receipt show the exact amount. Nothing
 * when there is no surcharge.
 */
export function SurchargeNote({ rule }: { rule: SurchargeRule | null }) {
  const { t } = useTranslation();
  if (!rule || (rule.percent <= 0 && rule.fixed <= 0)) return null;
  const parts = [
    ...(rule.percent > 0 ? [`${rule.percent}%`] : []),
    ...(rule.fixed > 0 ? [formatMoney(rule.fixed)] : []),
  ];
  return <p className="mb-4 text-sm">{t("shop.surchargeNote", { surcharge: parts.join(" + ") })}</p>;
}
