/**
 * Content changes: what a write in the CMS makes stale. The back-office calls a service (say
 * `updatePage`), which gives the change it causes; the app's `notify(change)` hands it to the
 * `onContentChange` listener, which in a split deployment tells the site to purge (see
 * `purgeListener`), and in the embedded one can purge the site's cache in-process. On
 * PostgreSQL the change is also announced to every other instance (`change-channel.ts`).
 */

/**
 * The API paths whose cached answers a change makes stale, as the site asks for them: a path names
 * one answer in all its query variants (`/api/v1/cognito/page` is the page list, not every page);
 * a path ending in "/" names everything under it. Notify only after the outermost transaction
 * that wrote the change has committed: a purge before then lets a request cache the old answer.
 */
export interface ContentChange {
  paths: string[];
}

export type ContentChangeListener = (change: ContentChange) => void | Promise<void>;

/**
 * A change as the instances on one PostgreSQL tell each other (decision 118,
 * `change-channel.ts`): the paths of a `ContentChange`, or everything (a notice too large to
 * list, a purge of everything, or notices a listener may have missed while it reconnected).
 */
export type ContentChangeNotice = { readonly paths: readonly string[] } | { readonly all: true };

/** The API paths of cached answers, as the site's client writes them. */
export const apiPaths = {
  /** One page by url (its segments encoded one by one, as the site does). */
  page: (url: string) => `/api/v1/cognito/page/${url.split("/").map(encodeURIComponent).join("/")}`,
  pageList: "/api/v1/cognito/page",
  /** The sitemap, redirects and links. */
  initialData: "/api/v1/cognito/domain/initialData",
} as const;

/**
 * A `notify(change)` that calls `listener` (when there is one) and never throws: a listener that
 * fails is logged, so a save never fails because a cache could not be told.
 */
export function createNotifier(listener?: ContentChangeListener) {
  return async (change: ContentChange): Promise<void> => {
    if (!listener) return;
    try {
      await listener(change);
    } catch (error) {
      console.error("[cms] content change listener failed:", error);
    }
  };
}

export interface PurgeTarget {
  /** The site's base URL; the purge endpoint is `${siteUrl}/_purge`. */
  siteUrl: string;
  /** The shared secret, sent as a bearer token. */
  token: string;
  timeoutMs?: number;
  /** For tests. */
  fetch?: typeof fetch;
}

/**
 * A listener that tells the site about a change: POST `{"paths": [...]}` to `${siteUrl}/_purge`
 * with `Authorization: Bearer ${token}`, giving up after 5 seconds. A refusal or a failure is
 * logged, never thrown.
 */
export function purgeListener(target: PurgeTarget): ContentChangeListener {
  const url = `${target.siteUrl.replace(/\/+$/, "")}/_purge`;
  const send = target.fetch ?? fetch;
  return async (change) => {
    try {
      const res = await send(url, {
        method: "POST",
        headers: { authorization: `Bearer ${target.token}`, "content-type": "application/json" },
        body: JSON.stringify({ paths: change.paths }),
        signal: AbortSignal.timeout(target.timeoutMs ?? 5000),
      });
      if (!res.ok) console.error(`[cms] purge at ${url} answered ${res.status}`);
    } catch (error) {
      console.error(`[cms] purge at ${url} failed:`, error instanceof Error ? error.message : error);
    }
  };
}
