import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import type { HeadSettings } from "~/lib/seo";

type FooterSettings = Pick<
  HeadSettings,
  | "name"
  | "organisation_name"
  | "organisation_abn"
  | "organisation_address"
  | "organisation_email"
  | "organisation_phone"
>;
interface Item {
  name: string;
  link: string;
}

/** A text link that looks like one (underlined, in the brand's colour) and is at least 24 px tall. */
const linkClass =
  "inline-flex min-h-6 items-center text-brand underline underline-offset-3 hover:decoration-2 dark:text-amber-200";

/**
 * The site's footer. With the back-to-top arrow on, its end leaves room for the arrow (44 px and
 * its 16 px margin), so at the end of the page the arrow covers nothing.
 */
export function SiteFooter({
  settings,
  links,
  social,
  backToTop = false,
}: {
  settings: FooterSettings;
  links: Item[];
  social: Item[];
  backToTop?: boolean;
}) {
  const { t } = useTranslation();
  const name = settings.organisation_name || settings.name;
  return (
    <footer className="mt-12 border-t border-stone-200 bg-stone-100 text-sm dark:border-stone-800 dark:bg-stone-950">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-3">
        <address className="not-italic">
          <p className="font-semibold">{name}</p>
          {settings.organisation_address ? (
            <p>
              <bdi>{settings.organisation_address}</bdi>
            </p>
          ) : null}
          {settings.organisation_phone ? (
            <p>
              {t("footer.phone")}:{" "}
              <a href={`tel:${settings.organisation_phone.replace(/\s+/g, "")}`} className={linkClass}>
                <bdi>{settings.organisation_phone}</bdi>
              </a>
            </p>
          ) : null}
          {settings.organisation_email ? (
            <p>
              {t("footer.email")}:{" "}
              <a href={`mailto:${settings.organisation_email}`} className={linkClass}>
                <bdi>{settings.organisation_email}</bdi>
              </a>
            </p>
          ) : null}
          {settings.organisation_abn ? <p>{t("footer.abn", { abn: settings.organisation_abn })}</p> : null}
        </address>
        {links.length ? (
          <nav aria-label={t("footer.navigation")}>
            <ul className="space-y-1">
              {links.map((l) => (
                <li key={l.link}>
                  <Link to={l.link} className={linkClass}>
                    {l.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {social.length ? (
          <nav aria-label={t("footer.social")}>
            <ul className="space-y-1">
              {social.map((l) => (
                <li key={l.link}>
                  <a href={l.link} rel="noopener noreferrer" target="_blank" className={linkClass}>
                    {l.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      <p className={`${backToTop ? "pb-20" : "pb-6"} px-4 text-center text-stone-600 dark:text-stone-300`}>
        {t("footer.copyright", { year: new Date().getFullYear(), name })}
      </p>
    </footer>
  );
}
