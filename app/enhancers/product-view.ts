/**
 * The product view (decision 036): a product card opens the product in a `<dialog>` on the list's
 * page, and the product's own address goes into the history, so the address can be shared and
 * Back closes the dialog. The details are the product page's own (`[data-product-details]`),
 * fetched as HTML (the rendered-page cache serves it): one rendering of a product, server-side.
 * Without JavaScript, until this runs, for modifier and middle clicks, and when the fetch fails,
 * a card is what it is in the HTML: a link to the product's page.
 */

const DETAILS = "[data-product-details]";
/** The history entries this pushes carry the product's address under this key. */
const STATE = "productView";

interface Details {
  /** The product page's details element, to clone into the dialog. */
  node: Element;
  /** The product page's title. */
  title: string;
}

/** The details element and the title of the product page at `url`; null when either is missing. */
async function fetchDetails(url: string): Promise<Details | null> {
  const response = await fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" });
  if (!response.ok || !response.headers.get("Content-Type")?.includes("text/html")) return null;
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const node = page.querySelector(DETAILS);
  return node ? { node, title: page.title } : null;
}

/** A plain left click, which the dialog may take; any other stays the browser's. */
const plainClick = (e: MouseEvent) => e.button === 0 && !(e.metaKey || e.ctrlKey || e.shiftKey || e.altKey);

const stateUrl = (state: unknown) => {
  const url = (state as Record<string, unknown> | null)?.[STATE];
  return typeof url === "string" ? url : null;
};

/**
 * The details as the dialog shows them: the page's h1 becomes the dialog's h2 (the list keeps its
 * own h1), and thumbnail links are made absolute, so a new-tab click opens that photo's page.
 */
function forDialog(details: Details, url: string) {
  const node = document.importNode(details.node, true);
  const h1 = node.querySelector("h1");
  const name = h1?.textContent?.trim() ?? "";
  if (h1) {
    const h2 = document.createElement("h2");
    for (const { name, value } of [...h1.attributes]) h2.setAttribute(name, value);
    h2.append(...h1.childNodes);
    h1.replaceWith(h2);
  }
  for (const a of node.querySelectorAll<HTMLAnchorElement>("a[data-photo]")) {
    a.href = new URL(a.getAttribute("href") ?? "", url).href;
  }
  return { node, name };
}

/** A thumbnail shows its photo in place of the large one: the other large ones stay `hidden`. */
function showPhoto(body: HTMLElement, thumb: HTMLAnchorElement) {
  const chosen = thumb.dataset.photo;
  for (const large of body.querySelectorAll<HTMLElement>("[data-photo-large]")) {
    large.hidden = large.dataset.photoLarge !== chosen;
  }
  for (const a of body.querySelectorAll<HTMLAnchorElement>("a[data-photo]")) {
    if (a === thumb) a.setAttribute("aria-current", "true");
    else a.removeAttribute("aria-current");
  }
}

export default function productView(el: HTMLElement) {
  const dialog = el.querySelector<HTMLDialogElement>("dialog[data-product-dialog]");
  const body = dialog?.querySelector<HTMLElement>("[data-product-dialog-body]");
  // On a page with the Remix runtime its router owns the history: the cards stay its links.
  if (!dialog || !body || typeof dialog.showModal !== "function" || Reflect.has(window, "__remixRouter")) return;
  if (el.dataset.productView === "ready") return;
  el.dataset.productView = "ready";

  const listTitle = document.title;
  const pages = new Map<string, Promise<Details | null>>();
  /** The card the dialog returns the focus to. */
  let card: HTMLElement | null = null;
  /** Set while the dialog closes because the history moved (Back): nothing to go back from. */
  let closedByHistory = false;
  /** Counts opens: a fetch that an earlier or later one has overtaken is dropped. */
  let opening = 0;

  const details = (url: string) => {
    let page = pages.get(url);
    if (!page) {
      page = fetchDetails(url).catch(() => null);
      pages.set(url, page);
      void page.then((found) => found || pages.delete(url));
    }
    return page;
  };

  async function open(url: string, push: boolean) {
    const turn = ++opening;
    card?.setAttribute("aria-busy", "true");
    const found = await details(url);
    card?.removeAttribute("aria-busy");
    if (turn !== opening) return;
    if (!found) {
      location.assign(url);
      return;
    }
    const { node, name } = forDialog(found, url);
    body!.replaceChildren(node);
    dialog!.setAttribute("aria-label", name);
    if (push) history.pushState({ [STATE]: url }, "", url);
    document.title = found.title || listTitle;
    if (!dialog!.open) dialog!.showModal();
  }

  const cardFor = (url: string) =>
    [...el.querySelectorAll<HTMLAnchorElement>("a[data-product-card]")].find((a) => a.href === url) ?? null;

  el.addEventListener("pointerdown", (e) => {
    const link = (e.target as Element).closest<HTMLAnchorElement>("a[data-product-card]");
    if (link && plainClick(e)) void details(link.href);
  });

  el.addEventListener("click", (e) => {
    const link = (e.target as Element).closest<HTMLAnchorElement>("a[data-product-card]");
    if (!link || e.defaultPrevented || !plainClick(e)) return;
    e.preventDefault();
    card = link;
    void open(link.href, true);
  });

  body.addEventListener("click", (e) => {
    const thumb = (e.target as Element).closest<HTMLAnchorElement>("a[data-photo]");
    if (!thumb || !plainClick(e)) return;
    e.preventDefault();
    showPhoto(body, thumb);
  });

  // A click on the backdrop (outside the dialog's box) closes it, as the close button and Escape do.
  dialog.addEventListener("click", (e) => {
    if (e.target === dialog) dialog.close();
  });

  dialog.addEventListener("close", () => {
    opening++;
    body.replaceChildren();
    dialog.removeAttribute("aria-label");
    document.title = listTitle;
    // Closed by the visitor: leave the product's history entry this pushed, back to the list's.
    if (!closedByHistory && stateUrl(history.state)) history.back();
    closedByHistory = false;
    card?.focus();
  });

  window.addEventListener("popstate", (e) => {
    const url = stateUrl(e.state);
    if (url) {
      // Forward to a product this opened: open it again, without a new entry.
      card = cardFor(url) ?? card;
      void open(url, false);
    } else if (dialog.open) {
      closedByHistory = true;
      dialog.close();
    } else {
      opening++;
    }
  });
}
