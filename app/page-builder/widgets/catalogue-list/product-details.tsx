import { useTranslation } from "react-i18next";

import type { Product } from "@contract/catalogue";
import { atImageWidth, Picture } from "~/components/image";

import { AddToCart, type ProductShop } from "./add-to-cart";
import { type Contact, formatPrice, mailtoHref, productPath, telHref } from "./format";

/**
 * A product's photos: every photo's large picture, only the chosen one shown (the others
 * `hidden`, so they load only when shown), and thumbnails. A thumbnail is a `?photo=N` link, a
 * page load without JavaScript; in the product view's dialog the enhancer shows its photo in place.
 */
function ProductPhotos({ product, selected }: { product: Product; selected: number }) {
  const { t } = useTranslation();
  if (product.photos.length === 0) return null;
  return (
    <div className="md:col-start-1 md:row-span-2 md:row-start-1">
      {product.photos.map((ph, i) => (
        <div key={ph.id} data-photo-large={i} hidden={i !== selected}>
          <Picture
            image={atImageWidth(ph.image, 1200)}
            alt={product.name}
            sizes="(min-width: 768px) 600px, 100vw"
            priority={i === selected}
            className="rounded-md"
          />
        </div>
      ))}
      {product.photos.length > 1 ? (
        <ul className="mt-3 grid grid-cols-4 gap-2">
          {product.photos.map((ph, i) => (
            <li key={ph.id}>
              <a
                href={`?photo=${i + 1}`}
                data-photo={i}
                aria-current={i === selected ? "true" : undefined}
                className="block overflow-hidden rounded border-2 border-transparent aria-[current=true]:border-brand dark:aria-[current=true]:border-amber-200"
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

/** Dimensions, timber and finish, those the product has; nothing when it has none. */
function ProductFacts({ product }: { product: Product }) {
  const { t } = useTranslation();
  const facts = [
    { label: t("catalogue.dimensions"), value: product.dimensions },
    { label: t("catalogue.timber"), value: product.timber },
    { label: t("catalogue.finish"), value: product.finish },
  ].filter((f) => f.value.trim());
  if (facts.length === 0) return null;
  return (
    <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-y border-stone-200 py-3 dark:border-stone-700">
      {facts.map((f) => (
        <div key={f.label} className="contents">
          <dt className="font-medium">{f.label}</dt>
          <dd dir="auto">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The enquiry form on /contact, with the product's name and address filled in. */
export const enquiryHref = (product: Product) =>
  `/contact?${new URLSearchParams({ form: "enquiry", product: product.name, product_url: productPath(product) })}`;

/**
 * "Enquire about this piece": the enquiry form with the product filled in; an e-mail to the site's
 * address (the product's name as the subject) and its phone number beside it.
 */
function Enquire({ product, contact }: { product: Product; contact: Contact | null }) {
  const { t } = useTranslation();
  const mail = contact ? mailtoHref(contact.email, t("catalogue.enquirySubject", { name: product.name })) : null;
  const tel = contact ? telHref(contact.phone) : null;
  const secondary =
    "inline-flex min-h-11 items-center text-brand underline decoration-1 underline-offset-4 hover:decoration-2 dark:text-amber-200";
  return (
    <p className="mt-6 flex flex-wrap items-center gap-3">
      <a
        href={enquiryHref(product)}
        data-enquire
        className="inline-flex min-h-11 items-center justify-center rounded-md bg-brand px-5 font-medium text-white no-underline hover:bg-brand-dark"
      >
        {t("catalogue.enquire")}
      </a>
      {mail ? (
        <a href={mail} className={secondary}>
          {t("forms.enquireByEmail")}
        </a>
      ) : null}
      {tel && contact ? (
        <a href={tel} className={secondary}>
          {/* The number isolated (FSI … PDI), so a right-to-left sentence keeps its digit groups in order. */}
          {t("catalogue.call", { phone: `\u2068${contact.phone}\u2069` })}
        </a>
      ) : null}
    </p>
  );
}

/**
 * One rendering of a product, server-side: its name and price first (the first screen on a
 * phone), then its photos, its description, facts and call to action; on wider screens the photos
 * take the left column. Marked `data-product-details`: the product view's dialog shows this same
 * element, taken from the product's page (app/enhancers/product-view.ts).
 */
export function ProductDetails({
  product,
  selected,
  contact,
  shop = null,
}: {
  product: Product;
  selected: number;
  contact: Contact | null;
  /** With the shop open: the product's SKUs and the form's token; else null (no form, no token). */
  shop?: ProductShop | null;
}) {
  return (
    <div data-product-details className="grid gap-x-8 gap-y-4 md:grid-cols-2 md:grid-rows-[auto_1fr]">
      <div className="md:col-start-2">
        <h1 dir="auto" className="font-serif text-3xl font-semibold">
          {product.name}
        </h1>
        <p className="mt-1 text-2xl font-semibold text-brand dark:text-amber-200">{formatPrice(product.price)}</p>
      </div>
      <ProductPhotos product={product} selected={selected} />
      <div className="md:col-start-2">
        <div dir="auto" className="prose-cms" dangerouslySetInnerHTML={{ __html: product.description }} />
        <ProductFacts product={product} />
        {shop ? <AddToCart shop={shop} productId={product.id} /> : null}
        <Enquire product={product} contact={contact} />
      </div>
    </div>
  );
}
