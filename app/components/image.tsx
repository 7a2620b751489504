import type { CSSProperties } from "react";
import { useState } from "react";

import type { Image as ImageRecord } from "@contract/media";

/** Widths the image service offers (its API contract); a srcset never asks for another. */
const OFFERED_WIDTHS = [200, 300, 400, 600, 800, 1000, 1200, 1600, 1920];

/** The same variant at another offered width: the width is the file name. */
function atWidth(url: string, width: number) {
  return url.replace(/\/\d+\.(avif|webp|jpe?g)$/, `/${width}.$1`);
}

/**
 * Srcsets already written, by URL and width: a page's images are the same on every request (the
 * upstream cache keeps its answers), so each srcset is built once. Bounded, and simply emptied
 * when full: the next requests write what they need again.
 */
const srcSets = new Map<string, string>();
const SRCSET_ENTRIES = 5_000;

function srcSet(url: string | null, maxWidth: number) {
  if (!url) return undefined;
  const key = `${maxWidth} ${url}`;
  let value = srcSets.get(key);
  if (value === undefined) {
    const widths = OFFERED_WIDTHS.filter((w) => w < maxWidth);
    value = [...widths.map((w) => `${atWidth(url, w)} ${w}w`), `${url} ${maxWidth}w`].join(", ");
    if (srcSets.size >= SRCSET_ENTRIES) srcSets.clear();
    srcSets.set(key, value);
  }
  return value;
}

/** The same image asked for at another width (the service never enlarges past the original). */
export function atImageWidth(image: ImageRecord, width: number): ImageRecord {
  const ratio = image.height / Math.max(1, image.width);
  return {
    ...image,
    url: atWidth(image.url, width),
    webp_url: image.webp_url ? atWidth(image.webp_url, width) : null,
    avif_url: image.avif_url ? atWidth(image.avif_url, width) : null,
    width,
    height: Math.round(width * ratio),
  };
}

interface Props {
  image: ImageRecord;
  alt: string;
  /** How wide the image is drawn, for the browser to pick a width (a `sizes` value). */
  sizes: string;
  /** The page's largest image (its LCP element): loaded at once, with high priority. */
  priority?: boolean;
  className?: string;
}

/**
 * A responsive picture: AVIF, WebP and JPEG, a srcset of the offered widths, its intrinsic size
 * set so nothing shifts, and the blurred placeholder shown behind it until it has loaded. Every
 * picture, the LCP one too, is decoded off the main thread (`decoding="async"`): decoding a large
 * AVIF synchronously held the first paint and blocked a slow phone's main thread for hundreds of
 * milliseconds (Lighthouse's TBT on pages without any script).
 */
export function Picture({ image, alt, sizes, priority = false, className = "" }: Props) {
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  const max = image.width;
  return (
    <picture>
      {image.avif_url ? <source type="image/avif" srcSet={srcSet(image.avif_url, max)} sizes={sizes} /> : null}
      {image.webp_url ? <source type="image/webp" srcSet={srcSet(image.webp_url, max)} sizes={sizes} /> : null}
      <img
        src={image.url}
        srcSet={srcSet(image.url, max)}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        {
          ...{ fetchpriority: priority ? "high" : undefined } /* React 18 knows no fetchPriority prop */
        }
        decoding="async"
        onLoad={() => setLoaded(true)}
        onError={(e) => {
          // A broken image is logged and left out, never a broken page.
          console.warn("[image] could not load", e.currentTarget.currentSrc || image.url);
          setFailed(true);
        }}
        style={
          image.placeholder && !loaded
            ? { backgroundImage: `url("${image.placeholder}")`, backgroundSize: "cover", backgroundPosition: "center" }
            : undefined
        }
        className={`h-auto w-full ${className}`}
      />
    </picture>
  );
}

/** A URL inside CSS `url("…")`: the characters that could end it are percent-encoded (the schema refuses them too). */
function cssUrl(url: string) {
  return `url("${url.replace(/["'()\\\s]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, "0")}`)}")`;
}

/** A CSS image-set of the record's formats, for backgrounds drawn by CSS (a fixed, parallax one). */
export function cssImageSet(image: ImageRecord) {
  const sources = [
    image.avif_url ? `${cssUrl(image.avif_url)} type("image/avif")` : null,
    image.webp_url ? `${cssUrl(image.webp_url)} type("image/webp")` : null,
    `${cssUrl(image.url)} type("image/jpeg")`,
  ].filter(Boolean);
  return `image-set(${sources.join(", ")})`;
}

/**
 * The inline style of a background drawn by CSS from the record's formats. The image-set rides in
 * a custom property that `background-image` reads: the same rendering, and a style attribute the
 * Nu HTML Checker accepts (its CSS checker does not know image-set() yet: w3c/css-validator#388).
 */
export function imageSetBackground(image: ImageRecord): CSSProperties & { "--bg-image-set": string } {
  return { "--bg-image-set": cssImageSet(image), backgroundImage: "var(--bg-image-set)" };
}
