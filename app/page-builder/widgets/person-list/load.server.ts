import { getPeople } from "~/lib/api/people.server";
import { sanitizeCmsHtml } from "~/lib/cms-html.server";

import type { WidgetLoadArgs } from "../../define-widget";
import type { PersonListFields } from "./fields.server";

/** core/person_list: the people of the widget's group, 64 by default (spec), photos 4x3 at 900 wide. */
export async function load({ fields, transport, embedOrigins = [] }: WidgetLoadArgs<PersonListFields>) {
  const group = fields.group.trim();
  const people = await getPeople(transport, { group, pageSize: fields.page_size, imageAspect: "4x3", imageWidth: 900 });
  return people.map((p) => ({ ...p, description: sanitizeCmsHtml(p.description, embedOrigins) }));
}
