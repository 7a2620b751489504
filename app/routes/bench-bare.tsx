import type { HeadersFunction, MetaFunction } from "@remix-run/node";

import { withRootMeta } from "~/lib/meta";

/**
 * The benchmark's floor: a route with no loader of its own and no CMS page, rendered through the
 * same handler, root loader and layout as every page (`npm run bench` divides by it). Only a build
 * made with DOVETAIL_BENCH=1, as `npm run bench` makes, has this route (see remix.config.js).
 */
export const meta: MetaFunction = ({ matches }) => withRootMeta(matches, [{ name: "robots", content: "noindex" }]);
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export default function BenchBare() {
  return <div className="mx-auto max-w-6xl px-4 py-6" />;
}
