import type { Image } from "@contract/media";
import { Picture } from "~/components/image";

import type { WidgetData, WidgetViewProps } from "../../define-widget";
import { hasButton, WidgetButton } from "../../shared/link-target";
import type { CallToActionFields } from "./fields.server";
import type { load } from "./load.server";

function SideImage({ image, className }: { image: Image; className: string }) {
  return (
    <div className={`overflow-hidden rounded-lg shadow-sm ${className}`}>
      <Picture image={image} alt="" sizes="(min-width: 768px) 300px, 50vw" />
    </div>
  );
}

type Props = WidgetViewProps<CallToActionFields, WidgetData<typeof load>>;

/**
 * core/call_to_action: a heading, subheading, text and button in the centre between two small
 * images (16x9, 300 wide). On phones the two images sit side by side above the text.
 */
export function CallToActionView({ fields, data }: Props) {
  const left = data?.left ?? null;
  const right = data?.right ?? null;
  const heading = fields.heading.trim();
  const subheading = fields.subheading.trim();
  const { html } = fields;
  const button = hasButton(fields);
  const text = Boolean(heading || subheading || html || button);
  if (!text && !left && !right) return null;
  return (
    <div className="my-8 grid grid-cols-2 items-center gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_minmax(0,1fr)] md:gap-10">
      {left ? <SideImage image={left} className="col-start-1 row-start-1" /> : null}
      {text ? (
        <div
          className={`col-span-2 ${left || right ? "row-start-2" : ""} flex flex-col items-center gap-3 text-center md:col-span-1 md:col-start-2 md:row-start-1`}
        >
          {heading ? (
            <h2 dir="auto" className="font-serif text-3xl font-semibold tracking-tight">
              {heading}
            </h2>
          ) : null}
          {subheading ? (
            <p dir="auto" className="text-lg font-medium md:text-xl">
              {subheading}
            </p>
          ) : null}
          {html ? <div dir="auto" className="prose-cms" dangerouslySetInnerHTML={{ __html: html }} /> : null}
          <WidgetButton fields={fields} className="mt-2" />
        </div>
      ) : null}
      {right ? <SideImage image={right} className="col-start-2 row-start-1 md:col-start-3" /> : null}
    </div>
  );
}
