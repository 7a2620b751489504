import type { CspSources } from "~/host/security-headers.server";

/**
 * Analytics and tag managers configured in the site settings. Each loads only when its key is
 * set and well-formed, and brings exactly the hosts it needs into the page's CSP.
 */
export interface AnalyticsConfig {
  googleAnalytics: string | null;
  googleTagManager: string | null;
  facebookPixel: string | null;
  matomo: { url: string; siteId: string } | null;
}

const GA = /^G-[A-Z0-9]{4,20}$/;
const GTM = /^GTM-[A-Z0-9]{4,12}$/;
const PIXEL = /^\d{6,20}$/;

function str(v: unknown) {
  return typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "";
}

export function analyticsConfig(settings: Record<string, unknown>): AnalyticsConfig {
  const ga = str(settings.google_analytics);
  const gtm = str(settings.google_tag_manager);
  const pixel = str(settings.facebook_pixel);
  let matomo: AnalyticsConfig["matomo"] = null;
  const matomoUrl = str(settings.matomo_site_url);
  const matomoId = str(settings.matomo_site_id);
  if (matomoUrl && /^\d{1,9}$/.test(matomoId)) {
    try {
      const url = new URL(matomoUrl);
      if (url.protocol === "https:")
        matomo = { url: `${url.origin}${url.pathname.replace(/\/*$/, "/")}`, siteId: matomoId };
    } catch {
      matomo = null;
    }
  }
  return {
    googleAnalytics: GA.test(ga) ? ga : null,
    googleTagManager: GTM.test(gtm) ? gtm : null,
    facebookPixel: PIXEL.test(pixel) ? pixel : null,
    matomo,
  };
}

/** The hosts the configured analytics need, by CSP directive. */
export function analyticsCspSources(config: AnalyticsConfig): CspSources {
  const s: CspSources = { script: [], connect: [], img: [], frame: [] };
  if (config.googleAnalytics || config.googleTagManager) {
    s.script.push("https://www.googletagmanager.com");
    s.connect.push(
      "https://www.google-analytics.com",
      "https://*.google-analytics.com",
      "https://*.analytics.google.com",
      "https://www.googletagmanager.com",
    );
    s.img.push("https://www.google-analytics.com", "https://www.googletagmanager.com");
  }
  if (config.googleTagManager) s.frame.push("https://www.googletagmanager.com");
  if (config.facebookPixel) {
    s.script.push("https://connect.facebook.net");
    s.connect.push("https://www.facebook.com", "https://connect.facebook.net");
    s.img.push("https://www.facebook.com");
  }
  if (config.matomo) {
    const origin = new URL(config.matomo.url).origin;
    s.script.push(origin);
    s.connect.push(origin);
    s.img.push(origin);
  }
  return s;
}

/** The inline bootstrap scripts (they run with the page's nonce). */
export function analyticsInlineScripts(config: AnalyticsConfig): string[] {
  const scripts: string[] = [];
  const json = (v: string) => JSON.stringify(v);
  if (config.googleAnalytics) {
    scripts.push(
      `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag("js",new Date());gtag("config",${json(config.googleAnalytics)});`,
    );
  }
  if (config.googleTagManager) {
    scripts.push(
      `(function(w,d,l,i){w[l]=w[l]||[];w[l].push({"gtm.start":Date.now(),event:"gtm.js"});var s=d.createElement("script");s.async=true;s.src="https://www.googletagmanager.com/gtm.js?id="+i;var n=d.querySelector("script[nonce]");if(n)s.nonce=n.nonce;d.head.appendChild(s)})(window,document,"dataLayer",${json(config.googleTagManager)});`,
    );
  }
  if (config.facebookPixel) {
    scripts.push(
      `!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version="2.0";n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,"script","https://connect.facebook.net/en_US/fbevents.js");fbq("init",${json(config.facebookPixel)});fbq("track","PageView");`,
    );
  }
  if (config.matomo) {
    scripts.push(
      `var _paq=window._paq=window._paq||[];_paq.push(["trackPageView"]);_paq.push(["enableLinkTracking"]);(function(){var u=${json(config.matomo.url)};_paq.push(["setTrackerUrl",u+"matomo.php"]);_paq.push(["setSiteId",${json(config.matomo.siteId)}]);var g=document.createElement("script");g.async=true;g.src=u+"matomo.js";document.head.appendChild(g)})();`,
    );
  }
  return scripts;
}
