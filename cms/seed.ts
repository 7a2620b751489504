/**
 * Seeding: the seeds folder (seeds/*.json and seeds/images) loaded into an empty database, in one
 * transaction, each area inserting its own records. The slow work (describing images, making the
 * background videos) happens first, outside the transaction, and only when the database is empty.
 */
import { sql } from "drizzle-orm";

import { seedProducts } from "./catalogue/seed";
import { seedRecords, seedSlides } from "./content/seed";
import type { Db } from "./db/client";
import { prepareSeedDocuments, seedDocuments } from "./files/seed";
import { seedForms } from "./forms/seed";
import { seedGalleries } from "./galleries/seed";
import { seedGroups } from "./groups/seed";
import { imageUrl, snapWidth } from "./media/records";
import { describeSeedImages, prepareSeedVideos, seedImageInserter, seedVideos } from "./media/seed";
import type { DescribedImage } from "./media/store";
import { type ReferenceResolver, seedPages } from "./pages/seed";
import { readSeeds, type SeedData } from "./seeding/files";
import { sanitizeSeedHtml, seededEmbedOrigins } from "./seeding/html";
import { seedImageFiles } from "./seeding/images";
import { resolveReferences } from "./seeding/refs";
import { seedShop } from "./shop/seed";
import { hasDomain, seedDomain, seedNavigation } from "./site/seed";
import { seedVoucherThemes } from "./vouchers/seed";

export { defaultSeedsDir, readSeeds, type SeedData } from "./seeding/files";

/** What was prepared outside the transaction. */
interface Prepared {
  images: Map<string, DescribedImage>;
  videos: Map<string, Uint8Array>;
  documents: Map<string, Uint8Array>;
}

/** Inserts every seed, area by area; pages last, as their rows and blocks may refer to the rest. */
async function insertSeeds(db: Db, seeds: SeedData, prepared: Prepared) {
  // CMS HTML goes in as the allowlist keeps it, frames and images only from the embed origins.
  const data = sanitizeSeedHtml(seeds, seededEmbedOrigins(seeds.domain.settings));
  const imageHash = seedImageInserter(db, prepared.images);
  /** "@image-url:": the original's own shape as WebP (it keeps a logo's transparency), as wide as it is. */
  const imageAddress = async (name: string) => {
    const image = prepared.images.get(name);
    const hash = image ? await imageHash(name) : null;
    return image && hash ? imageUrl(hash, "orig", snapWidth(image.width), "webp") : undefined;
  };
  const settings = await resolveReferences(
    data.domain.settings,
    (kind, name) => (kind === "image-url" ? imageAddress(name) : undefined),
    "seeds/domain.json",
  );
  await seedDomain(db, { ...data.domain, settings });
  const groups = await seedGroups(db, data.groups, imageHash);
  const helpers = { imageHash, groupId: groups.groupId };
  await seedProducts(db, data.products, helpers);
  await seedShop(db, data.shop ?? { skus: [], promotion_codes: [] });
  await seedSlides(db, data.slides, helpers);
  await seedRecords(db, data, helpers);
  const galleryIds = await seedGalleries(db, data.galleries ?? [], helpers);
  await seedVoucherThemes(db, data.voucherThemes ?? [], helpers);
  await seedForms(db, data.forms ?? []);
  const videoIds = await seedVideos(db, data.videos ?? [], prepared.videos, imageHash);
  const documentIds = await seedDocuments(db, data.documents ?? [], prepared.documents);
  const resolve: ReferenceResolver = async (kind, name) => {
    if (kind === "image") return prepared.images.has(name) ? ((await imageHash(name)) ?? undefined) : undefined;
    if (kind === "image-url") return imageAddress(name);
    if (kind === "video") return videoIds.get(name);
    if (kind === "gallery") return galleryIds.get(name);
    if (kind === "document") return documentIds.get(name);
    return groups.byPath(name);
  };
  await seedPages(db, data.pages, resolve);
  await seedNavigation(db, data);
}

/**
 * Loads the seeds into an empty database, in one transaction. Idempotent: when the site already
 * has a domain row nothing is added. An advisory lock keeps two instances starting at once
 * against one PostgreSQL from both seeding.
 */
export async function seedIfEmpty(db: Db, data: SeedData = readSeeds()): Promise<boolean> {
  if (await hasDomain(db)) return false;
  const author = String(data.domain.settings.organisation_name ?? "");
  const [images, videos, documents] = await Promise.all([
    describeSeedImages(data.dir, seedImageFiles(data)),
    prepareSeedVideos(data.dir, data.videos ?? []),
    prepareSeedDocuments(data.documents ?? [], author),
  ]);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    if (await hasDomain(tx)) return false;
    await insertSeeds(tx, data, { images, videos, documents });
    return true;
  });
}
