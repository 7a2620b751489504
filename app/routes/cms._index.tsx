import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireBackOffice } from "~/back-office/access.server";
import { useBackOfficeText } from "~/back-office/text";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireBackOffice(request, context);
  return null;
}

export default function Dashboard() {
  const t = useBackOfficeText();
  return <h1 className="text-2xl font-semibold">{t("nav.dashboard")}</h1>;
}
