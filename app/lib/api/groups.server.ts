import { z } from "zod";

import { type Group, groupAnswerSchema, groupsAnswerSchema } from "@contract/groups";

import { CacheShort } from "./cache-strategies";
import { isUpstreamError } from "./errors";
import { seedGroupDetails, seedGroupList } from "./seed-catalogue.server";
import { orSeed } from "./seed-fallback.server";
import type { Transport } from "./transport.server";

const name = z
  .string()
  .max(100)
  .regex(/^[\w-]+$/);

/** The groups of a model (for example Catalogue/Product): the children of `group`, or the top categories. */
export async function getGroups(t: Transport, namespace: string, model: string, group?: string): Promise<Group[]> {
  if (![namespace, model, group ?? "x"].every((v) => name.safeParse(v).success)) return [];
  const path = `/api/v1/cognito/group/${namespace}/${model}`;
  const query = { group, image_aspect: "4x3", image_width: 600 };
  return orSeed(
    async () => (await t.get(path, groupsAnswerSchema, query, { cache: CacheShort })).data,
    () => seedGroupList(namespace, model, group),
  );
}

/** One group by its slug, with its children; null when there is none. */
export async function getGroupDetails(
  t: Transport,
  namespace: string,
  model: string,
  group: string,
): Promise<Group | null> {
  if (![namespace, model, group].every((v) => name.safeParse(v).success)) return null;
  const path = `/api/v1/cognito/group/details/${namespace}/${model}/${group}`;
  try {
    const query = { image_aspect: "4x3", image_width: 600 };
    return await orSeed(
      async () => (await t.get(path, groupAnswerSchema, query, { cache: CacheShort })).data,
      () => seedGroupDetails(namespace, model, group),
    );
  } catch (error) {
    if (isUpstreamError(error) && error.status === 404) return null;
    throw error;
  }
}
