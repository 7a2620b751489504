import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import type { Product } from "@contract/catalogue";
import { Picture } from "~/components/image";

import { formatPrice, productPath } from "./format";

/**
 * A grid of product cards, each a link to the product's page (`data-product-card`: with
 * JavaScript the product view opens it in a dialog). The first grid's first card is usually the
 * largest thing on a phone's first screen (the page's LCP element): its photo loads at once, with
 * high priority, and the rest wait until they come near the viewport.
 */
export function ProductGrid({ products, first = false }: { products: Product[]; first?: boolean }) {
  const { t } = useTranslation();
  if (products.length === 0) return <p>{t("catalogue.empty")}</p>;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {products.map((p, i) => (
        <li key={p.id}>
          <Link
            to={productPath(p)}
            data-product-card
            className="group block overflow-hidden rounded-lg border border-stone-200 bg-white no-underline shadow-sm hover:shadow-md aria-busy:opacity-70 dark:border-stone-700 dark:bg-stone-800"
          >
            {p.photos[0] ? (
              <Picture
                image={p.photos[0].image}
                alt=""
                sizes="(min-width: 1024px) 370px, (min-width: 640px) 50vw, 100vw"
                priority={first && i === 0}
              />
            ) : null}
            <span className="flex items-baseline justify-between gap-3 p-4">
              <span dir="auto" className="font-medium group-hover:text-brand dark:group-hover:text-amber-200">
                {p.name}
              </span>
              <span className="font-semibold">{formatPrice(p.price)}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
