import type { CSSProperties, ReactNode } from "react";

import { BackgroundVideo } from "~/components/background-video";
import { imageSetBackground, Picture } from "~/components/image";

import type { FrameMedia } from "./frame-media";

/** Background colours by name and by page-block code (spec sections 2 and 3). */
export const backgrounds: Record<string, string> = {
  white: "bg-white text-stone-900",
  black: "bg-stone-950 text-white",
  brand: "bg-brand text-white",
  primary: "bg-brand text-white",
  secondary: "bg-stone-200 text-stone-900",
  success: "bg-success text-white",
  info: "bg-info text-white",
  warning: "bg-warning text-stone-900",
  danger: "bg-danger text-white",
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
/** Backgrounds light enough that their content should keep light-theme colours. */
const LIGHT_BACKGROUNDS = new Set(["bg-white", "bg-stone-200", "bg-warning"]);
const textColours: Record<string, string> = { white: "text-white", black: "text-stone-900" };
/** Background image opacity and saturation (spec: 10–100 and 0, 50, 100); hero_quote uses them too. */
export const opacities: Record<string, string> = {
  "10": "opacity-10",
  "30": "opacity-30",
  "50": "opacity-50",
  "70": "opacity-70",
  "90": "opacity-90",
  "100": "opacity-100",
};
export const saturations: Record<string, string> = { "0": "saturate-0", "50": "saturate-50", "100": "saturate-100" };

/** The spacing scale of the wrapper's padding and margin: Tailwind's (0, px, 0.5 … 96). */
const SCALE = new Set([
  "0",
  "px",
  "0.5",
  "1",
  "1.5",
  "2",
  "2.5",
  "3",
  "3.5",
  "4",
  "5",
  "6",
  "7",
  "8",
  "9",
  "10",
  "11",
  "12",
  "14",
  "16",
  "20",
  "24",
  "28",
  "32",
  "36",
  "40",
  "44",
  "48",
  "52",
  "56",
  "60",
  "64",
  "72",
  "80",
  "96",
]);

/** Scroll animations (AOS names) the stylesheet knows; see `[data-aos]` in app/styles/app.css. */
const ANIMATIONS = new Set([
  "fade",
  "fade-up",
  "fade-down",
  "fade-left",
  "fade-right",
  "slide-up",
  "slide-down",
  "slide-left",
  "slide-right",
  "zoom-in",
  "zoom-in-up",
  "zoom-in-down",
  "zoom-out",
  "flip-up",
  "flip-down",
  "flip-left",
  "flip-right",
]);
const EASINGS: Record<string, string> = {
  linear: "linear",
  ease: "ease",
  "ease-in": "ease-in",
  "ease-out": "ease-out",
  "ease-in-out": "ease-in-out",
  "ease-in-back": "cubic-bezier(0.6, -0.28, 0.735, 0.045)",
  "ease-out-back": "cubic-bezier(0.175, 0.885, 0.32, 1.275)",
  "ease-in-out-back": "cubic-bezier(0.68, -0.55, 0.265, 1.55)",
  "ease-in-sine": "cubic-bezier(0.47, 0, 0.745, 0.715)",
  "ease-out-sine": "cubic-bezier(0.39, 0.575, 0.565, 1)",
  "ease-in-out-sine": "cubic-bezier(0.445, 0.05, 0.55, 0.95)",
  "ease-in-quad": "cubic-bezier(0.55, 0.085, 0.68, 0.53)",
  "ease-out-quad": "cubic-bezier(0.25, 0.46, 0.45, 0.94)",
  "ease-in-out-quad": "cubic-bezier(0.455, 0.03, 0.515, 0.955)",
};

export function spacing(value: unknown): string | undefined {
  const v = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!SCALE.has(v)) return undefined;
  return v === "px" ? "1px" : `calc(var(--spacing) * ${v})`;
}

function colourName(value: unknown) {
  if (typeof value !== "string") return undefined;
  return codes[value] ?? value;
}

/** The class of a background colour by name or code (for example "brand" or "bnd"), if known. */
export function backgroundClass(value: unknown) {
  const name = colourName(value);
  return name && Object.hasOwn(backgrounds, name) ? backgrounds[name] : undefined;
}

function flag(value: unknown) {
  return value === true || value === 1 || value === "1" || value === "true";
}

