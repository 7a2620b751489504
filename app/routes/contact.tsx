import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { useNonce } from "~/components/nonce";
import { PageEnhancers } from "~/components/page-enhancers";
import { getSettings } from "~/lib/api/site.server";
import { enhancerAssets } from "~/lib/enhancers.server";
import { formVisit } from "~/lib/form-visit.server";
import { getI18n } from "~/lib/i18n.server";
import { withRootMeta } from "~/lib/meta";
import { documentTitle } from "~/lib/seo";
import { mailtoHref, telHref } from "~/page-builder/widgets/catalogue-list/format";
import { loadForm } from "~/page-builder/widgets/form/load.server";
import { FormWidget, hasSignature } from "~/page-builder/widgets/form/view";
import { cacheControl } from "~/shared/cache-control";

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  withRootMeta(matches, [...(data ? [{ title: data.title }, { name: "description", content: data.description }] : [])]);

/**
 * The forms /contact shows: the contact form, or (`?form=`) the enquiry form (from a product) or
 * the warranty claim (members only), with the heading of each.
 */
const FORMS = {
  contact: { url: "contact", heading: "contact.formHeading" },
  enquiry: { url: "enquiry", heading: "contact.enquiryHeading" },
  warranty: { url: "warranty-claim", heading: "contact.warrantyHeading" },
} as const;

const chosenForm = (name: string | null) => (name === "enquiry" || name === "warranty" ? name : "contact");

/**
 * /contact: the organisation's details from the settings, a map link, and the seeded contact form
 * (or the enquiry form, prefilled from the address) rendered by core/form's own component. The
 * page's JSON-LD is the root's, typed ContactPage by its path.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const visitor = await context.visitor();
  const url = new URL(request.url);
  const which = chosenForm(url.searchParams.get("form"));
  const [settings, form] = await Promise.all([
    getSettings(visitor.transport),
    loadForm(visitor.transport, { url: FORMS[which].url }, formVisit(request, context, visitor)).catch(
      (error: unknown) => {
        console.warn(`[site] /contact: the ${FORMS[which].url} form could not be loaded: ${(error as Error).message}`);
        return null;
      },
    ),
  ]);
  const { locale } = visitor.preferences;
  const t = (await getI18n(locale)).getFixedT(locale);
  const heading = t(FORMS[which].heading);
  return data(
    {
      title: documentTitle(settings, t("contact.title")),
      description: t("contact.description"),
      organisation: {
        name: settings.organisation_name || settings.name,
        address: settings.organisation_address,
        phone: settings.organisation_phone,
        email: settings.organisation_email,
        abn: settings.organisation_abn,
      },
      heading,
      which,
      form: form ?? null,
      enhancers: enhancerAssets(form ? (hasSignature(form) ? ["form", "signature"] : ["form"]) : []),
    },
    { headers: { "Cache-Control": cacheControl.private } },
  );
}

export default function Contact() {
  const { organisation: org, form, heading, which, enhancers } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const nonce = useNonce();
  const mail = mailtoHref(org.email, t("contact.title"));
  const tel = telHref(org.phone);
  const map = org.address ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(org.address)}` : null;
  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-semibold">{t("contact.title")}</h1>
      <p className="mt-3">{t("contact.intro")}</p>
      <div className="mt-8 grid gap-10 md:grid-cols-[1fr_2fr]">
        <div dir="auto">
          <p className="font-semibold">{org.name}</p>
          {org.address ? (
            <div className="mt-4">
              <h2 className="font-medium">{t("contact.address")}</h2>
              <address className="whitespace-pre-line not-italic">{org.address}</address>
              {map ? (
                <a className="text-brand underline" href={map} rel="noopener noreferrer" target="_blank">
                  {t("contact.map")}
                </a>
              ) : null}
            </div>
          ) : null}
          {tel ? (
            <p className="mt-4">
              <span className="font-medium">{t("footer.phone")}: </span>
              <a className="text-brand underline" href={tel}>
                {org.phone}
              </a>
            </p>
          ) : null}
          {mail ? (
            <p className="mt-2">
              <span className="font-medium">{t("footer.email")}: </span>
              <a className="text-brand underline" href={mail}>
                {org.email}
              </a>
            </p>
          ) : null}
          {org.abn ? <p className="mt-2">{t("footer.abn", { abn: org.abn })}</p> : null}
          <p className="mt-6">
            {which === "warranty" ? (
              <a className="text-brand underline" href="/contact">
                {t("contact.formHeading")}
              </a>
            ) : (
              <a className="text-brand underline" href="/contact?form=warranty">
                {t("contact.warrantyLink")}
              </a>
            )}
          </p>
        </div>
        <div>
          <h2 className="text-2xl font-semibold">{heading}</h2>
          {form ? <FormWidget data={form} idPrefix="contact" /> : <p className="mt-4">{t("contact.unavailable")}</p>}
        </div>
      </div>
      <PageEnhancers assets={enhancers} nonce={nonce} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
