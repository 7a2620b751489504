import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";

import { CsrfInput } from "~/components/member/csrf-input";

import { type FieldSpec, formFields, formValue, modelSchema, type ModelSpec, QUESTION_TYPES } from "./models";
import { useBackOfficeText } from "./text";
import { buttonClass, FieldError, FormAlert, inputClass } from "./ui";

export interface GroupChoice {
  id: number;
  name: string;
  level: number;
}

type Field = FieldMetadata<unknown>;

/**
 * A record's form, drawn from its model's description: every field labelled, its value kept and
 * its error beside it after a refused post (with or without JavaScript; conform checks it in the
 * browser first when it can).
 */
export function RecordForm({
  spec,
  record,
  groups,
  csrf,
  lastResult,
}: {
  spec: ModelSpec;
  record: Record<string, unknown> | null;
  groups: readonly GroupChoice[];
  csrf: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const t = useBackOfficeText();
  const creating = record === null;
  const schema = modelSchema(spec, creating);
  const shown = formFields(spec, creating);
  const defaultValue = Object.fromEntries(shown.map((f) => [f.name, formValue(f, record?.[f.name])]));
  const [form, fields] = useForm({
    id: `record-${spec.name}`,
    lastResult: lastResult ?? undefined,
    defaultValue: defaultValue as Record<string, string>,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-3xl">
      <CsrfInput value={csrf} />
      <input type="hidden" name="intent" value="save" />
      <FormAlert id={form.errorId} errors={form.errors} />
      {shown.map((f) => (
        <FieldInput key={f.name} spec={f} field={fields[f.name] as Field} groups={groups} />
      ))}
      <button type="submit" className={buttonClass}>
        {t("common.save")}
      </button>
    </Form>
  );
}

function FieldInput({ spec, field, groups }: { spec: FieldSpec; field: Field; groups: readonly GroupChoice[] }) {
  const t = useBackOfficeText();
  const label = t(`records.fields.${spec.name}`);
  if (spec.kind === "questions") return <Questions field={field} />;
  if (spec.kind === "checkbox") {
    const { key, ...props } = getInputProps(field as FieldMetadata<boolean>, { type: "checkbox" });
    return (
      <div className="mb-4">
        <label className="inline-flex items-center gap-2 font-medium">
          <input key={key} {...props} />
          {label}
        </label>
        <FieldError id={field.errorId} errors={field.errors} />
      </div>
    );
  }
  let control;
  if (spec.kind === "textarea" || spec.kind === "html") {
    const { key, ...props } = getTextareaProps(field);
    control = <textarea key={key} {...props} rows={spec.kind === "html" ? 8 : 4} className={inputClass} />;
  } else if (spec.kind === "select" || spec.kind === "group") {
    const { key, ...props } = getSelectProps(field);
    control = (
      <select key={key} {...props} className={inputClass}>
        <option value="">{t("common.choose")}</option>
        {spec.kind === "group"
          ? groups.map((g) => (
              <option key={g.id} value={g.id}>
                {`${"\u2014 ".repeat(g.level)}${g.name}`}
              </option>
            ))
          : spec.options?.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
      </select>
    );
  } else {
    const type = spec.kind === "number" ? "number" : spec.kind === "date" ? "date" : "text";
    const { key, ...props } = getInputProps(field as FieldMetadata<string>, { type });
    const extra = spec.kind === "money" ? { inputMode: "decimal" as const } : {};
    control = <input key={key} {...props} {...extra} className={inputClass} />;
  }
  return (
    <div className="mb-4">
      <label htmlFor={field.id} className="block font-medium">
        {label}
        {spec.kind === "money" ? <span className="ms-1 text-sm font-normal">{t("records.dollars")}</span> : null}
      </label>
      {control}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

interface QuestionRow {
  label?: string;
  name?: string;
  field_type?: string;
  required?: boolean | string;
}

/** A form's questions: one row each, and one blank row to add another (no JavaScript needed). */
function Questions({ field }: { field: Field }) {
  const t = useBackOfficeText();
  const rows = (Array.isArray(field.initialValue) ? field.initialValue : []) as QuestionRow[];
  const all = [...rows, {}] as QuestionRow[];
  const errors = (field.allErrors ?? {}) as Record<string, string[]>;
  return (
    <fieldset className="mb-4 rounded-md border border-stone-300 p-3 dark:border-stone-600">
      <legend className="px-1 font-medium">{t("records.fields.questions")}</legend>
      <p className="mb-2 text-sm text-stone-600 dark:text-stone-400">{t("records.questionsHint")}</p>
      {all.map((row, i) => {
        const n = `${field.name}[${i}]`;
        const err = (k: string) => errors[`${n}.${k}`];
        return (
          <div key={i} className="mb-2 grid gap-2 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end">
            <label className="text-sm">
              {t("records.question.label")}
              <input name={`${n}.label`} defaultValue={row.label ?? ""} className={inputClass} />
              <FieldError id={`${n}-label-error`} errors={err("label")} />
            </label>
            <label className="text-sm">
              {t("records.question.name")}
              <input name={`${n}.name`} defaultValue={row.name ?? ""} className={inputClass} />
              <FieldError id={`${n}-name-error`} errors={err("name")} />
            </label>
            <label className="text-sm">
              {t("records.question.type")}
              <select name={`${n}.field_type`} defaultValue={row.field_type ?? "text"} className={inputClass}>
                {QUESTION_TYPES.map((q) => (
                  <option key={q} value={q}>
                    {q}
                  </option>
                ))}
              </select>
              <FieldError id={`${n}-type-error`} errors={err("field_type")} />
            </label>
            <label className="inline-flex items-center gap-1 pb-2 text-sm">
              <input
                type="checkbox"
                name={`${n}.required`}
                defaultChecked={row.required === true || row.required === "on"}
              />
              {t("records.question.required")}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}
