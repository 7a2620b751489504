import { useTranslation } from "react-i18next";

import type { WidgetData, WidgetViewProps } from "../../define-widget";
import { Pagination } from "../../paging/pagination";
import { pageCount, pageSlice, shownPage } from "../../paging/paging";
import { faqItems } from "./entries";
import type { FaqFields } from "./fields.server";
import type { load } from "./load.server";

type Props = WidgetViewProps<FaqFields, WidgetData<typeof load>>;

/**
 * core/faq: an accordion with one question open at a time. Native <details name> makes the
 * group exclusive without JavaScript; with it, the opened question scrolls smoothly into view.
 * The questions are the widget's own items, then those of fields.group (loaded on the server),
 * `limit` a page from `offset` on, with links to the other pages (decision 071).
 */
export function FaqView({ widget, fields, data, env }: Props) {
  const { t } = useTranslation();
  const all = faqItems(widget.items, data);
  const pages = pageCount(all.length, fields);
  const address = env.address ?? { pathname: "", search: "" };
  const page = shownPage(address.search, widget.id, pages);
  const items = pageSlice(all, fields, page);
  if (items.length === 0) return null;
  const group = `faq-${widget.id}`;
  const heading = fields.heading || t("widgets.faqHeading");
  const exclusive = { name: group } as Record<string, string>;
  return (
    <section className="my-6" aria-labelledby={`${group}-heading`}>
      <h2 id={`${group}-heading`} className="mb-4 font-serif text-2xl font-semibold">
        {heading}
      </h2>
      <div className="divide-y divide-stone-200 rounded-lg border border-stone-200 dark:divide-stone-700 dark:border-stone-700">
        {items.map((item) => (
          <details
            key={item.id}
            {...exclusive}
            className="faq-item group"
            onToggle={(e) => {
              const el = e.currentTarget;
              if (el.open && !window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
                el.scrollIntoView({ behavior: "smooth", block: "nearest" });
              }
            }}
          >
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-4 py-3 font-medium">
              <span dir="auto">{item.name}</span>
              <span aria-hidden="true" className="transition-transform group-open:rotate-45">
                +
              </span>
            </summary>
            <div dir="auto" className="prose-cms px-4 pb-4" dangerouslySetInnerHTML={{ __html: item.content }} />
          </details>
        ))}
      </div>
      <Pagination
        widgetId={widget.id}
        page={page}
        pages={pages}
        address={address}
        name={heading}
        className={fields.pagination_class}
        anchor={`${group}-heading`}
      />
    </section>
  );
}
