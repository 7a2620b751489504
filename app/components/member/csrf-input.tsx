/**
 * The form's CSRF token (csrf.server.ts checks it). The field's name is written here rather than
 * imported from `csrf.server`: a `.server` module is empty in the browser bundle, so a form drawn
 * after a client-side navigation would post the token without its name (a 403).
 * csrf-input.test.ts keeps the two names equal.
 */
export const CSRF_INPUT_NAME = "csrf";

export function CsrfInput({ value }: { value: string }) {
  return <input type="hidden" name={CSRF_INPUT_NAME} value={value} />;
}
