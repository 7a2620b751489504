import { Picture } from "~/components/image";
import type { WidgetProps } from "../types";
import { str } from "../types";
import type { ImageWithContentData } from "./content.server";
import { WidgetButton, hasButton } from "./link-target";

/**
 * core/image_with_content: an image beside a heading, rich text and a button; two columns from
 * md up (the image at the start, or at the end for image_position "right"), stacked on phones.
 */
export function ImageWithContentWidget({ widget, data }: WidgetProps<ImageWithContentData | null | undefined>) {
  const { fields } = widget;
  const image = data?.image ?? null;
  const heading = str(fields, "heading").trim();
  const html = str(fields, "html");
  const button = hasButton(fields);
  if (!image && !heading && !html && !button) return null;
  // "left" and "right" are read as start and end, so a right-to-left page mirrors the layout.
  const imageAtEnd = str(fields, "image_position", "left") === "right";
  const text = heading || html || button;
  return (
    <div className={`my-8 grid items-center gap-6 md:gap-10 ${image && text ? "md:grid-cols-2" : ""}`}>
      {image ? (
        <div className={`overflow-hidden rounded-lg shadow-sm ${imageAtEnd ? "md:order-last" : ""}`}>
          <Picture image={image} alt={str(fields, "image_alt")} sizes={text ? "(min-width: 1152px) 560px, (min-width: 768px) 50vw, 100vw" : "100vw"} />
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
