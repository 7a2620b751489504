/** Cache-Control presets: the only place these strings are written. */
export const cacheControl = {
  /** Anything with a session, a cart or a form token. */
  private: "private, no-store",
  /** Anonymous CMS pages: shared caches keep them briefly and may serve stale while revalidating. */
  publicPage: (maxSeconds = 60, staleSeconds = 300) =>
    `public, max-age=0, s-maxage=${Math.max(0, Math.floor(maxSeconds))}, stale-while-revalidate=${maxSeconds > 0 ? Math.max(0, Math.floor(staleSeconds)) : 0}`,
  /** Machine-readable documents such as sitemap.xml and robots.txt. */
  document: "public, max-age=300, stale-while-revalidate=3600",
  /** Error pages: never cached. */
  none: "no-store",
} as const;
