import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

import { formatLongDate } from "@contract/formats";
import { DEFAULT_TIME_ZONE } from "@contract/site-clock";
import { inputClass } from "~/components/member/form-field";

import type { GiftVoucherData } from "./load.server";

/** Errors are translation keys of ours (`voucher.…`) or the CMS's own sentences, shown as they are. */
export function useSay() {
  const { t } = useTranslation();
  return (messages: string[] | undefined) =>
    (messages ?? []).map((m) => (/^voucher\.[A-Za-z.]+$/.test(m) ? t(m) : m)).join(" ");
}

export function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  const say = useSay();
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700 dark:text-red-300">
      {say(errors)}
    </p>
  );
}

export function Box({ kind, children }: { kind: "success" | "error"; children: ReactNode }) {
  const tone =
    kind === "success"
      ? "border-green-700 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100"
      : "border-red-600 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100";
  return (
    <div role={kind === "success" ? "status" : "alert"} className={`mb-4 rounded-md border p-3 ${tone}`}>
      {children}
    </div>
  );
}

/** After paying: the code, the printable voucher's link and its last day (the mail has them too). */
export function BoughtVoucher({ bought }: { bought: GiftVoucherData["bought"] }) {
  const { t, i18n } = useTranslation();
  return (
    <Box kind="success">
      <p className="font-semibold">{t("voucher.paymentSuccessful")}</p>
      {bought ? (
        <>
          <p className="mt-2">
            {t("voucher.yourCode")}:{" "}
            <strong className="font-mono text-lg tracking-widest" data-bought-code="">
              {bought.code}
            </strong>
          </p>
          {bought.expiresAt ? (
            <p>
              {t("voucher.validUntil", {
                date: formatLongDate(Date.parse(bought.expiresAt), DEFAULT_TIME_ZONE, i18n.language),
              })}
            </p>
          ) : null}
          <p className="mt-2">
            <a className="font-medium underline" href={`/vouchers/${encodeURIComponent(bought.code)}`}>
              {t("voucher.openVoucher")}
            </a>
          </p>
        </>
      ) : null}
      <p className="mt-2">{t("voucher.checkEmail")}</p>
    </Box>
  );
}

/** Whom the voucher is for and the buyer's words: both optional, printed on the voucher. */
export function GiftFields({
  id,
  values,
  errors,
}: {
  id: string;
  values: Record<string, string>;
  errors: Record<string, string[]>;
}) {
  const { t } = useTranslation();
  const problem = errors.message ?? errors.recipient_name;
  return (
    <div className="mb-6 grid max-w-md gap-3">
      <div>
        <label htmlFor={`${id}-recipient`} className="block font-medium">
          {t("voucher.recipientName")}
        </label>
        <input
          id={`${id}-recipient`}
          name="recipient_name"
          maxLength={100}
          defaultValue={values.recipient_name ?? ""}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-message`} className="block font-medium">
          {t("voucher.message")}
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={3}
          maxLength={500}
          defaultValue={values.message ?? ""}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-message-error` : undefined}
          className={inputClass}
        />
        <FieldError id={`${id}-message-error`} errors={problem} />
      </div>
    </div>
  );
}
