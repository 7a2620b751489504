import type { Faq } from "@contract/content";
import { getFaqs } from "~/lib/api/faqs.server";
import { sanitizeCmsHtml } from "~/lib/cms-html.server";

import type { WidgetLoadArgs } from "../../define-widget";
import type { FaqFields } from "./fields.server";

/** core/faq: the questions of its group, when it names one (inline items need no load). */
export async function load({
  fields,
  transport,
  embedOrigins = [],
}: WidgetLoadArgs<FaqFields>): Promise<Faq[] | undefined> {
  if (fields.group === null || fields.group === "") return undefined;
  const faqs = await getFaqs(transport, fields.group);
  return faqs.map((faq) => ({ ...faq, content: sanitizeCmsHtml(faq.content, embedOrigins) }));
}
