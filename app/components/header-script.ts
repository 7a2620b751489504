/**
 * What JavaScript adds to the header (decision 037), as a small inline script that runs on every
 * page, with or without the Remix runtime. It runs from its text (`toString()`), so it may use only
 * the page's globals, and it listens on the document, so it keeps working when the runtime
 * renders the header anew after a client-side navigation.
 *
 * - The phone menu (a popover, `#site-menu`): Tab and Shift+Tab stay inside it and its button
 *   while it is open; it closes when one of its links is followed (a client-side navigation
 *   keeps the document) or the screen becomes wide; focus goes back to the button when it closes
 *   and no control has it; the button says whether it is expanded.
 * - The language and theme menus (`<details>` in the header): Escape closes the open one and
 *   focuses its button; a click anywhere outside it closes it.
 * - Their links (`data-keep-place`) end in `#top`, or the tabs row `?tab=` chose, in the HTML; at
 *   the click this becomes the section the visitor has scrolled to, so the new document opens there.
 */
function enhanceHeader() {
  const doc = document;
  let open = false;
  const menu = () => doc.getElementById("site-menu")!;
  const button = () => doc.querySelector<HTMLElement>("[popovertarget]");
  // Rendered, and not in a closed <details> (where it may still have boxes).
  const shown = (el: Element | null): el is HTMLElement =>
    Boolean(el && (el.checkVisibility ? el.checkVisibility() : el.getClientRects().length));
  const close = () => open && menu().hidePopover();

  doc.addEventListener("click", (event) => {
    const target = event.target as Element;
    doc.querySelectorAll<HTMLDetailsElement>("header details[open]").forEach((details) => {
      if (!details.contains(target)) details.open = false;
    });
    const link = target.closest?.("a");
    if (!link) return;
    if (link.hasAttribute("data-keep-place")) {
      // At the top, the top; else the last section or heading scrolled up to the header's bottom
      // (where it sticks) or past it; else the server's guess stays.
      const edge = Math.max(doc.querySelector("header")!.getBoundingClientRect().bottom, 0) + 32;
      let id = scrollY > 0 ? "" : "top";
      if (!id)
        doc.querySelectorAll("main :is(section,h2,h3,[role=tablist])[id]").forEach((el) => {
          if (shown(el) && el.getBoundingClientRect().top <= edge) id = el.id;
        });
      if (id) link.hash = id;
    }
    if (menu().contains(link)) close();
  });

  doc.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      const details = doc.querySelector<HTMLDetailsElement>("header details[open]");
      if (!details) return;
      details.open = false;
      details.querySelector("summary")!.focus();
      // The phone menu around it stays open: one Escape closes one thing.
      event.preventDefault();
    } else if (event.key === "Tab" && open) {
      const items = [button(), ...menu().querySelectorAll<HTMLElement>("a, summary, input, button")].filter(shown);
      const at = items.indexOf(doc.activeElement as HTMLElement);
      const last = items.length - 1;
      const to = event.shiftKey ? (at > 0 ? -1 : last) : at < 0 || at === last ? 0 : -1;
      if (to < 0) return;
      event.preventDefault();
      items[to].focus();
    }
  });

  // `toggle` does not bubble: heard on its way down to the menu.
  doc.addEventListener(
    "toggle",
    (event) => {
      const target = event.target as Element;
      if (target.id !== "site-menu") return;
      open = (event as ToggleEvent).newState === "open";
      button()?.setAttribute("aria-expanded", String(open));
      // Closed with focus inside, or on nothing a visitor can Tab to (the page, after a tap outside).
      const active = doc.activeElement as HTMLElement | null;
      if (!open && (!active || active.tabIndex < 0 || target.contains(active))) button()?.focus();
    },
    true,
  );

  matchMedia("(min-width: 64rem)").addEventListener("change", close);
}

/**
 * The inline script's source, without the indentation (the journeys and scripts/js-budget.mjs keep
 * it under 2 KB). Only whitespace after a line break goes: the code has no multi-line string.
 */
export const HEADER_SCRIPT = `(${enhanceHeader.toString().replace(/\n\s+/g, "\n")})();`;
