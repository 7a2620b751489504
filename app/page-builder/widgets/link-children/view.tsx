import { useTranslation } from "react-i18next";

import type { WidgetData, WidgetViewProps } from "../../define-widget";
import type { LinkChildrenFields } from "./fields.server";
import type { load } from "./load.server";

type Props = WidgetViewProps<LinkChildrenFields, WidgetData<typeof load>>;

/** core/link_children: the links under a parent, each opening in a new tab. */
export function LinkChildrenView({ fields, data }: Props) {
  const { t } = useTranslation();
  const links = (data ?? []).filter((l) => /^(https?:|mailto:|tel:|\/)/i.test(l.link));
  if (links.length === 0) return null;
  const heading = fields.heading || t("widgets.links");
  return (
    <nav aria-label={heading} className="my-4">
      <h2 className="mb-2 text-xl font-semibold">{heading}</h2>
      <ul className="flex flex-wrap gap-3">
        {links.map((l) => (
          <li key={`${l.link}-${l.name}`}>
            <a
              href={l.link}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-6 items-center underline underline-offset-4 hover:text-brand"
            >
              {l.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
