import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";

import { formatMoney } from "@contract/formats";
import { requireBackOffice } from "~/back-office/access.server";
import { GroupTree } from "~/back-office/group-tree";
import { runListAction } from "~/back-office/list-actions.server";
import { modelSpec } from "~/back-office/models";
import { groupTree, requireModel } from "~/back-office/records.server";
import { listRecords } from "~/back-office/records-api.server";
import { useBackOfficeText } from "~/back-office/text";
import { buttonClass, FormAlert, Heading, ListSearch, Pager, smallButtonClass, tableClass } from "~/back-office/ui";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { CsrfInput } from "~/components/member/csrf-input";
import { ensureCsrfToken } from "~/lib/csrf.server";
import { cacheControl } from "~/shared/cache-control";

const PAGE_SIZE = 25;

/** A model's records: searched (`?q=`), sorted (`?sort=&dir=`) and paged (`?page=`). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { visitor } = await requireBackOffice(request, context);
  const spec = requireModel(params.model);
  const search = new URL(request.url).searchParams;
  const q = search.get("q")?.trim() || undefined;
  const sortable = new Set(["id", ...spec.columns]);
  const sort = sortable.has(search.get("sort") ?? "") ? search.get("sort")! : undefined;
  const dir = search.get("dir") === "desc" ? "desc" : "asc";
  const page = Math.max(1, Number.parseInt(search.get("page") ?? "1", 10) || 1);
  const [list, groups] = await Promise.all([
    spec.name === "group"
      ? null
      : listRecords(visitor.transport, spec.name, { q, sort, dir, page, page_size: PAGE_SIZE }),
    spec.name === "group" ? groupTree(visitor.transport) : null,
  ]);
  const csrf = ensureCsrfToken(visitor.session);
  return data(
    { model: spec.name, list, groups, csrf, sort, dir },
    { headers: { "Cache-Control": cacheControl.private } },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireBackOffice(request, context);
  return runListAction(request, context, requireModel(params.model));
}

export default function RecordList() {
  const { model, list, groups, csrf, sort, dir } = useLoaderData<typeof loader>();
  const t = useBackOfficeText();
  const [search] = useSearchParams();
  const refused = useActionData<{ error?: Record<string, string[] | null> | null }>();
  const spec = modelSpec(model)!;
  const sortLink = (column: string) => {
    const next = new URLSearchParams(search);
    next.set("sort", column);
    next.set("dir", sort === column && dir === "asc" ? "desc" : "asc");
    next.delete("page");
    return `?${next}`;
  };
  return (
    <>
      <Heading
        actions={
          <Link to={`/cms/records/${model}/new`} className={buttonClass}>
            {t("records.new")}
          </Link>
        }
      >
        {t(`records.models.${model}`)}
      </Heading>
      <FormAlert errors={Object.values(refused?.error ?? {}).flatMap((m) => m ?? [])} />
      {groups ? (
        <GroupTree groups={groups} csrf={csrf} />
      ) : list ? (
        <>
          <ListSearch label={t("records.search")} search={search} />
          <p className="mb-2 text-sm">{t("records.count", { count: list.num_items })}</p>
          <table className={tableClass}>
            <thead>
              <tr>
                {spec.columns.map((c) => (
                  <th key={c} aria-sort={sort === c ? (dir === "asc" ? "ascending" : "descending") : undefined}>
                    <Link to={sortLink(c)} className="underline">
                      {t(`records.fields.${c}`)}
                      {sort === c ? (dir === "asc" ? " \u25b2" : " \u25bc") : ""}
                    </Link>
                  </th>
                ))}
                {spec.enabled ? <th>{t("records.status")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {list.data.map((r) => (
                <tr key={r.id}>
                  {spec.columns.map((c, i) => {
                    const v = r[c];
                    const text = c.endsWith("_cents") && typeof v === "number" ? formatMoney(v / 100) : String(v ?? "");
                    return (
                      <td key={c}>
                        {i === 0 ? (
                          <Link to={`/cms/records/${model}/${r.id}`} className="underline">
                            {text || `#${r.id}`}
                          </Link>
                        ) : (
                          text
                        )}
                      </td>
                    );
                  })}
                  {spec.enabled ? (
                    <td>
                      <Form method="post" className="inline">
                        <CsrfInput value={csrf} />
                        <input type="hidden" name="id" value={r.id} />
                        <input type="hidden" name="intent" value={r.enabled === false ? "enable" : "disable"} />
                        <span className="me-2">{r.enabled === false ? t("records.off") : t("records.on")}</span>
                        <button type="submit" className={smallButtonClass}>
                          {r.enabled === false ? t("records.enable") : t("records.disable")}
                        </button>
                      </Form>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={list.page} pages={list.num_pages} search={search} />
        </>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
