import type { z } from "zod";

import { ref, widgetFields } from "../../fields";

/** The form's fields are read when it renders (its own issue); for now only which form it is. */
export const formFields = widgetFields({ id: ref() });

export type FormFields = z.output<typeof formFields>;
