import type { WidgetProps } from "../types";
import { bool, str } from "../types";

const levels = { h1: "h1", h2: "h2", h3: "h3", h4: "h4" } as const;
const sizes = {
  h1: "text-4xl md:text-5xl",
  h2: "text-3xl md:text-4xl",
  h3: "text-2xl",
  h4: "text-xl",
} as const;

/** core/heading: h1 to h4, optionally centred. */
export function HeadingWidget({ widget, env }: WidgetProps) {
  const text = str(widget.fields, "text") || str(widget.fields, "heading");
  if (!text) return null;
  const wanted = str(widget.fields, "level", "h2");
  const level = Object.hasOwn(levels, wanted) ? levels[wanted as keyof typeof levels] : "h2";
  // On an item's own view (/catalogue/{group}), the item's name is the page's h1: a page h1 steps aside.
  const Tag = level === "h1" && env.itemUrl ? "p" : level;
  const centered = bool(widget.fields, "centered") || bool(widget.fields, "center");
  return <Tag dir="auto" className={`font-serif font-semibold tracking-tight ${sizes[level]} ${centered ? "text-center" : ""}`}>{text}</Tag>;
}
