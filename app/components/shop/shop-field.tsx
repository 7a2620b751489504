import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";

import { ErrorText, inputClass } from "~/components/member/form-field";

/** A refused post's input and errors, as the shop's forms read them (conform's reply). */
export interface ShopReply {
  intent?: string;
  id?: number;
  reply?: SubmissionResult<string[]>;
}

/** The value a refused post kept for a field, else the fallback. */
export function kept(reply: ShopReply | null | undefined, name: string, fallback = ""): string {
  const value = (reply?.reply?.initialValue as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === "string" ? value : fallback;
}

/** The errors a refused post got for a field ("" for the form's own). */
export function errorsOf(reply: ShopReply | null | undefined, name: string): string[] | undefined {
  const errors = reply?.reply?.error?.[name];
  return errors?.length ? errors : undefined;
}

/** A labelled input whose value and error survive a refused post, with or without JavaScript. */
export function ShopField({
  id,
  name,
  label,
  reply,
  fallback = "",
  type = "text",
  autoComplete,
  required = true,
  children,
}: {
  id: string;
  name: string;
  label: string;
  reply?: ShopReply | null;
  fallback?: string;
  type?: "text" | "email" | "tel" | "number";
  autoComplete?: string;
  required?: boolean;
  children?: ReactNode;
}) {
  const errors = errorsOf(reply, name);
  return (
    <div className="mb-3">
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {children ?? (
        <input
          id={id}
          name={name}
          type={type}
          defaultValue={kept(reply, name, fallback)}
          autoComplete={autoComplete}
          required={required}
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? `${id}-error` : undefined}
          className={inputClass}
        />
      )}
      <ErrorText id={`${id}-error`} errors={errors} />
    </div>
  );
}
