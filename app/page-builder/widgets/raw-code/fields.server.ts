import type { z } from "zod";

import { text, widgetFields } from "../../fields";

export const rawCodeFields = widgetFields({ code: text() });

export type RawCodeFields = z.output<typeof rawCodeFields>;
