import type { EditorField } from "./editor-types";
import { useBackOfficeText } from "./text";

export const inputClass =
  "mt-1 block w-full rounded-md border border-stone-400 bg-white px-2 py-1.5 text-sm text-stone-900 aria-[invalid=true]:border-red-600 dark:border-stone-500 dark:bg-stone-800 dark:text-stone-100";
export const buttonClass =
  "rounded-md bg-brand px-3 py-1.5 text-sm font-medium text-white hover:opacity-90 focus:outline-none focus:ring-2 focus:ring-brand/40";
export const quietButtonClass =
  "rounded-md border border-stone-400 px-2 py-1 text-xs font-medium hover:bg-stone-100 dark:border-stone-500 dark:hover:bg-stone-800";

/** A field's label: its translation when `cms.json` has one under `editor.field`, else its name. */
function useLabel() {
  const t = useBackOfficeText();
  return (name: string) => t(`editor.field.${name}`, { defaultValue: name.replace(/_/g, " ") });
}

/**
 * The inputs of a generated form (schema-form.server.ts): each field by its kind, named
 * `{prefix}{name}`, its error beside it and, after a refused save, the input as it was typed.
 */
export function GeneratedFields({
  fields,
  prefix,
  errors = {},
  input,
}: {
  fields: readonly EditorField[];
  prefix: string;
  errors?: Record<string, string>;
  input?: Record<string, string | boolean>;
}) {
  const label = useLabel();
  return (
    <>
      {fields.map((field) => {
        const name = prefix + field.name;
        const id = `field-${name.replace(/\W/g, "-")}`;
        const error = errors[name];
        const value = input && name in input ? input[name] : field.value;
        const common = {
          id,
          name,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? `${id}-error` : undefined,
        };
        const text = typeof value === "string" ? value : "";
        let control;
        switch (field.kind) {
          case "checkbox":
            control = <input type="checkbox" {...common} defaultChecked={value === true} className="me-2" />;
            break;
          case "select":
            control = (
              <select {...common} defaultValue={text} className={inputClass}>
                {field.options?.map((o) => (
                  <option key={o} value={o}>
                    {o || "—"}
                  </option>
                ))}
              </select>
            );
            break;
          case "textarea":
          case "json":
            control = (
              <textarea {...common} defaultValue={text} rows={field.kind === "json" ? 4 : 3} className={inputClass} />
            );
            break;
          case "number":
            control = <input type="number" step="any" {...common} defaultValue={text} className={inputClass} />;
            break;
          case "datetime":
            control = <input type="datetime-local" {...common} defaultValue={text} className={inputClass} />;
            break;
          default:
            control = <input type="text" {...common} defaultValue={text} className={inputClass} />;
        }
        return (
          <div key={name} className="mb-3">
            {field.kind === "checkbox" ? (
              <label htmlFor={id} className="flex items-center text-sm">
                {control}
                {label(field.name)}
              </label>
            ) : (
              <>
                <label htmlFor={id} className="block text-sm font-medium">
                  {label(field.name)}
                </label>
                {control}
              </>
            )}
            {error ? (
              <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
    </>
  );
}
