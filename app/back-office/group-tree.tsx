import { Form, Link } from "@remix-run/react";

import { CsrfInput } from "~/components/member/csrf-input";

import type { GroupChoice } from "./record-form";
import { useBackOfficeText } from "./text";
import { inputClass, smallButtonClass } from "./ui";

export interface GroupNode extends GroupChoice {
  parent_id: number | null;
}

/**
 * The groups as an indented tree. Each has a small form to re-parent it: a new parent (none: a
 * root) and its position among the new parent's children, posted as `/admin/group/move`.
 */
export function GroupTree({ groups, csrf }: { groups: readonly GroupNode[]; csrf: string }) {
  const t = useBackOfficeText();
  return (
    <ul className="divide-y divide-stone-200 dark:divide-stone-700" aria-label={t("records.models.group")}>
      {groups.map((g) => (
        <li
          key={g.id}
          className="flex flex-wrap items-center gap-3 py-2"
          style={{ paddingInlineStart: `${g.level * 1.5}rem` }}
        >
          <Link to={`/cms/records/group/${g.id}`} className="min-w-40 underline">
            {g.name}
          </Link>
          <Form
            method="post"
            className="flex flex-wrap items-end gap-2 text-sm"
            aria-label={t("records.moveGroup", { name: g.name })}
          >
            <CsrfInput value={csrf} />
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="id" value={g.id} />
            <label>
              {t("records.parent")}
              <select name="parent_id" defaultValue={g.parent_id ?? ""} className={inputClass}>
                <option value="">{t("records.noParent")}</option>
                {groups
                  .filter((o) => o.id !== g.id)
                  .map((o) => (
                    <option key={o.id} value={o.id}>
                      {`${"\u2014 ".repeat(o.level)}${o.name}`}
                    </option>
                  ))}
              </select>
            </label>
            <label>
              {t("records.position")}
              <input type="number" name="position" min={0} defaultValue={0} className={`${inputClass} w-20`} />
            </label>
            <button type="submit" className={smallButtonClass}>
              {t("records.move")}
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
