/** Groups (spec section 3, "Cognito group"): nested categories of a model, with their children. */
import { z } from "zod";

import { orEmpty } from "./lenient";
import { type Image, imageSchema } from "./media";

export interface Group {
  id: number;
  name: string;
  url: string;
  slug: string;
  content: string;
  image: Image | null;
  model: string;
  root: number;
  lft: number;
  rgt: number;
  level: number;
  children: Group[];
}

/** A group as the upstream may send it (what `groupSchema` reads). */
export interface GroupInput {
  id: number;
  name: string;
  url?: string | null;
  slug: string;
  content?: string | null;
  image?: unknown;
  model: string;
  root: number;
  lft: number;
  rgt: number;
  level: number;
  children?: GroupInput[];
}

export const groupSchema: z.ZodType<Group, z.ZodTypeDef, GroupInput> = z.lazy(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    url: orEmpty,
    slug: z.string(),
    content: orEmpty,
    image: imageSchema
      .nullish()
      .catch(null)
      .transform((v) => v ?? null),
    model: z.string(),
    root: z.number(),
    lft: z.number(),
    rgt: z.number(),
    level: z.number(),
    children: z.array(groupSchema).default([]),
  }),
);

/** `GET group/{namespace}/{model}`: the children of a group, or the top groups. */
export const groupsAnswerSchema = z.object({ data: z.array(groupSchema) });
/** `GET group/details/{namespace}/{model}/{slug}`: one group with its children. */
export const groupAnswerSchema = z.object({ data: groupSchema });
