import type { Faq } from "~/lib/api/faqs.server";
import { getFaqs } from "~/lib/api/faqs.server";

import type { WidgetLoadArgs } from "../../define-widget";
import type { FaqFields } from "./fields.server";

/** core/faq: the questions of its group, when it names one (inline items need no load). */
export async function load({ fields, transport }: WidgetLoadArgs<FaqFields>): Promise<Faq[] | undefined> {
  if (fields.group === null || fields.group === "") return undefined;
  return getFaqs(transport, fields.group);
}
