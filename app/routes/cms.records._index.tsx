import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";

import { requireBackOffice } from "~/back-office/access.server";
import { MODELS } from "~/back-office/models";
import { useBackOfficeText } from "~/back-office/text";
import { Heading } from "~/back-office/ui";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireBackOffice(request, context);
  return null;
}

/** Screens of their own beside the generic models: sold vouchers, the shop's orders, documents. */
const SCREENS = ["vouchers", "orders", "documents"] as const;

/** The record models the back-office edits. */
export default function RecordModels() {
  const t = useBackOfficeText();
  return (
    <>
      <Heading>{t("records.title")}</Heading>
      <ul className="grid gap-2 sm:grid-cols-3">
        {MODELS.map((m) => (
          <li key={m.name}>
            <Link
              to={`/cms/records/${m.name}`}
              className="block rounded-md border border-stone-300 px-3 py-2 hover:bg-stone-100 dark:border-stone-700 dark:hover:bg-stone-800"
            >
              {t(`records.models.${m.name}`)}
            </Link>
          </li>
        ))}
        {SCREENS.map((name) => (
          <li key={name}>
            <Link
              to={`/cms/records/${name}`}
              className="block rounded-md border border-stone-300 px-3 py-2 hover:bg-stone-100 dark:border-stone-700 dark:hover:bg-stone-800"
            >
              {t(`${name}.link`)}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
