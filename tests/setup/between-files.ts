/**
 * Run before each test file of the "shared" project, whose files share a module registry per
 * worker (vitest.config.ts): what one file changes in the process must not reach the next. After
 * each file, the real clock, globals, environment variables and spied functions come back.
 */
import { afterAll, vi } from "vitest";

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
