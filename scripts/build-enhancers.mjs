// Builds the enhancers (decision 034; app/enhancers/names.ts) into public/build/enhance/, under
// content-hashed names: each `app/enhancers/{name}.ts` bundled and minified by esbuild (the one
// Remix's compiler brings), with what they import on demand in chunks; and its stylesheet
// `app/enhancers/{name}.css`, when it has one, through the site's PostCSS plugin (Tailwind's, which
// inlines the @imports and, optimising, flattens the libraries' nested CSS and minifies), as the
// Remix build did for these stylesheets before. Writes public/build/enhance/manifest.json, which the server
// reads: { name: { js, css? } }, as URLs under /build/enhance/. Run after `remix build`, which
// empties public/build: `npm run build` runs both, and so does ensureBuild (scripts/lib/ensure.mjs).
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import tailwind from "@tailwindcss/postcss";
import { build } from "esbuild";
import postcss from "postcss";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const source = path.join(root, "app", "enhancers");
export const outdir = path.join(root, "public", "build", "enhance");
const PUBLIC_PATH = "/build/enhance/";

/** The entry files with this extension: `{name}.ts` or `{name}.css`; not tests, not the list of names. */
function entries(ext) {
  return readdirSync(source)
    .filter((f) => new RegExp(`^[a-z][a-z-]*\\.${ext}$`).test(f) && f !== "names.ts")
    .map((f) => path.join(source, f));
}

/** A stylesheet through PostCSS, written as `{name}-{hash}.css`; its URL. */
async function buildStylesheet(file) {
  const { css } = await postcss([tailwind({ optimize: { minify: true } })]).process(readFileSync(file, "utf8"), {
    from: file,
  });
  const hash = createHash("sha256").update(css).digest("base64url").slice(0, 8);
  const name = `${path.parse(file).name}-${hash}.css`;
  writeFileSync(path.join(outdir, name), css);
  return PUBLIC_PATH + name;
}

export async function buildEnhancers() {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const result = await build({
    entryPoints: entries("ts"),
    bundle: true,
    splitting: true,
    format: "esm",
    minify: true,
    target: ["es2020", "chrome90", "safari15", "firefox90"],
    outdir,
    entryNames: "[name]-[hash]",
    chunkNames: "chunk-[hash]",
    assetNames: "[name]-[hash]",
    metafile: true,
    logLevel: "warning",
    absWorkingDir: root,
  });
  const manifest = {};
  for (const [output, meta] of Object.entries(result.metafile.outputs)) {
    // What an enhancer imports on demand is an entry point too, in node_modules: not an enhancer.
    if (!meta.entryPoint?.startsWith("app/enhancers/")) continue;
    manifest[path.parse(meta.entryPoint).name] = { js: PUBLIC_PATH + path.basename(output) };
  }
  for (const file of entries("css")) {
    const name = path.parse(file).name;
    if (!manifest[name]) throw new Error(`${path.relative(root, file)} has no enhancer ${name}.ts`);
    manifest[name].css = await buildStylesheet(file);
  }
  writeFileSync(path.join(outdir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const manifest = await buildEnhancers();
  console.log(`Enhancers built: ${Object.keys(manifest).join(", ")}`);
}
