import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { Picture } from "~/components/image";
import { PauseButton } from "~/components/pause-button";
import { enhance } from "~/enhancers/names";

import type { WidgetData, WidgetViewProps } from "../../define-widget";
import type { HomeHeroFields } from "./fields.server";
import type { load } from "./load.server";

const overlays: Record<string, string> = {
  white: "bg-white/40",
  black: "bg-black/45",
  brand: "bg-brand/55",
  success: "bg-success-dark/50",
  info: "bg-info-dark/50",
  warning: "bg-warning-dark/40",
  danger: "bg-danger-dark/50",
};

type Props = WidgetViewProps<HomeHeroFields, WidgetData<typeof load>>;

/**
 * Catalogue/home_hero: up to nine slides. On the server (and without JavaScript) it is a row of
 * slides that scrolls sideways, the first one showing, the others reachable by scrolling or the
 * dots; in the browser the slideshow enhancer (Swiper, loaded only here) turns it into a
 * slideshow, 4 s a slide, which keeps playing after the visitor touches it, waits while the
 * pointer or the focus is on it, and has a pause button (it stays still for reduced motion).
 */
export function HomeHeroView({ widget, data }: Props) {
  const { t } = useTranslation();
  const slides = (data ?? []).slice(0, 9);

  if (slides.length === 0) return null;
  return (
    <section
      data-enhance={slides.length > 1 ? enhance("slideshow") : undefined}
      className="hero swiper relative w-full overflow-hidden"
      aria-roledescription="carousel"
      aria-label={t("hero.label")}
    >
      <div className="swiper-wrapper">
        {slides.map((s, i) => (
          <div
            key={s.id}
            id={`hero-${widget.id}-${i + 1}`}
            className="swiper-slide relative aspect-[16/9] max-h-[80vh] min-h-[26rem] w-full"
            role="group"
            aria-roledescription="slide"
            aria-label={t("hero.slide", { number: i + 1, count: slides.length })}
          >
            {s.image ? (
              <Picture
                image={s.image}
                alt=""
                sizes="100vw"
                priority={i === 0}
                className="absolute inset-0 h-full object-cover"
              />
            ) : null}
            <div
              className={`absolute inset-0 ${overlays[s.overlay_color ?? "black"] ?? overlays.black}`}
              aria-hidden="true"
            />
            <div
              className={`absolute inset-0 flex flex-col items-center justify-center gap-3 px-6 pt-6 pb-14 text-center ${s.text_color === "black" ? "text-stone-900" : "text-white"}`}
            >
              {s.heading ? (
                <h2 dir="auto" className="font-serif text-3xl font-bold drop-shadow md:text-5xl">
                  {s.heading}
                </h2>
              ) : null}
              {s.sub_heading ? (
                <p dir="auto" className="max-w-2xl text-lg drop-shadow md:text-xl">
                  {s.sub_heading}
                </p>
              ) : null}
              {s.link && s.link_button_text ? (
                s.link.startsWith("/") && s.link_target !== "blank" ? (
                  <Link
                    to={s.link}
                    className="mt-2 rounded-md bg-brand px-5 py-3 font-medium text-white no-underline hover:bg-brand-dark"
                  >
                    {s.link_button_text}
                  </Link>
                ) : /^https?:\/\//.test(s.link) ? (
                  <a
                    href={s.link}
                    target={s.link_target === "blank" ? "_blank" : undefined}
                    rel={s.link_target === "blank" ? "noopener noreferrer" : undefined}
                    className="mt-2 rounded-md bg-brand px-5 py-3 font-medium text-white no-underline hover:bg-brand-dark"
                  >
                    {s.link_button_text}
                  </a>
                ) : null
              ) : null}
            </div>
          </div>
        ))}
      </div>
      {slides.length > 1 ? (
        <>
          <div className="hero-dots">
            {slides.map((s, i) => (
              <a
                key={s.id}
                href={`#hero-${widget.id}-${i + 1}`}
                className="hero-dot"
                aria-label={t("hero.slide", { number: i + 1, count: slides.length })}
              />
            ))}
          </div>
          {/* Swiper fills this one with its own bullets once it starts. */}
          <div className="swiper-pagination" />
          {/* The slideshow enhancer shows it while the slides play on their own (WCAG 2.2.2). */}
          <PauseButton toggle="slideshow-toggle" pause={t("hero.pause")} play={t("hero.play")} corner="top" />
        </>
      ) : null}
    </section>
  );
}
