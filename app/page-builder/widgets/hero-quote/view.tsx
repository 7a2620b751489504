import { BackgroundVideo } from "~/components/background-video";
import { imageSetBackground, Picture } from "~/components/image";

import type { WidgetData, WidgetViewProps } from "../../define-widget";
import { opacities, saturations } from "../../widget-frame";
import type { HeroQuoteFields, OVERLAY_COLOURS } from "./fields.server";
import type { load } from "./load.server";

/** The overlay colour sits under the picture, so it shows through as the picture's opacity drops. */
const OVERLAYS: Record<(typeof OVERLAY_COLOURS)[number], { bg: string; text: "white" | "black" }> = {
  white: { bg: "bg-white", text: "black" },
  black: { bg: "bg-stone-950", text: "white" },
  brand: { bg: "bg-brand", text: "white" },
  success: { bg: "bg-success", text: "white" },
  info: { bg: "bg-info", text: "white" },
  warning: { bg: "bg-warning", text: "black" },
  danger: { bg: "bg-danger", text: "white" },
};
const JUSTIFY = { left: "items-start text-start", center: "items-center text-center", right: "items-end text-end" };
const ALIGN = { top: "justify-start", middle: "justify-center", bottom: "justify-end" };

type Props = WidgetViewProps<HeroQuoteFields, WidgetData<typeof load>>;

/**
 * core/hero_quote: a quote over a background photo or a muted looping video, 500 px tall. The
 * overlay colour lies under the media and shows through by the chosen opacity; the text keeps
 * its contrast with a shadow, and with a scrim when the media is (almost) opaque. The video waits
 * for the page to load and never plays under reduced motion; until then (or without JavaScript)
 * its poster shows.
 */
export function HeroQuoteView({ fields, data }: Props) {
  const { quote, html, author } = fields;
  if (!quote && !html) return null;
  const media = data && typeof data === "object" && !Array.isArray(data) ? data : null;
  const background = media?.background ?? null;
  const video = media?.video?.url ? media.video : null;
  const overlayImage = media?.overlay ?? null;

  const overlay = OVERLAYS[fields.overlay_colour];
  const textColour = fields.text_colour ?? overlay.text;
  const picture = `${opacities[fields.opacity]} ${saturations[fields.saturation]}`;
  const layer = `pointer-events-none absolute inset-0 -z-10 ${picture}`;
  const placement = `${JUSTIFY[fields.text_justify]} ${ALIGN[fields.text_align]}`;
  const hasMedia = Boolean(background || video);
  // Nearly opaque media leaves the overlay colour nothing to do: a scrim keeps the text readable.
  const opaque = fields.opacity === "90" || fields.opacity === "100";
  const scrim = hasMedia && opaque ? (textColour === "white" ? "bg-black/40" : "bg-white/50") : null;

  let backdrop = null;
  if (video) {
    backdrop = <BackgroundVideo video={video} poster={video.poster ?? background} className={layer} />;
  } else if (background && fields.parallax) {
    // Fixed only on large screens (phones handle it badly) and never for reduced motion.
    backdrop = (
      <div
        aria-hidden="true"
        className={`${layer} bg-cover bg-center motion-safe:lg:bg-fixed`}
        style={imageSetBackground(background)}
      />
    );
  } else if (background) {
    backdrop = (
      <div aria-hidden="true" className={`${layer} [&_img]:h-full [&_img]:object-cover`}>
        <Picture image={background} alt="" sizes="100vw" />
      </div>
    );
  }

  return (
    <div
      className={`relative isolate flex min-h-[500px] flex-col overflow-hidden ${overlay.bg} ${textColour === "white" ? "text-white" : "text-stone-900"}`}
    >
      {backdrop}
      {scrim ? <div aria-hidden="true" className={`pointer-events-none absolute inset-0 -z-10 ${scrim}`} /> : null}
      <div className={`mx-auto flex w-full max-w-6xl flex-1 flex-col gap-5 px-6 py-10 sm:px-10 ${placement}`}>
        {overlayImage ? (
          <div className="max-w-[200px] md:max-w-[300px] [&_img]:block [&_img]:max-h-[180px] [&_img]:w-auto [&_img]:max-w-full">
            <Picture image={overlayImage} alt="" sizes="(min-width: 768px) 300px, 200px" />
          </div>
        ) : null}
        <figure className={`max-w-3xl ${textColour === "white" ? "drop-shadow-[0_1px_3px_rgb(0_0_0/0.6)]" : ""}`}>
          <blockquote dir="auto" className="font-serif text-2xl leading-snug font-medium md:text-4xl">
            {html ? (
              <div className="prose-cms [&_p]:my-0" dangerouslySetInnerHTML={{ __html: html }} />
            ) : (
              <p>{`“${quote}”`}</p>
            )}
          </blockquote>
          {author ? (
            <figcaption
              dir="auto"
              className="mt-4 text-base font-semibold tracking-wide uppercase opacity-90 md:text-lg"
            >
              {`— ${author}`}
            </figcaption>
          ) : null}
        </figure>
      </div>
    </div>
  );
}
