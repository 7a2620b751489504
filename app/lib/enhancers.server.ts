import { readFileSync } from "node:fs";
import path from "node:path";

import type { EnhancerName } from "~/enhancers/names";

/** An enhancer's files, as the page names them for the browser to load: its module and stylesheet. */
export interface EnhancerAsset {
  name: EnhancerName;
  js: string;
  css?: string;
}

type Manifest = Partial<Record<string, { js: string; css?: string }>>;

/** Where `scripts/build-enhancers.mjs` writes the manifest (the server runs from the repository). */
export const MANIFEST_PATH = path.resolve("public", "build", "enhance", "manifest.json");

let manifest: Manifest | null = null;

function readManifest(): Manifest {
  if (manifest) return manifest;
  try {
    manifest = JSON.parse(readFileSync(MANIFEST_PATH, "utf8")) as Manifest;
  } catch (error) {
    // A build without enhancers still serves every page: it works as it does without JavaScript.
    console.warn(`[site] no enhancers (${(error as Error).message}): run \`npm run build\``);
    manifest = {};
  }
  return manifest;
}

/** The files of these enhancers, in the order given; one missing from the build is left out. */
export function enhancerAssets(names: readonly EnhancerName[], read: () => Manifest = readManifest): EnhancerAsset[] {
  const files = read();
  return names.flatMap((name) => {
    const entry = files[name];
    return entry ? [{ name, js: entry.js, ...(entry.css ? { css: entry.css } : {}) }] : [];
  });
}

/**
 * The URL of a browser module the enhancers' build made that is no enhancer (the error reporter,
 * decision 065), or null when the build has none.
 */
export function builtModule(name: string, read: () => Manifest = readManifest): string | null {
  return read()[name]?.js ?? null;
}
