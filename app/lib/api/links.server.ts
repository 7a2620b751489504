import { z } from "zod";

import { CacheShort } from "./cache-strategies";
import type { Link } from "./schemas";
import { linkSchema } from "./schemas";
import type { Transport } from "./transport.server";

/** Answer schemas live at module level: the transport parses a cached answer once per schema. */
const linksAnswerSchema = z.object({ data: z.array(linkSchema) });

/** Links under one parent (for example a widget's list of child links). */
export function getLinks(t: Transport, parent: string): Promise<Link[]> {
  return t.get("/api/v1/cognito/link", linksAnswerSchema, { parent }, { cache: CacheShort }).then((r) => r.data);
}
