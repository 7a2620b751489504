import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

import type { Widget } from "@contract/pages";
import type { WidgetEnv } from "~/page-builder/types";
import { WidgetView } from "~/page-builder/widget-view";

import { colours, spacing, typeScale } from "./fixtures";

/** A part of the guide: its heading (h2) and what it shows; `dir` and `className` set its direction and theme. */
export function GuideSection(props: {
  id: string;
  title: string;
  note?: string;
  dir?: "rtl";
  className?: string;
  children: ReactNode;
}) {
  const { id, title, note, dir, className = "", children } = props;
  return (
    <section aria-labelledby={`${id}-title`} dir={dir} className={`rounded-lg px-4 py-8 ${className}`.trim()}>
      <h2 id={`${id}-title`} className="mb-2 border-b border-stone-300 pb-2 font-serif text-3xl font-semibold">
        {title}
      </h2>
      {note ? <p className="mb-6 max-w-prose text-stone-600 dark:text-stone-300">{note}</p> : null}
      <div className="flex flex-col gap-8">{children}</div>
    </section>
  );
}

/** Each widget under its type's name, rendered by the registry with what its load returned. */
export function WidgetSamples(props: {
  widgets: readonly Widget[];
  data: Record<string, unknown>;
  env: WidgetEnv;
  /** Said under a widget that renders nothing in this state. */
  nothing: string;
}) {
  const { widgets, data, env, nothing } = props;
  return (
    <>
      {widgets.map((w) => (
        <div key={w.id} className="rounded border border-dashed border-stone-300 p-4 dark:border-stone-600">
          <p className="mb-2 font-mono text-xs text-stone-600 dark:text-stone-300" dir="ltr">
            {w.type}
          </p>
          <WidgetView widget={w} data={data[w.id]} env={env} />
          <p className="hidden text-sm italic text-stone-600 [&:nth-child(2)]:block dark:text-stone-300">{nothing}</p>
        </div>
      ))}
    </>
  );
}

/** The palette, the type scale and the spacing steps. */
export function Foundations() {
  const { t } = useTranslation();
  return (
    <>
      <GuideSection id="colours" title={t("styleGuide.colours")}>
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {colours.map(([name, swatch]) => (
            <li key={name} className="flex items-center gap-3">
              <span aria-hidden="true" className={`size-10 rounded border border-stone-300 ${swatch}`} />
              <code>{name}</code>
            </li>
          ))}
        </ul>
      </GuideSection>
      <GuideSection id="type" title={t("styleGuide.type")}>
        <p className="font-serif text-4xl font-semibold">{t("styleGuide.serif")}</p>
        {typeScale.map((size) => (
          <p key={size} className={size}>
            <code className="me-3 text-xs">{size}</code>
            {t("styleGuide.sample")}
          </p>
        ))}
      </GuideSection>
      <GuideSection id="spacing" title={t("styleGuide.spacing")}>
        <ul className="flex flex-col gap-2">
          {spacing.map((step) => (
            <li key={step} className="flex items-center gap-3">
              <code className="w-12 text-xs">{step}</code>
              <span aria-hidden="true" className={`h-4 bg-brand ${step}`} />
            </li>
          ))}
        </ul>
      </GuideSection>
    </>
  );
}
