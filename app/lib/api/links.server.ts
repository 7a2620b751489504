import { type Link, linksAnswerSchema } from "@contract/site";

import { CacheShort } from "./cache-strategies";
import type { Transport } from "./transport.server";

/** Links under one parent (for example a widget's list of child links). */
export function getLinks(t: Transport, parent: string): Promise<Link[]> {
  return t.get("/api/v1/cognito/link", linksAnswerSchema, { parent }, { cache: CacheShort }).then((r) => r.data);
}
