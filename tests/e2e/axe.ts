import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

import type { Page } from "@playwright/test";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * The axe-core violations on the page as it stands, one line each (rule, impact, first targets),
 * over the whole document or only the elements `include` selects (`["header", "footer"]`).
 * axe is injected as a script: the test must `bypassCSP`, as the page's CSP allows only its own.
 */
export async function axeViolations(page: Page, include?: string[]) {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async (selectors) => {
    type Result = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    const { axe } = window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<Result> } };
    const context = selectors ? { include: selectors.map((s) => [s]) } : document;
    const result = await axe.run(context, { resultTypes: ["violations"] });
    return result.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 5)
          .join(", ")}`,
    );
  }, include);
}
