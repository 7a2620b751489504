/** core/form: registered so a page with a form shows no "unknown widget"; it renders in its own issue. */
export function FormWidget() {
  return null;
}
