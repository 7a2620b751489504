// A static import scanner: which of the repository's modules a set of entry files reaches at run
// time. It reads `import … from`, `export … from`, side-effect `import "…"` and `import("…")` with a
// literal specifier, resolving `~/` (app/), relative paths, and `.ts`/`.tsx`/`index` files. Type-only
// imports and exports (`import type`, `export type`, or every name marked `type`) are left out: the
// compilers (esbuild under Remix and tsx) drop them, so they make no module run anywhere. Packages
// and non-code files (`?url` stylesheets, JSON) are not followed. TypeScript's parser reads the
// source, so specifiers inside comments and strings are never mistaken for imports.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import ts from "typescript";

/** The repository's root folder. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

const EXTENSIONS = [".ts", ".tsx"];

/** A repository path (`app/lib/url.ts`, forward slashes) for an absolute one. */
export const repoPath = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");

/** The specifiers a module's source imports at run time, in order of appearance. */
export function runtimeSpecifiers(source: string, fileName = "module.tsx"): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, scriptKind(fileName));
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!isTypeOnlyImport(node)) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!isTypeOnlyExport(node)) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments.length > 0 &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function scriptKind(fileName: string) {
  if (fileName.endsWith(".tsx")) return ts.ScriptKind.TSX;
  if (/\.[cm]?js$/.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/** `import type …`, or `import { type A, type B }` with nothing else: erased by the compiler. */
function isTypeOnlyImport(node: ts.ImportDeclaration) {
  const clause = node.importClause;
  if (!clause) return false; // `import "./side-effect"` runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return false;
  return bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

function isTypeOnlyExport(node: ts.ExportDeclaration) {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  if (!clause || !ts.isNamedExports(clause)) return false; // `export * from` re-exports values
  return clause.elements.length > 0 && clause.elements.every((element) => element.isTypeOnly);
}

/** The file a specifier names, from the importing file; null for packages and non-code files. */
export function resolveSpecifier(specifier: string, fromFile: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(ROOT, "app", specifier.slice(2));
  else if (specifier.startsWith("./") || specifier.startsWith("../"))
    base = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  const found = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  return found && /\.(tsx?|[cm]?js)$/.test(found) ? found : null;
}

/** Every module the entry files reach at run time (the entries included), as repository paths. */
export function reachable(entries: string[], read = (file: string) => readFileSync(file, "utf8")): Set<string> {
  const seen = new Set<string>();
  const queue = entries.map((entry) => path.resolve(ROOT, entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    const name = repoPath(file);
    if (seen.has(name)) continue;
    seen.add(name);
    for (const specifier of runtimeSpecifiers(read(file), file)) {
      const target = resolveSpecifier(specifier, file);
      if (target) queue.push(target);
    }
  }
  return seen;
}

/** The runtime imports of one module that resolve to repository files, as repository paths. */
export function importsOf(file: string, read = (name: string) => readFileSync(name, "utf8")): string[] {
  const absolute = path.resolve(ROOT, file);
  return runtimeSpecifiers(read(absolute), absolute)
    .map((specifier) => resolveSpecifier(specifier, absolute))
    .filter((target): target is string => target !== null)
    .map(repoPath);
}

/** The code files under a folder (recursively), as repository paths; tests left out. */
export function codeFilesUnder(folder: string): string[] {
  const absolute = path.join(ROOT, folder);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => repoPath(path.join(entry.parentPath, entry.name)))
    .sort();
}
