import type { CSSProperties, ReactNode } from "react";

/** Background colours by name and by page-block code (spec sections 2 and 3). */
const backgrounds: Record<string, string> = {
  white: "bg-white text-stone-900",
  black: "bg-stone-950 text-white",
  brand: "bg-brand text-white",
  primary: "bg-brand text-white",
  secondary: "bg-stone-200 text-stone-900",
  success: "bg-emerald-700 text-white",
  info: "bg-sky-700 text-white",
  warning: "bg-amber-300 text-stone-900",
  danger: "bg-red-700 text-white",
};
const codes: Record<string, string> = {
  wht: "white",
  blk: "black",
  bnd: "brand",
  pri: "primary",
  sec: "secondary",
  suc: "success",
  inf: "info",
  wrn: "warning",
  dng: "danger",
};
const textColours: Record<string, string> = { white: "text-white", black: "text-stone-900" };

/** The spacing scale of the wrapper's padding and margin: Tailwind's (0, px, 0.5 … 96). */
const SCALE = new Set([
  "0", "px", "0.5", "1", "1.5", "2", "2.5", "3", "3.5", "4", "5", "6", "7", "8", "9", "10", "11", "12",
  "14", "16", "20", "24", "28", "32", "36", "40", "44", "48", "52", "56", "60", "64", "72", "80", "96",
]);

export function spacing(value: unknown): string | undefined {
  const v = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!SCALE.has(v)) return undefined;
  return v === "px" ? "1px" : `calc(var(--spacing) * ${v})`;
}

function colourName(value: unknown) {
  if (typeof value !== "string") return undefined;
  return codes[value] ?? value;
}

export interface FrameSettings {
  [key: string]: unknown;
  background_colour?: unknown;
  text_colour?: unknown;
  padding_top?: unknown;
  padding_bottom?: unknown;
  padding_left?: unknown;
  padding_right?: unknown;
  margin_top?: unknown;
  margin_bottom?: unknown;
  full_width?: unknown;
  anchor_name?: unknown;
}

/** Classes and inline style for a frame's settings; unknown values are ignored. */
export function frameAttributes(s: FrameSettings) {
  const bg = backgrounds[colourName(s.background_colour) ?? ""];
  const text = textColours[colourName(s.text_colour) ?? ""];
  const style: CSSProperties = {
    paddingTop: spacing(s.padding_top),
    paddingBottom: spacing(s.padding_bottom),
    paddingLeft: spacing(s.padding_left),
    paddingRight: spacing(s.padding_right),
    marginTop: spacing(s.margin_top),
    marginBottom: spacing(s.margin_bottom),
  };
  const anchor = typeof s.anchor_name === "string" && /^[\w-]{1,64}$/.test(s.anchor_name) ? s.anchor_name : undefined;
  const fullWidth = s.full_width === true || s.full_width === 1 || s.full_width === "1";
  return { className: [bg, text].filter(Boolean).join(" "), style, id: anchor, fullWidth };
}

/** Wraps a page block (or a widget) in its wrapper settings: colours, spacing, width, anchor. */
export function WidgetFrame({ settings, children }: { settings: FrameSettings; children: ReactNode }) {
  const { className, style, id, fullWidth } = frameAttributes(settings);
  return (
    <section id={id} className={className} style={style}>
      <div className={fullWidth ? "" : "mx-auto max-w-6xl px-4"}>{children}</div>
    </section>
  );
}
