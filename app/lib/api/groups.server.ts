import { z } from "zod";
import { cachedWhenAnonymous } from "./cache.server";
import { isUpstreamError } from "./errors";
import { groupSchema } from "./schemas";
import type { Group } from "./schemas";
import type { Transport } from "./transport.server";

const MINUTE = 60_000;
const name = z.string().max(100).regex(/^[\w-]+$/);

/** All groups as trees. */
export function getGroupTrees(t: Transport): Promise<Group[]> {
  const load = () => t.get("/api/v1/cognito/group", z.object({ data: z.array(groupSchema) })).then((r) => r.data);
  return cachedWhenAnonymous(t, "groups", load, { freshFor: MINUTE });
}

/** The groups of a model (for example Catalogue/Product): the children of `group`, or the top categories. */
export async function getGroups(t: Transport, namespace: string, model: string, group?: string): Promise<Group[]> {
  if (![namespace, model, group ?? "x"].every((v) => name.safeParse(v).success)) return [];
  const path = `/api/v1/cognito/group/${namespace}/${model}`;
  const load = () => t.get(path, z.object({ data: z.array(groupSchema) }), { group, image_aspect: "4x3", image_width: 600 }).then((r) => r.data);
  return cachedWhenAnonymous(t, `groups:${namespace}/${model}/${group ?? ""}`, load, { freshFor: MINUTE });
}

/** One group by its slug, with its children; null when there is none. */
export async function getGroupDetails(t: Transport, namespace: string, model: string, group: string): Promise<Group | null> {
  if (![namespace, model, group].every((v) => name.safeParse(v).success)) return null;
  const path = `/api/v1/cognito/group/details/${namespace}/${model}/${group}`;
  const load = async () => {
    try {
      return (await t.get(path, z.object({ data: groupSchema }), { image_aspect: "4x3", image_width: 600 })).data;
    } catch (error) {
      if (isUpstreamError(error) && error.status === 404) return null;
      throw error;
    }
  };
  return cachedWhenAnonymous(t, `group:${namespace}/${model}/${group}`, load, { freshFor: MINUTE });
}
