import { Link, useLocation } from "@remix-run/react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";

import { atImageWidth, Picture } from "~/components/image";
import type { Product } from "~/lib/api/schemas";

import type { WidgetData, WidgetViewProps } from "../../define-widget";
import type { CatalogueListFields } from "./fields.server";
import type { load } from "./load.server";

/** "$389", "$2,450.50": a $ prefix, and two decimals only where there are cents. */
export function formatPrice(price: number) {
  const cents = Math.round(price * 100) % 100 !== 0;
  return `$${price.toLocaleString("en-AU", { minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: 2 })}`;
}

const productPath = (p: Product) => `/catalogue/${p.group?.slug ?? ""}/${p.slug}`;

function Breadcrumb({ items }: { items: { name: string; to?: string }[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("nav.breadcrumb")} className="mb-4 text-sm">
      <ol className="flex flex-wrap items-center gap-2">
        {items.map((item, i) => (
          <li key={i} className="flex items-center gap-2">
            {i > 0 ? <span aria-hidden="true">›</span> : null}
            {item.to ? (
              <Link to={item.to} className="underline-offset-4 hover:underline">
                {item.name}
              </Link>
            ) : (
              <span aria-current="page" dir="auto" className="font-medium">
                {item.name}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A product's photos: the big one and thumbnails; without JavaScript thumbnails are ?photo= links. */
function ProductPhotos({
  product,
  selected,
  onSelect,
}: {
  product: Product;
  selected: number;
  onSelect?: (i: number) => void;
}) {
  const { t } = useTranslation();
  const photo = product.photos[selected] ?? product.photos[0];
  if (!photo) return null;
  return (
    <div>
      <Picture
        image={atImageWidth(photo.image, 1200)}
        alt={product.name}
        sizes="(min-width: 768px) 600px, 100vw"
        priority
        className="rounded-md"
      />
      {product.photos.length > 1 ? (
        <ul className="mt-3 grid grid-cols-4 gap-2">
          {product.photos.map((ph, i) => (
            <li key={ph.id}>
              <a
                href={`?photo=${i + 1}`}
                aria-current={i === selected ? "true" : undefined}
                onClick={
                  onSelect
                    ? (e) => {
                        e.preventDefault();
                        onSelect(i);
                      }
                    : undefined
                }
                className={`block overflow-hidden rounded border-2 ${i === selected ? "border-brand" : "border-transparent"}`}
              >
                <Picture
                  image={atImageWidth(ph.image, 200)}
                  alt={t("catalogue.photo", { number: i + 1, name: product.name })}
                  sizes="120px"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ProductDetails({
  product,
  selected,
  onSelect,
  headingLevel,
}: {
  product: Product;
  selected: number;
  onSelect?: (i: number) => void;
  headingLevel: "h1" | "h2";
}) {
  const Heading = headingLevel;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <ProductPhotos product={product} selected={selected} onSelect={onSelect} />
      <div>
        <Heading dir="auto" className="font-serif text-3xl font-semibold">
          {product.name}
        </Heading>
        <p className="mt-2 text-2xl font-semibold text-brand dark:text-amber-200">{formatPrice(product.price)}</p>
        <div dir="auto" className="prose-cms mt-4" dangerouslySetInnerHTML={{ __html: product.description }} />
      </div>
    </div>
  );
}

/** The product modal: closes on the close button, Escape (native) or a click on the overlay; focus stays inside. */
function ProductModal({ product, onClose }: { product: Product; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement | null>(null);
  const [selected, setSelected] = useState(0);
  return (
    // A click on the backdrop closes the dialog too; keyboards close it with Escape (native) or the close
    // button, so the click needs no key handler of its own.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={(el) => {
        ref.current = el;
        if (el && !el.open) el.showModal();
      }}
      aria-label={product.name}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) ref.current?.close();
      }}
      className="product-modal m-auto max-h-[min(90vh,720px)] w-[min(96vw,960px)] overflow-auto rounded-lg bg-white p-6 text-stone-900 shadow-xl backdrop:bg-black/60 dark:bg-stone-900 dark:text-stone-100"
    >
      <form method="dialog" className="flex justify-end">
        <button
          type="submit"
          className="rounded px-3 py-1 text-lg hover:bg-stone-100 dark:hover:bg-stone-800"
          aria-label={t("catalogue.close")}
        >
          ✕
        </button>
      </form>
      <ProductDetails product={product} selected={selected} onSelect={setSelected} headingLevel="h2" />
    </dialog>
  );
}

/**
 * A grid of product cards. The first grid's first card is usually the largest thing on a phone's
 * first screen (the page's LCP element): its photo loads at once, with high priority, and the
 * rest wait until they come near the viewport.
 */
function ProductGrid({
  products,
  onOpen,
  first = false,
}: {
  products: Product[];
  onOpen: (p: Product) => void;
  first?: boolean;
}) {
  const { t } = useTranslation();
  if (products.length === 0) return <p>{t("catalogue.empty")}</p>;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {products.map((p, i) => (
        <li key={p.id}>
          <Link
            to={productPath(p)}
            onClick={(e) => {
              if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
              e.preventDefault();
              onOpen(p);
            }}
            className="group block overflow-hidden rounded-lg border border-stone-200 bg-white no-underline shadow-sm hover:shadow-md dark:border-stone-700 dark:bg-stone-800"
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
              <span dir="auto" className="font-medium group-hover:text-brand">
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

type Props = WidgetViewProps<CatalogueListFields, WidgetData<typeof load>>;

/**
 * Catalogue/list: every category (/catalogue), one category (/catalogue/{group}) or one product
 * (/catalogue/{group}/{product}), with a breadcrumb Home › Catalogue › group. With JavaScript a
 * product opens in a modal; without it, the product link is its own page.
 */
export function CatalogueListView({ data }: Props) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const [open, setOpen] = useState<Product | null>(null);
  if (!data || !Array.isArray(data.groups) || !Array.isArray(data.products)) return null;
  const home = { name: t("nav.home"), to: "/" };
  const catalogue = { name: t("catalogue.heading"), to: "/catalogue" };

  if (data.product && data.group) {
    const photo = Math.max(0, Number(new URLSearchParams(search).get("photo") ?? 1) - 1);
    return (
      <section className="my-6">
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
          headingLevel="h1"
        />
        <p className="mt-6">
          <Link to={`/catalogue/${data.group.slug}`}>{t("catalogue.backTo", { name: data.group.name })}</Link>
        </p>
      </section>
    );
  }

  return (
    <section className="my-6">
      {data.group ? (
        <>
          <Breadcrumb items={[home, catalogue, { name: data.group.name }]} />
          <h1 dir="auto" className="font-serif text-4xl font-semibold">
            {data.group.name}
          </h1>
          {data.group.content ? (
            <div dir="auto" className="prose-cms mb-6" dangerouslySetInnerHTML={{ __html: data.group.content }} />
          ) : null}
          <ProductGrid products={data.products} onOpen={setOpen} first />
        </>
      ) : (
        <>
          <Breadcrumb items={[home, { name: t("catalogue.heading") }]} />
          {data.groups.map((g, i) => (
            <div key={g.id} className="mb-10">
              <h2 dir="auto" className="mb-4 font-serif text-2xl font-semibold">
                <Link to={`/catalogue/${g.slug}`} className="no-underline hover:text-brand">
                  {g.name}
                </Link>
              </h2>
              <ProductGrid
                products={data.products.filter((p) => p.group?.id === g.id)}
                onOpen={setOpen}
                first={i === 0}
              />
            </div>
          ))}
        </>
      )}
      {open ? <ProductModal product={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
