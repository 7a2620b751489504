import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { enhance } from "~/enhancers/names";

import type { WidgetData, WidgetViewProps } from "../../define-widget";
import { Breadcrumb, TEXT_LINK } from "./breadcrumb";
import { CategoryNav } from "./category-nav";
import type { CatalogueListFields } from "./fields.server";
import type { load } from "./load.server";
import { ProductDetails } from "./product-details";
import { ProductDialog } from "./product-dialog";
import { ProductGrid } from "./product-grid";

export { formatPrice } from "./format";

type Props = WidgetViewProps<CatalogueListFields, WidgetData<typeof load>>;

/**
 * Catalogue/list: every category (/catalogue), one category (/catalogue/{group}) or one product
 * (/catalogue/{group}/{product}), under a breadcrumb Home › Catalogue › group. The overview starts
 * with chips that jump to each category's section; a category's page links its siblings. A
 * product card is a link to the product's page; with JavaScript the `product-view` enhancer opens
 * it in a dialog and puts its address in the history (decision 036).
 */
export function CatalogueListView({ data }: Props) {
  const { t } = useTranslation();
  const { search } = useLocation();
  if (!data || !Array.isArray(data.groups) || !Array.isArray(data.products)) return null;
  const home = { name: t("nav.home"), to: "/" };
  const catalogue = { name: t("catalogue.heading"), to: "/catalogue" };

  if (data.product && data.group) {
    const photo = Math.max(0, Number(new URLSearchParams(search).get("photo") ?? 1) - 1) || 0;
    return (
      <section className="my-4 sm:my-6">
        <Breadcrumb
          items={[
            home,
            catalogue,
            { name: data.group.name, to: `/catalogue/${data.group.slug}` },
            { name: data.product.name },
          ]}
        />
        <ProductDetails
          product={data.product}
          selected={Math.min(photo, data.product.photos.length - 1)}
          contact={data.contact ?? null}
          shop={data.shop ?? null}
        />
        <p className="mt-6">
          <Link to={`/catalogue/${data.group.slug}`} className={TEXT_LINK}>
            {t("catalogue.backTo", { name: data.group.name })}
          </Link>
        </p>
      </section>
    );
  }

  const products = data.products.length > 0;
  return (
    <section className="my-4 sm:my-6" data-enhance={products ? enhance("product-view") : undefined}>
      {data.group ? (
        <>
          <Breadcrumb items={[home, catalogue, { name: data.group.name }]} />
          <h1 dir="auto" className="mb-4 font-serif text-4xl font-semibold">
            {data.group.name}
          </h1>
          <CategoryNav groups={data.groups} current={data.group} />
          {data.group.content ? (
            <div dir="auto" className="prose-cms mb-6" dangerouslySetInnerHTML={{ __html: data.group.content }} />
          ) : null}
          <ProductGrid products={data.products} first />
        </>
      ) : (
        <>
          <Breadcrumb items={[home, { name: t("catalogue.heading") }]} />
          <CategoryNav groups={data.groups} />
          {data.groups.map((g, i) => (
            <div key={g.id} id={g.slug} className="mb-10">
              <h2 dir="auto" className="mb-4 font-serif text-2xl font-semibold">
                <Link to={`/catalogue/${g.slug}`} className="no-underline hover:text-brand dark:hover:text-amber-200">
                  {g.name}
                </Link>
              </h2>
              <ProductGrid products={data.products.filter((p) => p.group?.id === g.id)} first={i === 0} />
            </div>
          ))}
        </>
      )}
      {products ? <ProductDialog /> : null}
    </section>
  );
}
