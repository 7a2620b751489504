/**
 * /vouchers/{code}: the printable gift voucher (decisions 051 and 058), an HTML page in the
 * voucher's theme: its picture, the organisation's name and logo, whom it is for and the buyer's
 * message, the amount, the code and its last day. The code in the
 * address is the bearer secret, so whoever has the link may see it; the page is never indexed or
 * shared-cached. An unknown or unpaid code is a 404.
 */
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { formatLongDate, formatMoney } from "@contract/formats";
import { siteTimeZone } from "@contract/site-clock";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Picture } from "~/components/image";
import { getSettings } from "~/lib/api/site.server";
import { getVoucher } from "~/lib/api/vouchers.server";
import { withRootMeta } from "~/lib/meta";
import { cacheControl } from "~/shared/cache-control";

export const meta: MetaFunction = ({ matches }) => withRootMeta(matches, [{ name: "robots", content: "noindex" }]);

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

const CODE = /^[A-Za-z0-9-]{6,40}$/;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const code = params.code ?? "";
  const headers = { "Cache-Control": cacheControl.private, "X-Robots-Tag": "noindex" };
  const visitor = await context.visitor();
  const voucher = CODE.test(code) ? await getVoucher(visitor.anonymousTransport, code.toUpperCase()) : null;
  if (!voucher) throw data({ code }, { status: 404, headers });
  const settings = await getSettings(visitor.anonymousTransport);
  const logo = typeof settings.organisation_logo === "string" ? settings.organisation_logo.trim() : "";
  return data(
    {
      voucher,
      // The business's name, never the domain's (which may be "localhost").
      organisation: settings.organisation_name || settings.name || "Dovetail",
      logo: /^(\/|https:\/\/)/.test(logo) ? logo : null,
      timeZone: siteTimeZone(settings.time_zone),
    },
    { headers },
  );
}

/** Only the voucher is printed: the site's header, footer and menus are left off the paper. */
const PRINT_CSS = `
@media print {
  @page { margin: 12mm; }
  body * { visibility: hidden !important; }
  .voucher-print, .voucher-print * { visibility: visible !important; }
  .voucher-print { position: absolute; inset: 0 auto auto 0; width: 100%; box-shadow: none !important; }
  .voucher-print-hint { display: none !important; }
}`;

export default function PrintVoucher() {
  const { voucher, organisation, logo, timeZone } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const until = voucher.expires_at ? formatLongDate(Date.parse(voucher.expires_at), timeZone, i18n.language) : null;
  const amount = formatMoney(voucher.amount);
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <style>{PRINT_CSS}</style>
      <article
        className="voucher-print overflow-hidden rounded-xl border-2 border-brand bg-white text-stone-900 shadow-lg"
        aria-labelledby="voucher-title"
      >
        {voucher.theme?.image ? (
          <Picture
            image={voucher.theme.image}
            alt={voucher.theme.name}
            sizes="(min-width: 672px) 42rem, 100vw"
            priority
          />
        ) : null}
        <div className="p-6 text-center">
          {logo ? <img src={logo} alt="" className="mx-auto mb-2 h-12 w-auto" /> : null}
          <p className="text-sm uppercase tracking-widest text-stone-600" data-voucher-organisation="">
            {organisation}
          </p>
          <h1 id="voucher-title" className="mt-1 font-serif text-3xl font-semibold">
            {t("voucher.print.title")}
          </h1>
          {voucher.recipient_name ? (
            <p className="mt-2 text-xl" data-voucher-recipient="">
              {t("voucher.print.for", { name: voucher.recipient_name })}
            </p>
          ) : null}
          {voucher.message ? (
            <p className="mx-auto mt-2 max-w-prose whitespace-pre-line italic text-stone-700">{voucher.message}</p>
          ) : null}
          <dl className="mt-4 grid gap-2">
            <div>
              <dt className="text-sm text-stone-600">{t("voucher.print.value")}</dt>
              <dd className="text-4xl font-bold" data-voucher-amount="">
                {amount}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-stone-600">{t("voucher.print.code")}</dt>
              <dd className="font-mono text-2xl font-bold tracking-[0.3em]" data-voucher-code="">
                {voucher.code}
              </dd>
            </div>
          </dl>
          {until ? (
            <p className="mt-3 text-sm text-stone-700" data-voucher-expiry="">
              {t("voucher.validUntil", { date: until })}
            </p>
          ) : null}
          {voucher.status === "redeemed" ? (
            <p className="mt-4 font-medium text-red-800">{t("voucher.print.redeemed")}</p>
          ) : voucher.expired ? (
            <p className="mt-4 font-medium text-red-800">{t("voucher.print.expired")}</p>
          ) : null}
          <p className="mt-4 text-sm text-stone-700">{t("voucher.print.howTo", { site: organisation })}</p>
        </div>
      </article>
      <p className="voucher-print-hint mt-6 text-center text-sm text-stone-600">{t("voucher.print.print")}</p>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
