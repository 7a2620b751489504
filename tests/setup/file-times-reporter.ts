/**
 * A vitest reporter that writes, for each test file, how long it took in all: importing it (and
 * everything it imports), its hooks and its tests. `npm test` (scripts/test.mjs) prints the
 * slowest files from it. Usage: `--reporter=./tests/setup/file-times-reporter.ts`, with the
 * output file in VITEST_FILE_TIMES (default `.cache/vitest-file-times.json`).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

import type { Reporter, TestModule } from "vitest/node";

export default class FileTimesReporter implements Reporter {
  private files: Array<{ file: string; seconds: number; tests: number }> = [];

  onTestModuleEnd(module: TestModule) {
    const d = module.diagnostic();
    const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    this.files.push({
      file: path.relative(process.cwd(), module.moduleId),
      seconds: Math.round(ms) / 1000,
      tests: [...module.children.allTests()].length,
    });
  }

  onTestRunEnd() {
    const out = process.env.VITEST_FILE_TIMES ?? ".cache/vitest-file-times.json";
    mkdirSync(path.dirname(out), { recursive: true });
    this.files.sort((a, b) => b.seconds - a.seconds);
    writeFileSync(out, JSON.stringify({ files: this.files }, null, 2));
  }
}
