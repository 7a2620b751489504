import type { Db } from "./db/client";

/** What every CMS request handler gets in its context. */
export interface CmsEnv {
  Variables: {
    db: Db;
    /** The request's moment (ms): what is shown is decided at it. */
    now: number;
  };
}

/** What every GraphQL resolver gets as its context. */
export interface GraphqlContext {
  db: Db;
  /** The request's moment (ms). */
  now: number;
}