/** A whole number within bounds, or the fallback. */
function bounded(value: unknown, fallback: number, min: number, max: number) {
  const n = typeof value === "number" || (typeof value === "string" && value.trim() !== "") ? Number(value) : NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

export interface FrameSettings {
  [key: string]: unknown;
}

/** The scroll animation of a frame, or null when it has none (or an unknown one). */
export function frameAnimation(s: FrameSettings) {
  const type = typeof s.aos_type === "string" ? s.aos_type.trim() : "";
  if (!ANIMATIONS.has(type)) return null;
  const easing =
    typeof s.aos_easing === "string" && Object.hasOwn(EASINGS, s.aos_easing) ? EASINGS[s.aos_easing] : "ease";
  return {
    type,
    easing,
    offset: bounded(s.aos_offset, 120, 0, 1000),
    duration: bounded(s.aos_duration, 400, 0, 3000),
    delay: bounded(s.aos_delay, 0, 0, 3000),
  };
}

/** Classes, inline style and attributes for a frame's settings; unknown values are ignored. */
export function frameAttributes(s: FrameSettings) {
  // A background brings its readable text colour; a text colour of the frame's own replaces it.
  const [bg, bgText] = (backgroundClass(s.background_colour) ?? "").split(" ");
  const name = colourName(s.text_colour);
  const text = (name && Object.hasOwn(textColours, name) ? textColours[name] : undefined) ?? bgText;
  const animation = frameAnimation(s);
  const style: CSSProperties & Record<`--${string}`, string> = {
    paddingTop: spacing(s.padding_top),
    paddingBottom: spacing(s.padding_bottom),
    paddingInlineStart: spacing(s.padding_left),
    paddingInlineEnd: spacing(s.padding_right),
    marginTop: spacing(s.margin_top),
    marginBottom: spacing(s.margin_bottom),
    marginInlineStart: spacing(s.margin_left),
    marginInlineEnd: spacing(s.margin_right),
  };
  if (animation) {
    style["--aos-duration"] = `${animation.duration}ms`;
    style["--aos-delay"] = `${animation.delay}ms`;
    style["--aos-easing"] = animation.easing;
  }
  for (const key of Object.keys(style) as (keyof typeof style)[]) if (style[key] === undefined) delete style[key];
  const anchor = typeof s.anchor_name === "string" && /^[\w-]{1,64}$/.test(s.anchor_name) ? s.anchor_name : undefined;
  const opacity = opacities[String(s.background_image_opacity ?? "100")] ?? opacities["100"];
  const saturation = saturations[String(s.background_image_saturation ?? "100")] ?? saturations["100"];
  return {
    // "frame-coloured": rich text inside keeps the frame's text colour for its links. "light": on
    // a light background the content keeps its light-theme colours in the dark theme too.
    className: [bg, text, bg ? "frame-coloured" : "", bg && LIGHT_BACKGROUNDS.has(bg) ? "light" : ""]
      .filter(Boolean)
      .join(" "),
    style,
    id: anchor,
    fullWidth: flag(s.full_width),
    animation,
    background: { opacity, saturation, fixed: flag(s.background_image_fixed) },
  };
}

/** True when a frame has anything to show around its widget (so a plain widget gets no extra element). */
export function hasFrame(s: FrameSettings | undefined, media?: FrameMedia | null) {
  if (!s) return false;
  const a = frameAttributes(s);
  return Boolean(a.className || Object.keys(a.style).length || a.id || a.animation || media?.image || media?.video);
}

function FrameBackground({
  media,
  background,
}: {
  media: FrameMedia;
  background: ReturnType<typeof frameAttributes>["background"];
}) {
  const layer = `pointer-events-none absolute inset-0 -z-10 ${background.opacity} ${background.saturation}`;
  if (media.video) {
    return (
      <BackgroundVideo
        video={media.video}
        poster={media.slate ?? media.video.poster ?? media.image}
        className={layer}
      />
    );
  }
  if (!media.image) return null;
  if (background.fixed) {
    return (
      <div
        aria-hidden="true"
        className={`${layer} bg-cover bg-center md:bg-fixed motion-reduce:bg-scroll`}
        style={imageSetBackground(media.image)}
      />
    );
  }
  return (
    <div aria-hidden="true" className={`${layer} [&_img]:h-full [&_img]:object-cover`}>
      <Picture image={media.image} alt="" sizes="100vw" />
    </div>
  );
}

/**
 * Wraps a page block (contained: centred at the page width unless full width) or a row's widget
 * (not contained: the row already is) in its wrapper settings: colours, spacing, anchor, a
 * background image or video, and a scroll animation that only runs with JavaScript
 * (see the `aos` script in app/components/scroll-animations.tsx).
 */
export function WidgetFrame({
  settings,
  media,
  contained = true,
  children,
}: {
  settings: FrameSettings;
  media?: FrameMedia | null;
  contained?: boolean;
  children: ReactNode;
}) {
  const { className, style, id, fullWidth, animation, background } = frameAttributes(settings);
  const hasBackground = Boolean(media?.image || media?.video);
  return (
    <section
      id={id}
      className={
        [className, hasBackground ? "relative isolate overflow-hidden" : ""].filter(Boolean).join(" ") || undefined
      }
      style={style}
      data-aos={animation?.type}
      data-aos-offset={animation ? animation.offset : undefined}
    >
      {media && hasBackground ? <FrameBackground media={media} background={background} /> : null}
      {contained ? <div className={fullWidth ? "" : "mx-auto max-w-6xl px-4"}>{children}</div> : children}
    </section>
  );
}
