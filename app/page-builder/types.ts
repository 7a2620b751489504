import type { Transport } from "~/lib/api/transport.server";

/** What every widget view is given about the visit. */
export interface WidgetEnv {
  /** The item part of the URL (segment 1), for widgets that show one item of a list. */
  itemUrl: string | null;
  /** True for a signed-in visitor (accounts come in a later issue). */
  signedIn: boolean;
  /** On a photo's own page (`?gallery={widget}&photo={n}`), the photo's number; the page then holds that gallery alone. */
  photo?: number | null;
}

/** What every widget load is given about the page being loaded. */
export interface WidgetLoadContext {
  transport: Transport;
  /** The URL's item part (segment 1), for widgets that show one item of a list. */
  itemUrl: string | null;
  /** The segment after it (segment 2), for example a product within a category. */
  itemParameter?: string | null;
  /** The page's own path ("/showcase"), for links to its item views. */
  pagePath?: string;
  /** The address as the browser sees it (the site's public origin, the path, the query): a payment's return. */
  address?: URL;
  /** Takes what an action left in the session's flash for a widget of this page (read once). */
  takeFlash?: (key: "voucher") => unknown;
  /** The visitor's CSRF token, for a form a widget renders (made on first use; the page is then private). */
  csrfToken?: () => string;
}

/** Thrown by a widget's load when the item the URL names does not exist: the page is a 404. */
export class ItemNotFound extends Error {}
