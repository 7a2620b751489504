/**
 * The cases both validators of a form's answers must pass (`form-validation-cases.json`): the
 * CMS's `validateSubmission` gives exactly `expected`, the site's form schema the same `ok`.
 * For tests only.
 */
import file from "./form-validation-cases.json";

export interface ValidationCase {
  name: string;
  definition: { questions?: unknown[]; data?: unknown[] };
  input: Record<string, unknown>;
  /** The site's day (YYYY-MM-DD) the case is checked on, for date rules. */
  today?: string;
  expected: { ok: true; values: Record<string, string> } | { ok: false; errors: Record<string, string[]> };
}

/** An input value `{ prefix, repeat, times }` stands for a long string: prefix + repeat × times. */
function expand(input: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(input).map(([k, v]) => {
      const o = v as { prefix?: string; repeat?: string; times?: number } | null;
      return [
        k,
        o && typeof o === "object" && typeof o.repeat === "string"
          ? (o.prefix ?? "") + o.repeat.repeat(o.times ?? 0)
          : v,
      ];
    }),
  );
}

export const validationCases: ValidationCase[] = (file.cases as unknown as ValidationCase[]).map((c) => ({
  ...c,
  input: expand(c.input),
}));
