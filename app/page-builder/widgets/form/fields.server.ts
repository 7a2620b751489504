import type { z } from "zod";

import { ref, widgetFields } from "../../fields";

/** Which form the widget shows: its id (or, as a string that is not a number, its url). */
export const formFields = widgetFields({ id: ref() });

export type FormFields = z.output<typeof formFields>;
