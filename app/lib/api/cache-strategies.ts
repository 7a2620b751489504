/**
 * How long the site may reuse an upstream answer, named at the call site:
 * `transport.get(path, schema, query, { cache: CacheShort })` (after Hydrogen's CacheNone,
 * CacheShort, CacheLong and CacheCustom). A shared strategy names content, the same for whoever
 * asks: the call is sent without the visitor's token and its answer is shared by every visitor,
 * members too (decision 124); anything personal is CacheNone. A stale answer is served at once while one
 * refresh runs; a failed refresh keeps it, unless the upstream says it is gone (a 4xx).
 */
export type CacheStrategy =
  | { readonly mode: "none" }
  | {
      readonly mode: "shared";
      /** How long an answer stays fresh, in ms; after that it is served stale and refreshed. */
      readonly freshFor: number;
      /** When a refreshed answer counts as unchanged, so the cached object stays as it is. */
      readonly same?: (cached: unknown, fresh: unknown) => boolean;
      /**
       * When an answer is known to change (ms since the epoch; null: not known): from then on it is
       * neither fresh nor served stale, but asked for again (decision 118).
       */
      readonly changesAt?: (answer: unknown) => number | null;
    };

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Never stored: every call reaches the upstream (the default, and anything personal). */
export const CacheNone: CacheStrategy = { mode: "none" };

/** A minute: settings, navigation, lists of content. */
export const CacheShort: CacheStrategy = { mode: "shared", freshFor: MINUTE };

/** An hour: what never changes for its key, such as an image by its content hash. */
export const CacheLong: CacheStrategy = { mode: "shared", freshFor: HOUR };

/** The `data` record of an answer, when it has one. */
function record(answer: unknown) {
  const data = (answer as { data?: unknown } | null)?.data;
  return data && typeof data === "object"
    ? (data as { id?: unknown; updated_at?: unknown; next_change_at?: unknown })
    : null;
}

/**
 * The same record in the same version: same id and updated_at, and the same next_change_at (a
 * page whose scheduled block has appeared has a later one, though its updated_at is the same).
 */
export function sameRecord(a: unknown, b: unknown) {
  const x = record(a);
  const y = record(b);
  return (
    x !== null &&
    y !== null &&
    x.updated_at !== undefined &&
    x.id === y.id &&
    x.updated_at === y.updated_at &&
    x.next_change_at === y.next_change_at
  );
}

/** A record's `next_change_at` (a scheduled block or revision), in ms; null when it has none. */
export function nextChangeAt(answer: unknown) {
  const at = Date.parse(String(record(answer)?.next_change_at ?? ""));
  return Number.isFinite(at) ? at : null;
}

/**
 * A page: re-checked after a second, and at its next scheduled change, after which the old answer
 * is never served (the first read then sees the change, on every instance). The cached object is
 * replaced only when the page's id, updated_at or next_change_at changes (so a page's parsed form,
 * and what is derived from it, stays put).
 */
export const CachePage: CacheStrategy = {
  mode: "shared",
  freshFor: SECOND,
  same: sameRecord,
  changesAt: nextChangeAt,
};

/** A strategy of one's own. */
export function CacheCustom(options: Omit<Extract<CacheStrategy, { mode: "shared" }>, "mode">): CacheStrategy {
  return { mode: "shared", ...options };
}
