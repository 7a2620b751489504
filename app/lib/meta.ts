import type { MetaDescriptor } from "@remix-run/node";

/** A child route's meta replaces its parents': start from the root's head and add to it. */
export function withRootMeta(matches: { id: string; meta: MetaDescriptor[] }[], extra: MetaDescriptor[]) {
  const root = matches.find((m) => m.id === "root")?.meta ?? [];
  const names = new Set(extra.map((m) => ("name" in m ? m.name : undefined)).filter(Boolean));
  return [...root.filter((m) => !("name" in m && names.has(m.name)) && !("tagName" in m && m.rel === "canonical")), ...extra];
}
