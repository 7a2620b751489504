/**
 * A request for a variant (its path) on the image host at background priority: the host's image
 * warm-up and the web manifest's icons (`routes/icons.$file.ts`) ask for variants this way.
 */
export function variantRequest(variantPath: string, imageBase: string) {
  return new Request(new URL(variantPath, imageBase), {
    headers: { "x-encode-priority": "background" },
    signal: AbortSignal.timeout(120_000),
  });
}
