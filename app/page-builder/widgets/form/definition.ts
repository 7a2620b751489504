/**
 * A form's definition as the widget renders it. The fields are the contract's
 * (`@contract/form-fields`): read from the form's questions and older data fields the way the CMS
 * reads them when it validates a submission (decision 051). What only the site needs is here.
 */
import type { FormField } from "@contract/form-fields";

/** The form as the widget's load hands it over (`GET /form`). */
export interface FormDefinition {
  id: number;
  name: string;
  url: string;
  use_captcha: boolean;
  must_be_logged_on: boolean;
  cost: number;
  thank_you: string;
  questions?: unknown[] | null;
  data?: unknown[] | null;
}

/**
 * A dropdown's value when it is among its options, else empty (spec section 5: a dropdown resets
 * when its value is not one of them).
 */
export const selectValue = (field: FormField, value: string) =>
  field.options.some((o) => o.value === value) ? value : "";
