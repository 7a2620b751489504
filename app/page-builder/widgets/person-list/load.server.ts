import { getPeople } from "~/lib/api/people.server";

import type { WidgetLoadArgs } from "../../define-widget";
import type { PersonListFields } from "./fields.server";

/** core/person_list: the people of the widget's group, 64 by default (spec), photos 4x3 at 900 wide. */
export function load({ fields, transport }: WidgetLoadArgs<PersonListFields>) {
  const group = fields.group.trim();
  return getPeople(transport, { group, pageSize: fields.page_size, imageAspect: "4x3", imageWidth: 900 });
}
