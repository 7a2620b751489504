import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Files that take 15–40 s each (`npm test` lists the slowest at its end). Vitest starts the
 * files it has no timings for (every file on a fresh clone) largest first, which put the image
 * warm-up test, the longest and a small file, last: it ran alone at the end with one core idle.
 */
const SLOW_FILES = [
  "tests/unit/image-warm-up.test.ts",
  "cms/catalogue.test.ts",
  "cms/media/service.test.ts",
  "cms/api.test.ts",
  "cms/content.test.ts",
  "cms/media/queue.test.ts",
];

/** Vitest's own order, with the slow files moved to the front of their project. */
export default class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = SLOW_FILES.findIndex((slow) => file.moduleId.endsWith(`/${slow}`));
      return index === -1 ? SLOW_FILES.length : index;
    };
    // Projects keep vitest's order (they run one after the other), and the other files theirs:
    // Array.prototype.sort is stable.
    const projectAt = new Map<unknown, number>();
    sorted.forEach((file, i) => projectAt.has(file.project) || projectAt.set(file.project, i));
    return sorted.sort((a, b) => projectAt.get(a.project)! - projectAt.get(b.project)! || rank(a) - rank(b));
  }
}
