import { createContext, useContext } from "react";

/** The id of the inlined stylesheet, by which the browser finds what the server wrote. */
const STYLE_ID = "stylesheet";

/** On the server: reads a built stylesheet's text (entry.server.tsx provides it); null links it instead. */
const StylesheetReader = createContext<(href: string) => string | null>(() => null);
export const StylesheetProvider = StylesheetReader.Provider;

/** In the browser: the text the server inlined, read once from the document before it is hydrated. */
let served: string | null | undefined;

/**
 * The site's stylesheet, inlined in a <style> element (decision 031): the first paint waits for
 * nothing but the document. It stays in the document across client-side navigations. When the
 * server cannot read the built file, the stylesheet is linked as before.
 */
export function Stylesheet({ href }: { href: string }) {
  const read = useContext(StylesheetReader);
  const css =
    typeof document === "undefined" ? read(href) : (served ??= document.getElementById(STYLE_ID)?.textContent ?? null);
  if (css === null) return <link rel="stylesheet" href={href} />;
  return <style id={STYLE_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
