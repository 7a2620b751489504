/**
 * Content changes between the instances on one PostgreSQL (decision 118). Every change is
 * announced with `pg_notify` on one channel once its write has committed (`announceChange`), and
 * every site instance LISTENs on a connection of its own, outside the pool
 * (`listenForChanges`), purging what the notice names. Its own notices come back too: they carry
 * the announcing instance's id, so it skips them (it purged in process already). PGlite is one
 * process: there the in-process path (`onContentChange`) is the whole story.
 */
import { sql } from "drizzle-orm";
import type { Client, Notification } from "pg";
import { z } from "zod";

import type { Db } from "./db/client";
import type { ContentChangeNotice } from "./events";

/** The one channel every instance listens on. */
export const CHANGE_CHANNEL = "dovetail_content_changes";

/** PostgreSQL refuses a notification payload of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7999;

const noticeSchema = z.union([
  z.object({ from: z.string().max(200), all: z.literal(true) }),
  z.object({ from: z.string().max(200), paths: z.array(z.string().startsWith("/").max(2000)).max(1000) }),
]);

/**
 * The payload of a change: `{"from": id, "paths": [...]}`, or `{"from": id, "all": true}` when the
 * paths would not fit in a notification (everything is purged then, which is never wrong).
 */
export function encodeChange(change: ContentChangeNotice, from: string): string {
  const everything = JSON.stringify({ from, all: true });
  if ("all" in change) return everything;
  const listed = JSON.stringify({ from, paths: change.paths });
  return Buffer.byteLength(listed) <= MAX_PAYLOAD_BYTES ? listed : everything;
}

/** A payload read back; null for anything that is not one of ours (it is ignored). */
export function decodeChange(payload: string | undefined): { from: string; change: ContentChangeNotice } | null {
  let json: unknown;
  try {
    json = JSON.parse(payload ?? "");
  } catch {
    return null;
  }
  const parsed = noticeSchema.safeParse(json);
  if (!parsed.success) return null;
  const { from, ...change } = parsed.data;
  return { from, change };
}

/**
 * Tells every instance on the database about a committed change. Never throws: a save must not
 * fail because the others could not be told (they purge everything when their listener reconnects,
 * and their caches expire in any case); the failure is logged.
 */
export async function announceChange(db: Db, change: ContentChangeNotice, from: string): Promise<void> {
  try {
    await db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${encodeChange(change, from)})`);
  } catch (error) {
    console.error("[cms] could not announce a content change to the other instances:", (error as Error).message);
  }
}

export interface ChangeListenerOptions {
  /** The PostgreSQL to LISTEN on (DATABASE_LISTEN_URL, else DATABASE_URL): not through PgBouncer's transaction mode. */
  databaseUrl: string;
  /** This instance's id in the notices it announces: those are skipped. */
  self: string;
  /** Told each notice of another instance, and `{ all: true }` after a reconnect (notices may have been missed). */
  onChange: (change: ContentChangeNotice) => void;
  /**
   * Told when a connection that was listening is lost: notices sent from now on go unheard until
   * it is back, so what the instance has cached can no longer be vouched for (decision 123).
   */
  onLost?: () => void;
  /** The first wait before reconnecting, doubled on each failure up to `maxDelayMs` (ms). */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** How often the connection is checked with a query (ms); a silent network loss is found this way. */
  heartbeatMs?: number;
}

export interface ChangeListener {
  /** Resolves once the first attempt has ended: listening, or a reconnect scheduled. */
  started: Promise<void>;
  /** Whether the LISTEN connection is up now. */
  listening(): boolean;
  /** Ends the connection and every retry. */
  close(): Promise<void>;
}

/**
 * One dedicated connection (a `pg.Client`, not the pool's: LISTEN belongs to a session) that
 * LISTENs on the channel. When it fails or ends, it tells `onLost` and reconnects after a backoff
 * (0.5 s doubling to 5 s by default, with jitter: a database back from an outage is heard again
 * within seconds, at one attempt per 5 s meanwhile) and then hands `{ all: true }` to `onChange`, since notices sent
 * while it was away are lost.
 */
export function listenForChanges(options: ChangeListenerOptions): ChangeListener {
  const minDelay = options.minDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 5_000;
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  let client: Client | null = null;
  let up = false;
  let closed = false;
  let failures = 0;
  let everConnected = false;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const hear = (message: Notification) => {
    if (message.channel !== CHANGE_CHANNEL) return;
    const notice = decodeChange(message.payload);
    if (!notice || notice.from === options.self) return;
    options.onChange(notice.change);
  };

  const scheduleRetry = () => {
    const delay = Math.min(maxDelay, minDelay * 2 ** failures) * (0.75 + Math.random() / 4);
    failures++;
    retry = setTimeout(() => void connect(), delay);
    retry.unref();
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const { default: pg } = await import("pg");
    if (closed) return;
    const connection = new pg.Client({
      connectionString: options.databaseUrl,
      application_name: "dovetail-changes",
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
      query_timeout: 10_000,
    });
    client = connection;
    let lost = false;
    const lose = (why: string) => {
      if (lost) return;
      lost = true;
      const wasUp = up;
      up = false;
      clearInterval(heartbeat);
      connection.removeListener("notification", hear);
      connection.end().catch(() => {});
      if (closed) return;
      console.warn(`[cms] change channel: ${why}; reconnecting`);
      if (wasUp) options.onLost?.();
      scheduleRetry();
    };
    connection.on("error", (error) => lose(`connection lost (${error.message})`));
    connection.on("end", () => lose("connection ended"));
    connection.on("notification", hear);
    try {
      await connection.connect();
      await connection.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      lose(`could not listen (${(error as Error).message})`);
      return;
    }
    if (closed || lost) return;
    up = true;
    const missed = everConnected || failures > 0;
    everConnected = true;
    failures = 0;
    heartbeat = setInterval(() => {
      connection.query("select 1").catch((error: Error) => lose(`heartbeat failed (${error.message})`));
    }, heartbeatMs);
    heartbeat.unref();
    if (missed) {
      console.log("[cms] change channel: listening again; purging everything (changes may have been missed)");
      options.onChange({ all: true });
    }
  }

  return {
    started: connect(),
    listening: () => up,
    async close() {
      closed = true;
      up = false;
      clearTimeout(retry);
      clearInterval(heartbeat);
      await client?.end().catch(() => {});
    },
  };
}
