/**
 * conform in the browser (decision 060): the form's zod schema, built from the same definition by
 * the same `buildFormSchema` the action uses, checks the answers before they are sent. Errors show
 * where the server puts them (under the field, tied to it by `aria-describedby`), in the page's
 * language, and are checked again as the visitor corrects them. Without JavaScript the browser's
 * own constraints and the action's reply do the same.
 */
import { parseWithZod } from "@conform-to/zod";

import type { FormField } from "@contract/form-fields";

import { buildFormSchema } from "../../page-builder/widgets/form/schema";

type Errors = Record<string, string[] | null | undefined>;

/** conform's check of a form's current answers: each field's error keys, or null when all pass. */
export function checkAnswers(fields: readonly FormField[], data: FormData): Errors | null {
  const submission = parseWithZod(data, { schema: buildFormSchema(fields) });
  return submission.status === "success" ? null : (submission.error ?? {});
}

function controls(form: HTMLFormElement, name: string) {
  return Array.from(form.querySelectorAll<HTMLElement>(`[name="${CSS.escape(name)}"]`));
}

/** Shows (or clears) one field's errors under it, as the server renders them. */
function showError(form: HTMLFormElement, name: string, messages: string[]) {
  const block = form.querySelector<HTMLElement>(`[data-field="${CSS.escape(name)}"]`);
  const [first] = controls(form, name);
  if (!block || !first) return;
  const errorId = `${first.id}-error`;
  let text = block.querySelector<HTMLElement>(`[id="${CSS.escape(errorId)}"]`);
  if (!messages.length) {
    text?.remove();
    for (const c of controls(form, name)) {
      c.removeAttribute("aria-invalid");
      c.removeAttribute("aria-describedby");
    }
    block.querySelector("canvas")?.removeAttribute("aria-invalid");
    return;
  }
  if (!text) {
    text = document.createElement("p");
    text.id = errorId;
    text.className = "mt-1 text-sm text-red-700 dark:text-red-300";
    block.append(text);
  }
  text.textContent = messages.join(" ");
  for (const c of controls(form, name)) {
    c.setAttribute("aria-invalid", "true");
    c.setAttribute("aria-describedby", errorId);
  }
  block.querySelector("canvas")?.setAttribute("aria-invalid", "true");
}

/** Where the visitor goes to correct a field: its control, or a signature's pad. */
function focusTarget(form: HTMLFormElement, name: string) {
  const [first] = controls(form, name);
  if (first instanceof HTMLInputElement && first.type === "hidden") {
    return form.querySelector<HTMLElement>(`[data-field="${CSS.escape(name)}"] canvas`);
  }
  return first ?? null;
}

/**
 * Checks the form with conform on submit (stopping the post when an answer is wrong), and each
 * field again as it changes once it has shown an error. Returns false when the form carries no
 * definition, leaving the browser's own checks in place.
 */
export function checkWithConform(form: HTMLFormElement) {
  let fields: FormField[];
  let messages: Record<string, string>;
  try {
    fields = JSON.parse(form.dataset.fields ?? "");
    messages = JSON.parse(form.dataset.messages ?? "{}");
  } catch {
    return false;
  }
  const names = fields.map((f) => f.name);
  const say = (keys: string[] | null | undefined) => (keys ?? []).map((k) => messages[k] ?? k);
  // conform's messages replace the browser's bubbles, which speak another language.
  form.noValidate = true;
  const shown = new Set(names.filter((n) => controls(form, n).some((c) => c.getAttribute("aria-invalid") === "true")));

  const recheck = (event: Event) => {
    const name = (event.target as HTMLInputElement | null)?.name;
    if (!name || !shown.has(name)) return;
    const errors = checkAnswers(fields, new FormData(form)) ?? {};
    const now = say(errors[name]);
    showError(form, name, now);
    if (!now.length) shown.delete(name);
  };
  form.addEventListener("input", recheck);
  form.addEventListener("change", recheck);
  form.addEventListener("submit", (event) => {
    const errors = checkAnswers(fields, new FormData(form));
    if (!errors) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    let first: string | null = null;
    for (const name of names) {
      const now = say(errors[name]);
      showError(form, name, now);
      if (now.length) {
        shown.add(name);
        first ??= name;
      } else shown.delete(name);
    }
    if (first) focusTarget(form, first)?.focus();
  });
  return true;
}
