import { Picture } from "~/components/image";

import type { WidgetData, WidgetViewProps } from "../../define-widget";
import { Pagination } from "../../paging/pagination";
import { pageCount, pageSlice, shownPage } from "../../paging/paging";
import { WidgetSection } from "../../shared/widget-section";
import type { PersonListFields } from "./fields.server";
import type { load } from "./load.server";

type Props = WidgetViewProps<PersonListFields, WidgetData<typeof load>>;

/**
 * core/person_list: one row per person, photo beside name, title and description, alternating
 * from md up (even rows photo at the start, odd rows at the end); stacked photo-first on phones.
 */
export function PersonListView({ widget, fields, data, env }: Props) {
  const all = Array.isArray(data) ? data : [];
  const pages = pageCount(all.length, fields);
  const address = env.address ?? { pathname: "", search: "" };
  const page = shownPage(address.search, widget.id, pages);
  const people = pageSlice(all, fields, page);
  if (people.length === 0) return null;
  const heading = fields.heading.trim();
  // Names sit one level under the widget's heading, or under the page's h1 when it has none.
  const NameHeading = heading ? "h3" : "h2";
  return (
    <WidgetSection heading={heading}>
      <ul className="flex flex-col gap-12">
        {people.map((p, i) => {
          const name = `${p.first_name} ${p.last_name}`.trim();
          return (
            <li key={p.id} className={`grid items-center gap-6 md:gap-10 ${p.photo ? "md:grid-cols-2" : ""}`}>
              {p.photo ? (
                <div className={`overflow-hidden rounded-lg shadow-sm ${i % 2 === 1 ? "md:order-last" : ""}`}>
                  <Picture image={p.photo} alt="" sizes="(min-width: 1152px) 560px, (min-width: 768px) 50vw, 100vw" />
                </div>
              ) : null}
              <div className="flex flex-col gap-2">
                {name ? (
                  <NameHeading dir="auto" className="font-serif text-2xl font-semibold">
                    {name}
                  </NameHeading>
                ) : null}
                {p.title ? (
                  <p dir="auto" className="text-sm font-medium uppercase tracking-wide opacity-80">
                    {p.title}
                  </p>
                ) : null}
                {p.description ? (
                  <div dir="auto" className="prose-cms" dangerouslySetInnerHTML={{ __html: p.description }} />
                ) : null}
              </div>
            </li>
          );
        })}
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
