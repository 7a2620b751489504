/** 200 random group moves on PGlite and PostgreSQL, the nested set checked after each. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { groups } from "../db/schema";
import { closeAndSettle, drivers } from "../test/databases";
import { type AdminHarness, adminHarness } from "./test-support";

type Row = typeof groups.$inferSelect;

/** Every tree numbered 1..2n without gaps, intervals nested, level the depth, root the top's id; the parent of each. */
function checkNestedSet(rows: Row[]): Map<number, number | null> {
  const parents = new Map<number, number | null>();
  const byRoot = new Map<number, Row[]>();
  for (const row of rows) byRoot.set(row.root, [...(byRoot.get(row.root) ?? []), row]);
  for (const [root, tree] of byRoot) {
    tree.sort((a, b) => a.lft - b.lft);
    const numbers = tree.flatMap((r) => [r.lft, r.rgt]).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: tree.length * 2 }, (_, i) => i + 1));
    expect(tree[0].id).toBe(root);
    expect(tree[0].lft).toBe(1);
    const stack: Row[] = [];
    for (const row of tree) {
      expect(row.lft).toBeLessThan(row.rgt);
      while (stack.length && stack[stack.length - 1].rgt < row.lft) stack.pop();
      const parent = stack[stack.length - 1];
      if (parent) expect(row.rgt).toBeLessThan(parent.rgt);
      expect(row.level).toBe(stack.length);
      parents.set(row.id, parent?.id ?? null);
      stack.push(row);
    }
  }
  return parents;
}

/** A small deterministic random source. */
function random(seed: number) {
  let n = seed;
  return (below: number) => {
    n = (n * 1103515245 + 12345) % 2 ** 31;
    return n % below;
  };
}

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`group moves — ${driver.title}`, () => {
    let h: AdminHarness;
    beforeAll(async () => {
      h = await adminHarness(driver.name, "group-move");
    }, 60_000);
    afterAll(async () => {
      await closeAndSettle(h.t);
      await h.t.dispose();
    });

    it("keeps a consistent nested set through 200 random moves", async () => {
      const rand = random(driver.name === "pglite" ? 7 : 11);
      const ids: number[] = [];
      for (let i = 0; i < 24; i++) {
        const parent = i < 3 || ids.length === 0 ? null : ids[rand(ids.length)];
        const res = await h.call("/group/create", {
          name: `G${i}`,
          slug: `g${i}`,
          model: "Product",
          parent_id: parent,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        ids.push(res.body.data.id);
      }
      let parents = checkNestedSet(await h.db.select().from(groups));
      let refused = 0;
      for (let move = 0; move < 200; move++) {
        const id = ids[rand(ids.length)];
        const parentId = rand(10) === 0 ? null : ids[rand(ids.length)];
        const res = await h.call("/group/move", { id, parent_id: parentId, position: rand(4) });
        let inside = false;
        for (let p: number | null = parentId; p !== null; p = parents.get(p) ?? null) if (p === id) inside = true;
        if (inside) {
          expect(res.status).toBe(400);
          refused++;
        } else {
          expect(res.status, JSON.stringify(res.body)).toBe(200);
        }
        const rows = await h.db.select().from(groups);
        expect(rows).toHaveLength(ids.length);
        parents = checkNestedSet(rows);
        if (!inside) expect(parents.get(id)).toBe(parentId);
      }
      expect(refused).toBeGreaterThan(0);
      expect(refused).toBeLessThan(200);
    }, 240_000);
  });
}
