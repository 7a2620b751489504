import { Picture } from "~/components/image";

import type { WidgetData, WidgetViewProps } from "../../define-widget";
import type { TplHeadingFields } from "./fields.server";
import type { load } from "./load.server";

type Props = WidgetViewProps<TplHeadingFields, WidgetData<typeof load>>;

/**
 * tpl/heading: a page title (h2, or h1 when level is "h1") with an optional subtitle, over its
 * background image (16x5) darkened enough for white text to pass WCAG AA on any photo, or on a
 * plain brand band without one. The box has a fixed aspect ratio, so the image loading moves nothing.
 */
export function TplHeadingView({ fields, data, env }: Props) {
  const title = fields.title.trim() || fields.heading.trim();
  if (!title) return null;
  const subtitle = fields.subtitle.trim();
  const h1 = fields.level === "h1";
  // On an item's own view (/page/{item}) the item's name is the page's h1, as with core/heading.
  const Tag = h1 ? (env.itemUrl ? "p" : "h1") : "h2";
  const image = data?.image ?? null;
  const text = (
    <div className="relative mx-auto max-w-4xl px-6 text-center">
      <Tag dir="auto" className="font-serif text-3xl font-bold tracking-tight drop-shadow md:text-5xl">
        {title}
      </Tag>
      {subtitle ? (
        <p dir="auto" className="mt-3 text-lg drop-shadow md:text-xl">
          {subtitle}
        </p>
      ) : null}
    </div>
  );
  if (!image) {
    return <div className="bg-brand py-12 text-white md:py-16">{text}</div>;
  }
  return (
    <div className="relative flex aspect-[16/9] w-full items-center justify-center overflow-hidden bg-stone-800 text-white md:aspect-[16/5]">
      {/* A heading at the top of a page is its largest paint: load it at once. */}
      <Picture image={image} alt="" sizes="100vw" priority={h1} className="absolute inset-0 h-full object-cover" />
      {/* 55% black: white text over even a white photo stays above 4.5:1. */}
      <div className="absolute inset-0 bg-black/55" aria-hidden="true" />
      {text}
    </div>
  );
}
