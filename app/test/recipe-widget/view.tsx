import type { WidgetData, WidgetViewProps } from "~/page-builder/define-widget";

import type { QuotesFields } from "./fields.server";
import type { load } from "./load.server";

type Props = WidgetViewProps<QuotesFields, WidgetData<typeof load>>;

/** test/quotes: who said kind words, under a heading. */
export function QuotesView({ fields, data }: Props) {
  const names = data?.names ?? [];
  if (names.length === 0) return null;
  return (
    <section aria-label={fields.heading}>
      <h2>{fields.heading}</h2>
      <ul>
        {names.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    </section>
  );
}
