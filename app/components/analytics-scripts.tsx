import type { AnalyticsConfig } from "~/lib/analytics";
import { analyticsInlineScripts } from "~/lib/analytics";

/** The configured analytics: nothing at all unless the site settings name an account. */
export function AnalyticsScripts({ config, nonce }: { config: AnalyticsConfig; nonce: string }) {
  const inline = analyticsInlineScripts(config);
  if (!config.googleAnalytics && inline.length === 0) return null;
  return (
    <>
      {config.googleAnalytics ? (
        <script
          async
          nonce={nonce}
          suppressHydrationWarning
          src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(config.googleAnalytics)}`}
        />
      ) : null}
      {inline.map((code, i) => (
        <script key={i} nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: code }} />
      ))}
    </>
  );
}
