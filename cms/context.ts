import type { Db } from "./db/client";
import type { users } from "./db/schema";
import type { ContentChange } from "./events";
import type { Mailer } from "./mail/mailer";
import type { PaymentGateway } from "./payments/gateway";

/** What every CMS request handler gets in its context. */
export interface CmsEnv {
  Variables: {
    db: Db;
    /** The request's moment (ms): what is shown is decided at it. */
    now: number;
    /** The access tokens' HS256 key (`tokenSecret` option). */
    tokenSecret: Uint8Array;
    /** The multiplier of the account calls' rate limits (`authRateLimit` option, AUTH_RATE_LIMIT). */
    authRateLimit: number;
    /** How long an order's stock is held for its payment, in minutes (STOCK_HOLD_MINUTES). */
    stockHoldMinutes: number;
    /** The site's URL, for links in mail (`siteUrl` option); undefined when not configured. */
    siteUrl: string | undefined;
    /** The mailer (`mailer` option); a warning mailer when none is configured. */
    mailer: Mailer;
    /** The payment gateway (`paymentGateway` option; default the test gateway). */
    paymentGateway: PaymentGateway;
    /** Where browsers reach the CMS's `/pay/…` pages (`paymentPageUrl` option); undefined: the site's. */
    paymentPageUrl: string | undefined;
    /** The app's `notify`: announces a content change (the purge) once its write has committed. */
    notify: (change: ContentChange) => Promise<void>;
    /** The signed-in member: set by `requireUser` (cms/accounts/tokens.ts) on Bearer calls only. */
    user: typeof users.$inferSelect;
    /** The signed-in member's refresh-token family: set by `requireUser`. */
    tokenFamily: string;
  };
}

/** What every GraphQL resolver gets as its context. */
export interface GraphqlContext {
  db: Db;
  /** The request's moment (ms). */
  now: number;
  /** The app's `notify` (a read that applies a scheduled revision announces it). */
  notify?: (change: ContentChange) => Promise<void>;
}
