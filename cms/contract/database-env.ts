/**
 * The PostgreSQL pool's environment (decision 120), read by both hosts that open the CMS's
 * database: the site with its embedded CMS (`app/host/env.server.ts`) and the CMS alone
 * (`cms/env.ts`). PGlite (no DATABASE_URL) has one connection and ignores both.
 */
import { z } from "zod";

export const databaseEnvFields = {
  /**
   * The most connections this instance holds to PostgreSQL. Every instance has its own pool:
   * instances × DATABASE_POOL_MAX must stay under the server's max_connections, less a reserve
   * (docs/deployment.md).
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  /**
   * How long a query waits for a connection, in milliseconds (pg's connectionTimeoutMillis: a
   * free one in the pool, or a new one to open); then the request answers 503 with Retry-After.
   */
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(1).max(60_000).default(3_000),
};
