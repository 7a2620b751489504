/**
 * Route files Remix leaves out. `app/routes/bench-bare.tsx` is the benchmark's floor (a page with
 * no content of its own): only a build made with DOVETAIL_BENCH=1, as `npm run bench` makes,
 * includes it; every other build answers 404 there.
 * @param {Record<string, string | undefined>} env
 */
export function ignoredRouteFiles(env = process.env) {
  return ["**/.*", "**/*.test.{ts,tsx}", ...(env.DOVETAIL_BENCH === "1" ? [] : ["**/bench-bare.tsx"])];
}

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ignoredRouteFiles(),
  serverModuleFormat: "esm",
  serverPlatform: "node",
  postcss: true,
  // The service worker (@remix-pwa/dev, scripts/build-worker.mjs; decision 063): public/sw.js.
  workerName: "sw",
  workerMinify: true,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
