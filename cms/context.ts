import type { Db } from "./db/client";

/** What every CMS request handler gets in its context. */
export interface CmsEnv {
  Variables: {
    db: Db;
  };
}

/** What every GraphQL resolver gets as its context. */
export interface GraphqlContext {
  db: Db;
}
