/**
 * The seed files (seeds/*.json), one schema each from the area that loads it, read and checked
 * together. Files from products on may be absent (an empty list then).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import type { z } from "zod";

import { productSeedsSchema } from "../catalogue/seed";
import {
  faqSeedsSchema,
  personSeedsSchema,
  photoSeedsSchema,
  slideSeedsSchema,
  testimonialSeedsSchema,
} from "../content/seed";
import { documentSeedsSchema } from "../files/seed";
import { formSeedsSchema } from "../forms/seed";
import { gallerySeedsSchema } from "../galleries/seed";
import { groupSeedsSchema } from "../groups/seed";
import { projectPath } from "../lib/project-root";
import { videoSeedsSchema } from "../media/seed";
import { pageSeedsSchema } from "../pages/seed";
import { shopSeedsSchema } from "../shop/seed";
import { domainSeedSchema, linkSeedsSchema, redirectSeedsSchema } from "../site/seed";
import { voucherThemeSeedsSchema } from "../vouchers/seed";

export const defaultSeedsDir = projectPath("seeds");

/** The files every seeds folder has, and two that may be absent, in the order they are read. */
const siteFiles = {
  domain: domainSeedSchema,
  pages: pageSeedsSchema,
  groups: groupSeedsSchema,
  links: linkSeedsSchema,
  redirects: redirectSeedsSchema,
  products: productSeedsSchema,
  slides: slideSeedsSchema,
};

/** The content records' files, each optional. */
const contentFiles = {
  testimonials: testimonialSeedsSchema,
  people: personSeedsSchema,
  faqs: faqSeedsSchema,
  galleries: gallerySeedsSchema,
  voucherThemes: voucherThemeSeedsSchema,
  forms: formSeedsSchema,
  videos: videoSeedsSchema,
  documents: documentSeedsSchema,
  photos: photoSeedsSchema,
  shop: shopSeedsSchema,
};

const OPTIONAL_FILES = new Set(["products", "slides", ...Object.keys(contentFiles)]);

/** File names that differ from their key. */
const FILE_NAMES: Record<string, string> = { voucherThemes: "voucher-themes" };

type Parsed<T extends Record<string, z.ZodTypeAny>> = { [K in keyof T]: z.infer<T[K]> };

export type ContentSeeds = Parsed<typeof contentFiles>;

export type SeedData = Parsed<typeof siteFiles> &
  Partial<ContentSeeds> & {
    /** The seeds folder: images are read from its images/ subfolder. */
    dir: string;
  };

/** Reads and validates every seed file; a bad file throws with its name and the failing field. */
export function readSeeds(dir = defaultSeedsDir): SeedData {
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries({ ...siteFiles, ...contentFiles })) {
    const fileName = FILE_NAMES[name] ?? name;
    const file = path.join(dir, `${fileName}.json`);
    const raw = OPTIONAL_FILES.has(name) && !existsSync(file) ? [] : JSON.parse(readFileSync(file, "utf8"));
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`seeds/${fileName}.json: ${issue.path.join(".")}: ${issue.message}`);
    }
    out[name] = parsed.data;
  }
  return { ...out, dir } as SeedData;
}
