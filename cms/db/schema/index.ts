/**
 * The CMS's tables, one file per area, with their drizzle relations. drizzle-kit generates the
 * migrations from this index (drizzle.config.ts), and `openDatabase` hands it to drizzle, so
 * `db.query.<table>` can follow the relations.
 */
export * from "./accounts";
export * from "./admin";
export * from "./catalogue";
export * from "./content";
export * from "./forms";
export * from "./galleries";
export * from "./groups";
export * from "./media";
export * from "./pages";
export * from "./payments";
export * from "./shop";
export * from "./site";
export * from "./vouchers";
