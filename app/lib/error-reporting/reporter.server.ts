import { OTHER_BROWSER_MODULES } from "~/enhancers/names";
import { builtModule } from "~/lib/enhancers.server";

import type { ErrorReporter } from "./reporter";

/** The browser's reporter for this DSN, or null when the build has no error-reporter module. */
export function browserErrorReporter(dsn: string, environment: string): ErrorReporter | null {
  const src = builtModule(OTHER_BROWSER_MODULES[0]);
  return src ? { src, dsn, environment } : null;
}
