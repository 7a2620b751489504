import { Picture } from "~/components/image";

import type { WidgetData, WidgetViewProps } from "../../define-widget";
import { hasButton, WidgetButton } from "../../shared/link-target";
import type { ImageWithContentFields } from "./fields.server";
import type { load } from "./load.server";

const SIZES_BESIDE_TEXT = "(min-width: 1152px) 560px, (min-width: 768px) 50vw, 100vw";

type Props = WidgetViewProps<ImageWithContentFields, WidgetData<typeof load>>;

/**
 * core/image_with_content: an image beside a heading, rich text and a button; two columns from
 * md up (the image at the start, or at the end for image_position "right"), stacked on phones.
 */
export function ImageWithContentView({ fields, data }: Props) {
  const image = data?.image ?? null;
  const heading = fields.heading.trim();
  const { html } = fields;
  const button = hasButton(fields);
  if (!image && !heading && !html && !button) return null;
  // "left" and "right" are read as start and end, so a right-to-left page mirrors the layout.
  const imageAtEnd = fields.image_position === "right";
  const text = heading || html || button;
  return (
    <div className={`my-8 grid items-center gap-6 md:gap-10 ${image && text ? "md:grid-cols-2" : ""}`}>
      {image ? (
        <div className={`overflow-hidden rounded-lg shadow-sm ${imageAtEnd ? "md:order-last" : ""}`}>
          <Picture image={image} alt={fields.image_alt} sizes={text ? SIZES_BESIDE_TEXT : "100vw"} />
        </div>
      ) : null}
      {text ? (
        <div className="flex flex-col items-start gap-4">
          {heading ? (
            <h2 dir="auto" className="font-serif text-3xl font-semibold tracking-tight">
              {heading}
            </h2>
          ) : null}
          {html ? <div dir="auto" className="prose-cms" dangerouslySetInnerHTML={{ __html: html }} /> : null}
          <WidgetButton fields={fields} className="mt-2" />
        </div>
      ) : null}
    </div>
  );
}
