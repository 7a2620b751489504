/**
 * Behind PgBouncer in transaction mode (docs/deployment.md, decision 120) each transaction, and
 * each statement outside one, may run on a different server connection. Whatever the CMS leaves
 * on a session there (a setting, a session advisory lock, a temporary table) lands on a stranger's
 * connection, or is missing from its own next statement; a session lock whose unlock runs
 * elsewhere stays held, and the next start waits for it. So the CMS's code uses none:
 * transaction-level locks (`pg_advisory_xact_lock`), `SET LOCAL` or `set_config(…, true)` inside
 * a transaction.
 * (LISTEN needs a connection of its own, outside the pool and PgBouncer: docs/deployment.md.)
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

const cmsDir = fileURLToPath(new URL("..", import.meta.url));

/** What would tie state to a server session, each with why. */
const SESSION_STATE: [RegExp, string][] = [
  [/pg_(try_)?advisory_(un)?lock(_shared)?\s*\(/i, "a session advisory lock: use pg_advisory_xact_lock"],
  [
    /(sql`|query\(\s*["'`])\s*set\s+(?!local\b)(session\s+)?\w+\s*(=|to\b)/i,
    "a session SET: use SET LOCAL in a transaction",
  ],
  [/set_config\s*\([^)]*,\s*false\s*\)/i, "set_config(…, false) lasts the session: pass true"],
  [/create\s+(temp|temporary)\s+table/i, "a temporary table lives in one session"],
];

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".test.ts"))
    .map((e) => path.join(e.parentPath, e.name));
}

describe("the CMS under PgBouncer's transaction pooling", () => {
  it("keeps no state on a database session (settings, session locks, temporary tables)", () => {
    const found: string[] = [];
    for (const file of sources(cmsDir)) {
      const text = readFileSync(file, "utf8");
      for (const [pattern, why] of SESSION_STATE) {
        if (pattern.test(text)) found.push(`${path.relative(cmsDir, file)}: ${why}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("would notice one", () => {
    const caught = (text: string) => SESSION_STATE.some(([pattern]) => pattern.test(text));
    expect(caught('await client.query("select pg_advisory_lock(727000)")')).toBe(true);
    expect(caught("await db.execute(sql`SET statement_timeout = 5000`)")).toBe(true);
    expect(caught("select set_config('app.user', $1, false)")).toBe(true);
    expect(caught("await tx.execute(sql`select pg_advisory_xact_lock(727001)`)")).toBe(false);
    expect(caught("await tx.execute(sql`SET LOCAL statement_timeout = 5000`)")).toBe(false);
    expect(caught('onDelete: "set null"')).toBe(false);
  });
});
