/**
 * /vouchers/{code}: the printable gift voucher (decisions 051 and 058), an HTML page in the
 * voucher's theme: its picture, the amount, the code and the organisation's name. The code in the
 * address is the bearer secret, so whoever has the link may see it; the page is never indexed or
 * shared-cached. An unknown or unpaid code is a 404.
 */
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

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
  return data({ voucher, organisation: settings.name || "Dovetail" }, { headers });
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
  const { voucher, organisation } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const amount = `$${voucher.amount.toFixed(2)}`;
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
          <p className="text-sm uppercase tracking-widest text-stone-600">{organisation}</p>
          <h1 id="voucher-title" className="mt-1 font-serif text-3xl font-semibold">
            {t("voucher.print.title")}
          </h1>
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
          {voucher.status === "redeemed" ? (
            <p className="mt-4 font-medium text-red-800">{t("voucher.print.redeemed")}</p>
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
