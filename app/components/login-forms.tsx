import { type FieldMetadata, getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";

import { codeSchema, linkSchema, type LoginIntent, passwordSchema } from "~/lib/auth/login-schemas";

import { CsrfInput } from "./member/csrf-input";

export const inputClass =
  "mt-1 block min-h-11 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-stone-900 dark:border-stone-600 dark:bg-stone-800 dark:text-stone-100";
export const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-brand px-5 py-2 font-medium text-white hover:bg-brand-dark";

/** Schema messages are translation keys; messages the server wrote are translated already. */
function useMessage() {
  const { t } = useTranslation();
  return (message: string) => (message.startsWith("login.") ? t(message) : message);
}

function Errors({ id, errors }: { id: string; errors?: string[] }) {
  const say = useMessage();
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
      {errors.map(say).join(" ")}
    </p>
  );
}

function Field({
  label,
  meta,
  type,
  autoComplete,
  inputMode,
  hint,
}: {
  label: string;
  meta: FieldMetadata<string>;
  type: "email" | "password" | "text";
  autoComplete: string;
  inputMode?: "numeric";
  hint?: string;
}) {
  return (
    <div className="mt-4">
      <label htmlFor={meta.id} className="block font-medium">
        {label}
      </label>
      {hint ? (
        <p id={`${meta.id}-hint`} className="text-sm text-stone-600 dark:text-stone-300">
          {hint}
        </p>
      ) : null}
      <input
        {...getInputProps(meta, { type })}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-describedby={
          [hint ? `${meta.id}-hint` : "", meta.errors?.length ? meta.errorId : ""].join(" ").trim() || undefined
        }
        className={inputClass}
      />
      <Errors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

interface FormProps {
  csrf: string;
  lastResult?: SubmissionResult<string[]>;
}

/** One login form: its hidden intent and CSRF token, its form-level message and its fields. */
function LoginForm<S extends z.ZodTypeAny>({
  id,
  intent,
  schema,
  csrf,
  lastResult,
  defaultValue,
  children,
}: FormProps & {
  id: string;
  intent: LoginIntent;
  schema: S;
  defaultValue?: Record<string, string>;
  children: (fields: ReturnType<typeof useForm<z.input<S>>>[1]) => ReactNode;
}) {
  const [form, fields] = useForm<z.input<S>>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate={form.noValidate}>
      <CsrfInput value={csrf} />
      <input type="hidden" name="intent" value={intent} />
      <Errors id={form.errorId} errors={form.errors} />
      {children(fields)}
    </Form>
  );
}

/** The e-mail field every sign-in form starts with. */
function EmailField({ meta, autoComplete }: { meta: unknown; autoComplete: "username" | "email" }) {
  const { t } = useTranslation();
  return (
    <Field label={t("login.email")} meta={meta as FieldMetadata<string>} type="email" autoComplete={autoComplete} />
  );
}

function SubmitButton({ children }: { children: ReactNode }) {
  return (
    <button type="submit" className={`${buttonClass} mt-5 w-full`}>
      {children}
    </button>
  );
}

export function PasswordForm(props: FormProps) {
  const { t } = useTranslation();
  return (
    <LoginForm id="login-password" intent="password" schema={passwordSchema} {...props}>
      {(fields) => (
        <>
          <EmailField meta={fields.email} autoComplete="username" />
          <Field
            label={t("login.password")}
            meta={fields.password as FieldMetadata<string>}
            type="password"
            autoComplete="current-password"
          />
          <SubmitButton>{t("login.submit")}</SubmitButton>
        </>
      )}
    </LoginForm>
  );
}

export function LinkForm({ codeOnly, ...props }: FormProps & { codeOnly: boolean }) {
  const { t } = useTranslation();
  return (
    <LoginForm id="login-link" intent="link" schema={linkSchema} {...props}>
      {(fields) => (
        <>
          <EmailField meta={fields.email} autoComplete="email" />
          <SubmitButton>{codeOnly ? t("login.sendCode") : t("login.sendLink")}</SubmitButton>
        </>
      )}
    </LoginForm>
  );
}

export function CodeForm({ email, ...props }: FormProps & { email?: string }) {
  const { t } = useTranslation();
  return (
    <LoginForm
      id="login-code"
      intent="code"
      schema={codeSchema}
      defaultValue={email ? { email } : undefined}
      {...props}
    >
      {(fields) => (
        <>
          <EmailField meta={fields.email} autoComplete="email" />
          <Field
            label={t("login.code")}
            meta={fields.code as FieldMetadata<string>}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            hint={t("login.codeHint")}
          />
          <SubmitButton>{t("login.codeSubmit")}</SubmitButton>
        </>
      )}
    </LoginForm>
  );
}

/** A mail link's page: one button that posts the link's email and code (opening the link spends nothing). */
export function LinkConfirmForm({ csrf, email, code }: { csrf: string; email: string; code: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post" id="login-mail-link" className="mt-6">
      <CsrfInput value={csrf} />
      <input type="hidden" name="intent" value="code" />
      <input type="hidden" name="email" value={email} />
      <input type="hidden" name="code" value={code} />
      <button type="submit" className={`${buttonClass} w-full`}>
        {t("login.linkConfirmButton")}
      </button>
    </Form>
  );
}
