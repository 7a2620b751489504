import type { SubmissionResult } from "@conform-to/react";

import type { Transport } from "~/lib/api/transport.server";

/** What every widget view is given about the visit. */
export interface WidgetEnv {
  /** The item part of the URL (segment 1), for widgets that show one item of a list. */
  itemUrl: string | null;
  /** True for a signed-in visitor (accounts come in a later issue). */
  signedIn: boolean;
  /** On a photo's own page (`?gallery={widget}&photo={n}`), the photo's number; the page then holds that gallery alone. */
  photo?: number | null;
  /** The page's path and query as requested: a paged list's page (`?p-{widget}=`) and its links. */
  address?: { pathname: string; search: string };
  /** In the back-office's preview, the widget the editor has selected (outlined where it shows). */
  highlight?: string | null;
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
  takeFlash?: (key: "voucher" | "cartAdd") => unknown;
  /** The visitor's CSRF token, for a form a widget renders (made on first use; the page is then private). */
  csrfToken?: () => string;
  /** What a form on the page needs (core/form): absent where no page request is behind the load. */
  visit?: FormVisit;
  /** The origins CMS HTML may embed frames and images from (the site setting; none when absent). */
  embedOrigins?: readonly string[];
}

/** The visit as a form widget sees it: who, where, and what the last post to a form left. */
export interface FormVisit {
  signedIn: boolean;
  /** The signed-in member's e-mail (a form fills it in for them); null for a visitor. */
  memberEmail: string | null;
  /** The session's CSRF token (made on first use; the page then answers privately). */
  csrf: () => string;
  /** The address's query (`?payum_token=`, prefilled answers). */
  searchParams: URLSearchParams;
  /** The page's absolute address without its query: the form's `url` and the payment's return. */
  pageAddress: string;
  /** The page's path with its query, where the action sends the visitor back. */
  returnPath: string;
  /** A post to a form that failed, flashed by `/forms/{id}` for the page to show again. */
  formReply: FlashedFormReply | null;
}

export interface FlashedFormReply {
  form: number;
  reply: SubmissionResult<string[]>;
}

/** Thrown by a widget's load when the item the URL names does not exist: the page is a 404. */
export class ItemNotFound extends Error {}
