/** What the areas' seed functions share while the seeds go in, in one transaction. */

export interface SeedHelpers {
  /** Inserts (once) the image at a path under seeds/images and gives its hash; null for none. */
  imageHash(file: string | undefined): Promise<string | null>;
  /** The id of the group of `model` with this slug; throws naming it when there is none. */
  groupId(slug: string, model: string): number;
}

/** Sort orders that count up from 0 within each group (null: the records in no group), in file order. */
export function sortOrders() {
  const counters = new Map<number | null, number>();
  return (groupId: number | null) => {
    const n = counters.get(groupId) ?? 0;
    counters.set(groupId, n + 1);
    return n;
  };
}
