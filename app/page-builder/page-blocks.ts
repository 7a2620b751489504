import type { PageBlock, Widget } from "@contract/pages";

/** A page block rendered as the widget its template names, with its variables as fields. */
export function pageBlockWidget(pb: PageBlock): Widget {
  const items = Array.isArray(pb.variables.items) ? (pb.variables.items as Record<string, unknown>[]) : [];
  return { id: `pb-${pb.id}`, type: pb.template, sort: pb.sort_order, deleted: false, fields: pb.variables, items };
}
