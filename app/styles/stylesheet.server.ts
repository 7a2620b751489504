import { readFileSync } from "node:fs";
import path from "node:path";

/** A built stylesheet's address, as importing a `.css` file gives it: `/build/_assets/app-HASH.css`. */
const BUILT = /^\/build\/_assets\/[\w.-]+\.css$/;

const texts = new Map<string, string | null>();

function read(href: string) {
  if (!BUILT.test(href)) return null;
  try {
    const css = readFileSync(path.join("public", href), "utf8");
    // Nothing in it may end the <style> element it goes into.
    return /<\/style/i.test(css) ? null : css;
  } catch {
    return null;
  }
}

/**
 * The text of a built stylesheet, read from public/ once per process (its name carries its
 * hash, so it never changes under the same address), for the document to inline (decision 031).
 * Null when it cannot be read: the document then links it.
 */
export function builtStylesheet(href: string): string | null {
  if (!texts.has(href)) texts.set(href, read(href));
  return texts.get(href) ?? null;
}
