import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project's folder: the nearest one above this module that holds `package.json`. The same
 * from the sources (under tsx or vitest) and from the host's bundle in `build/` (decision 115),
 * where a path relative to this module's own place would point elsewhere.
 */
function findProjectRoot() {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot();

/** A file or folder of the project, by its path from the project's folder. */
export const projectPath = (...parts: string[]) => path.join(projectRoot, ...parts);
