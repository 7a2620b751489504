/** Helpers of the accounts tests: members made straight in the database, a fake clock. */
import { eq } from "drizzle-orm";

import type { CmsApp } from "../app";
import type { Db } from "../db/client";
import { domains, users } from "../db/schema";
import { hashPassword } from "./passwords";

export async function addUser(
  db: Db,
  values: Partial<typeof users.$inferInsert> & { email: string; password?: string },
): Promise<typeof users.$inferSelect> {
  const { password, ...rest } = values;
  const [user] = await db
    .insert(users)
    .values({ ...rest, email: rest.email.toLowerCase(), passwordHash: password ? await hashPassword(password) : null })
    .returning();
  return user;
}

/** A clock tests move by hand. */
export function fakeClock(start = Date.UTC(2026, 10, 25, 9, 0, 0)) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
    set(ms: number) {
      now = ms;
    },
  };
}

/** Sets the site's settings (the first domain's), creating the domain when there is none. */
export async function setSiteSettings(db: Db, settings: Record<string, unknown>) {
  const [domain] = await db.select().from(domains).limit(1);
  if (domain) {
    await db
      .update(domains)
      .set({ settings: { ...domain.settings, ...settings } })
      .where(eq(domains.id, domain.id));
  } else {
    await db.insert(domains).values({ name: "localhost", settings });
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely
export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** An in-process client of the CMS app with a Bearer token, JSON, forms and extra headers. */
export function apiClient(app: CmsApp, origin = "http://cms.test") {
  async function call(
    method: string,
    path: string,
    options: {
      json?: unknown;
      form?: FormData | URLSearchParams;
      token?: string;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Answer> {
    const headers = new Headers(options.headers);
    if (options.token) headers.set("authorization", `Bearer ${options.token}`);
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers.set("content-type", "application/json");
      body = typeof options.json === "string" ? options.json : JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    }
    const res = await app.fetch(new Request(origin + path, { method, headers, body, redirect: "manual" }));
    const text = await res.text();
    const parsed = (res.headers.get("content-type") ?? "").includes("json") ? JSON.parse(text) : text;
    return { status: res.status, headers: res.headers, body: parsed };
  }
  return {
    call,
    get: (path: string, token?: string, headers?: Record<string, string>) => call("GET", path, { token, headers }),
    post: (path: string, json: unknown, token?: string, headers?: Record<string, string>) =>
      call("POST", path, { json, token, headers }),
  };
}

export type ApiClient = ReturnType<typeof apiClient>;
