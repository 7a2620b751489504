import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import type { OrderSummary } from "@contract/shop";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { myAccount } from "~/lib/api/profile.server";
import { listOrders } from "~/lib/api/shop.server";
import { requireMember } from "~/lib/auth.server";
import { ensureCsrfToken } from "~/lib/csrf.server";
import { invalid, readSubmission } from "~/lib/forms.server";
import { translatorFor } from "~/lib/member-forms.server";
import { withRootMeta } from "~/lib/meta";
import { shopOpen } from "~/lib/shop/gate.server";
import { orUnavailable } from "~/lib/unavailable.server";
import type { RootData } from "~/root";
import { cacheControl } from "~/shared/cache-control";

import { runProfileAction } from "./actions.server";
import { AddressesSection } from "./addresses";
import { DetailsSection } from "./details";
import { ImageSection } from "./image";
import { OrdersSection } from "./orders";
import { profileSchema } from "./schema";
import { profileView } from "./view.server";

export const meta: MetaFunction = ({ matches }) => withRootMeta(matches, [{ name: "robots", content: "noindex" }]);

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders, errorHeaders }) =>
  errorHeaders ?? (actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders);

/** The member's details, picture, credit and addresses; a signed-out visitor goes to sign in first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireMember(request, context);
  const visitor = await context.visitor();
  const [account, orders] = await Promise.all([
    orUnavailable(request, () => myAccount(visitor.transport)),
    // With the shop open, the member's orders (an outage leaves the list out, not the page).
    shopOpen(context).then((open) =>
      open ? listOrders(visitor.transport).catch((): OrderSummary[] | null => null) : null,
    ),
  ]);
  const csrf = ensureCsrfToken(visitor.session);
  return data(
    { csrf, ...profileView(account, visitor.preferences.locale), orders, browser: true },
    { headers: { "Cache-Control": cacheControl.private } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireMember(request, context);
  const { visitor, submission } = await readSubmission(request, context, profileSchema);
  if (submission.status !== "success") return invalid(submission.reply({ hideFields: ["image"] }));
  return runProfileAction({ visitor, submission, t: await translatorFor(visitor) });
}

export type ProfileData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function Profile() {
  const profile = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  // A saved change comes back with a new message: the forms start again from what was saved
  // (with JavaScript the page stays, and a typed password would otherwise stay in its field).
  const saved = useRouteLoaderData<RootData>("root")?.toast?.id ?? "";
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-semibold">{t("profile.title")}</h1>
      <div className="mt-8 grid gap-8 sm:grid-cols-[auto_1fr] sm:items-start">
        <ImageSection key={`image${saved}`} profile={profile} />
        <section
          aria-labelledby="credit-heading"
          className="rounded-lg border border-stone-300 p-4 dark:border-stone-600"
        >
          <h2 id="credit-heading" className="text-lg font-semibold">
            {t("profile.credit.title")}
          </h2>
          <p className="mt-1 text-2xl font-semibold" data-testid="credit-balance">
            {profile.credit}
          </p>
          <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t("profile.credit.text")}</p>
        </section>
      </div>
      <DetailsSection key={`details${saved}`} profile={profile} />
      <AddressesSection key={`addresses${saved}`} profile={profile} />
      {profile.orders ? <OrdersSection orders={profile.orders} /> : null}
      <Outlet />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
