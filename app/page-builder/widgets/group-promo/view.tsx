import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { Picture } from "~/components/image";

import type { WidgetData, WidgetViewProps } from "../../define-widget";
import { WidgetSection } from "../../shared/widget-section";
import type { GroupPromoFields } from "./fields.server";
import type { load } from "./load.server";

type Props = WidgetViewProps<GroupPromoFields, WidgetData<typeof load>>;

/** Catalogue/group_promo: a card per category, each linking to /catalogue/{slug} with a 'View Now' button. */
export function GroupPromoView({ fields, data }: Props) {
  const { t } = useTranslation();
  const groups = data ?? [];
  if (groups.length === 0) return null;
  const { heading } = fields;
  // Card titles sit one level under the widget's heading, or under the page's h1 when it has none.
  const CardHeading = heading ? "h3" : "h2";
  return (
    <WidgetSection heading={heading}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {groups.map((g) => (
          <li
            key={g.id}
            className="flex flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm dark:border-stone-700 dark:bg-stone-800"
          >
            {g.image ? (
              <Picture image={g.image} alt="" sizes="(min-width: 1024px) 370px, (min-width: 640px) 50vw, 100vw" />
            ) : null}
            <div className="flex flex-1 flex-col gap-3 p-5">
              <CardHeading dir="auto" className="font-serif text-xl font-semibold">
                {g.name}
              </CardHeading>
              <Link
                to={`/catalogue/${g.slug}`}
                prefetch="intent"
                className="mt-auto inline-flex w-fit items-center rounded-md bg-brand px-4 py-2 font-medium text-white no-underline hover:bg-brand-dark"
                aria-label={`${t("catalogue.viewNow")}: ${g.name}`}
              >
                {t("catalogue.viewNow")}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </WidgetSection>
  );
}
