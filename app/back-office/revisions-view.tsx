import { Form, Link } from "@remix-run/react";

import { CsrfInput } from "~/components/member/csrf-input";
import type { RevisionsData } from "~/routes/cms.pages.$id_.revisions";

import { quietButtonClass } from "./field-form";
import { useBackOfficeText } from "./text";

const badge = {
  added: "bg-green-200 text-stone-900",
  removed: "bg-red-200 text-stone-900",
  changed: "bg-amber-200 text-stone-900",
} as const;

/** The revisions table, and the chosen revision's differences from the current page. */
export function RevisionsView({ data }: { data: RevisionsData }) {
  const t = useBackOfficeText();
  const { page, revisions, compared } = data;
  return (
    <div>
      <h1 className="mb-2 text-2xl font-semibold">{t("editor.rev.title", { name: page.name })}</h1>
      <Link to={`/cms/pages/${page.id}`} className="text-sm underline">
        {t("editor.rev.back")}
      </Link>
      {revisions.length === 0 ? <p className="mt-4">{t("editor.rev.none")}</p> : null}
      <table className="mt-4 w-full text-sm">
        <thead>
          <tr className="border-b border-stone-300 text-start dark:border-stone-700">
            <th className="py-2 text-start">{t("editor.rev.created")}</th>
            <th className="py-2 text-start">{t("editor.rev.by")}</th>
            <th className="py-2 text-start">{t("editor.rev.publishAt")}</th>
            <th className="py-2 text-start">{t("editor.rev.publishedAt")}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {revisions.map((r) => (
            <tr key={r.id} data-revision={r.id} className="border-b border-stone-200 dark:border-stone-800">
              <td className="py-2">{r.created}</td>
              <td className="py-2">{r.by}</td>
              <td className="py-2">{r.publishAt}</td>
              <td className="py-2">{r.publishedAt}</td>
              <td className="flex flex-wrap gap-2 py-2">
                <Link to={`?revision=${r.id}`} className="underline">
                  {t("editor.rev.compare")}
                </Link>
                <Form method="post" action={`/cms/pages/${page.id}`}>
                  <CsrfInput value={data.csrf} />
                  <input type="hidden" name="intent" value="restore" />
                  <input type="hidden" name="revision" value={r.id} />
                  <button type="submit" className={quietButtonClass}>
                    {t("editor.rev.restore")}
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {compared ? (
        <section className="mt-6" aria-labelledby="diff-heading">
          <h2 id="diff-heading" className="font-semibold">
            {t("editor.rev.compare")}
          </h2>
          {compared.changes.length === 0 ? <p className="mt-2">{t("editor.rev.same")}</p> : null}
          <ul className="mt-2 space-y-3">
            {compared.changes.map((c) => (
              <li
                key={`${c.change}-${c.id}`}
                data-change={c.change}
                className="rounded border border-stone-300 p-2 dark:border-stone-700"
              >
                <span className={`me-2 rounded px-2 text-xs ${badge[c.change]}`}>{t(`editor.rev.${c.change}`)}</span>
                <span className="font-mono text-xs">{c.type}</span>
                <table className="mt-2 w-full text-xs">
                  <thead>
                    <tr>
                      <th className="text-start" />
                      <th className="text-start">{t("editor.rev.before")}</th>
                      <th className="text-start">{t("editor.rev.after")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {c.fields.map((f) => (
                      <tr key={f.field}>
                        <th className="pe-2 text-start font-mono">{f.field}</th>
                        <td className="pe-2 align-top">
                          <del className="break-all">{f.before}</del>
                        </td>
                        <td className="align-top">
                          <ins className="break-all">{f.after}</ins>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
