import { Picture } from "~/components/image";

import type { WidgetData, WidgetViewProps } from "../../define-widget";
import { Pagination } from "../../paging/pagination";
import { pageCount, pageSlice, shownPage } from "../../paging/paging";
import { showable } from "../../shared/testimonials";
import { WidgetSection } from "../../shared/widget-section";
import type { TestimonialGridFields } from "./fields.server";
import type { load } from "./load.server";
import { Stars } from "./stars";

type Props = WidgetViewProps<TestimonialGridFields, WidgetData<typeof load>>;

/** core/testimonial_grid: a grid of testimonial cards, each with its star rating when it has one. */
export function TestimonialGridView({ widget, fields, data, env }: Props) {
  const all = (Array.isArray(data) ? data : []).filter(showable);
  const pages = pageCount(all.length, fields);
  const address = env.address ?? { pathname: "", search: "" };
  const page = shownPage(address.search, widget.id, pages);
  const items = pageSlice(all, fields, page);
  if (items.length === 0) return null;
  const heading = fields.heading.trim();
  return (
    <WidgetSection heading={heading} className="my-10">
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li
            key={item.id}
            className="rounded-lg border border-stone-200 bg-white p-6 text-stone-900 shadow-sm dark:border-stone-700 dark:bg-stone-800 dark:text-stone-100"
          >
            <figure className="flex h-full flex-col gap-4">
              <Stars rating={item.rating} />
              {item.content ? (
                <blockquote dir="auto" className="prose-cms" dangerouslySetInnerHTML={{ __html: item.content }} />
              ) : null}
              {item.name || item.title || item.image ? (
                <figcaption className="mt-auto flex items-center gap-3">
                  {item.image ? (
                    <div className="size-16 shrink-0 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-700">
                      <Picture image={item.image} alt="" sizes="64px" />
                    </div>
                  ) : null}
                  <div dir="auto" className="min-w-0">
                    {item.name ? <span className="block font-semibold">{item.name}</span> : null}
                    {item.title ? (
                      <span className="block text-sm text-stone-600 dark:text-stone-300">{item.title}</span>
                    ) : null}
                  </div>
                </figcaption>
              ) : null}
            </figure>
          </li>
        ))}
      </ul>
      <Pagination
        widgetId={widget.id}
        page={page}
        pages={pages}
        address={address}
        name={heading}
        className={fields.pagination_class}
      />
    </WidgetSection>
  );
}
