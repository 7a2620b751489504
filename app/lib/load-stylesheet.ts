/** Links a stylesheet once (browser only), for a widget whose CSS loads only on the pages that use it. */
export function loadStylesheet(href: string) {
  if (document.querySelector(`link[href="${href}"]`)) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    // A stylesheet that fails to load leaves the enhancement unstyled, never stuck.
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.appendChild(link);
  });
}
