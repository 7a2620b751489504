import { useTranslation } from "react-i18next";
import type { Link } from "~/lib/api/schemas";
import type { WidgetProps } from "../types";
import { str } from "../types";

/** core/link_children: the links under a parent, each opening in a new tab. */
export function LinkChildrenWidget({ widget, data }: WidgetProps<Link[] | null | undefined>) {
  const { t } = useTranslation();
  const links = (data ?? []).filter((l) => /^(https?:|mailto:|tel:|\/)/i.test(l.link));
  if (links.length === 0) return null;
  return (
    <nav aria-label={str(widget.fields, "heading") || t("widgets.links")} className="my-4">
      <h2 className="mb-2 text-xl font-semibold">{str(widget.fields, "heading") || t("widgets.links")}</h2>
      <ul className="flex flex-wrap gap-3">
        {links.map((l) => (
          <li key={`${l.link}-${l.name}`}>
            <a href={l.link} target="_blank" rel="noopener noreferrer" className="underline underline-offset-4 hover:text-brand">
              {l.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
