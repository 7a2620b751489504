import { z } from "zod";
import { cachedWhenAnonymous } from "./cache.server";
import { linkSchema } from "./schemas";
import type { Link } from "./schemas";
import type { Transport } from "./transport.server";

/** Links under one parent (for example a widget's list of child links). */
export function getLinks(t: Transport, parent: string): Promise<Link[]> {
  const load = () => t.get("/api/v1/cognito/link", z.object({ data: z.array(linkSchema) }), { parent }).then((r) => r.data);
  return cachedWhenAnonymous(t, `links:${parent}`, load, { freshFor: 60_000 });
}
