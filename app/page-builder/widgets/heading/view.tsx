import type { WidgetViewProps } from "../../define-widget";
import type { HeadingFields } from "./fields.server";

const sizes = {
  h1: "text-4xl md:text-5xl",
  h2: "text-3xl md:text-4xl",
  h3: "text-2xl",
  h4: "text-xl",
} as const;

type Props = WidgetViewProps<HeadingFields>;

/** core/heading: h1 to h4, optionally centred. */
export function HeadingView({ fields, env }: Props) {
  const text = fields.text || fields.heading;
  if (!text) return null;
  const { level } = fields;
  // On an item's own view (/catalogue/{group}), the item's name is the page's h1: a page h1 steps aside.
  const Tag = level === "h1" && env.itemUrl ? "p" : level;
  const centered = fields.centered || fields.center;
  const className = `font-serif font-semibold tracking-tight ${sizes[level]} ${centered ? "text-center" : ""}`;
  return (
    <Tag dir="auto" className={className}>
      {text}
    </Tag>
  );
}
