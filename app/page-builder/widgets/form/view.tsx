/** core/form: registered so a page with a form shows no "unknown widget"; it renders in its own issue. */
export function FormView() {
  return null;
}
