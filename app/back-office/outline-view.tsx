import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { CsrfInput } from "~/components/member/csrf-input";

import { useDragOrder } from "./drag-order";
import type { OutlineRow } from "./editor-types";
import { quietButtonClass } from "./field-form";
import { useBackOfficeText } from "./text";

interface OutlineProps {
  csrf: string;
  rows: OutlineRow[];
  pageBlocks: { path: string; type: string; summary: string }[];
  selected: string | null;
}

/** Move up, move down and remove for one item: small forms posting the editor's intents. */
function ItemButtons({
  csrf,
  path,
  label,
  copy = false,
}: {
  csrf: string;
  path: string;
  label: string;
  copy?: boolean;
}) {
  const t = useBackOfficeText();
  const button = (intent: string, text: string, extra?: ReactNode) => (
    <Form method="post" className="inline" data-intent={intent}>
      <CsrfInput value={csrf} />
      <input type="hidden" name="intent" value={intent === "remove" ? "remove" : "move"} />
      <input type="hidden" name="path" value={path} />
      {extra}
      <button type="submit" className={quietButtonClass} aria-label={`${text}: ${label}`}>
        {text}
      </button>
    </Form>
  );
  return (
    <span className="ms-2 inline-flex gap-1">
      {button("up", t("editor.moveUp"), <input type="hidden" name="dir" value="up" />)}
      {button("down", t("editor.moveDown"), <input type="hidden" name="dir" value="down" />)}
      {button("remove", t("editor.remove"))}
      {copy ? (
        <Form method="post" className="inline">
          <CsrfInput value={csrf} />
          <input type="hidden" name="intent" value="copy" />
          <input type="hidden" name="path" value={path} />
          <button type="submit" className={quietButtonClass} aria-label={`${t("editor.copy")}: ${label}`}>
            {t("editor.copy")}
          </button>
        </Form>
      ) : null}
    </span>
  );
}

function ItemLink({ path, selected, children }: { path: string; selected: boolean; children: ReactNode }) {
  return (
    <Link
      to={`?select=${path}`}
      aria-current={selected ? "true" : undefined}
      className="rounded px-1 underline aria-[current=true]:bg-amber-200 aria-[current=true]:text-stone-900"
    >
      {children}
    </Link>
  );
}

/**
 * The outline of the document: rows, their blocks (width and offset on the 12-column grid) and
 * widgets, then the page blocks. Each item is a link selecting it, with its buttons beside it.
 */
export function Outline({ csrf, rows, pageBlocks, selected }: OutlineProps) {
  const t = useBackOfficeText();
  const drag = useDragOrder(csrf);
  return (
    <div data-outline>
      <ol className="space-y-3">
        {rows.map((row, r) => (
          <li
            key={row.path}
            data-path={row.path}
            {...drag(row.path)}
            className="rounded border border-stone-300 p-2 dark:border-stone-700"
          >
            <span className="text-sm font-semibold">{t("editor.row", { number: r + 1 })}</span>
            <ItemButtons csrf={csrf} path={row.path} label={t("editor.row", { number: r + 1 })} />
            <ol className="mt-2 space-y-2 ps-4">
              {row.blocks.map((block, b) => {
                const name = t("editor.block", { number: b + 1, width: block.width, offset: block.offset });
                return (
                  <li key={block.path} data-path={block.path} {...drag(block.path)}>
                    <ItemLink path={block.path} selected={selected === block.path}>
                      {name}
                    </ItemLink>
                    <ItemButtons csrf={csrf} path={block.path} label={name} copy />
                    <ol className="mt-1 space-y-1 ps-4">
                      {block.widgets.map((w) => (
                        <li key={w.path} data-path={w.path} data-widget-type={w.type} {...drag(w.path)}>
                          <ItemLink path={w.path} selected={selected === w.path}>
                            <span className="font-mono text-xs">{w.type}</span> {w.summary}
                          </ItemLink>
                          <ItemButtons csrf={csrf} path={w.path} label={`${w.type} ${w.summary}`} />
                        </li>
                      ))}
                    </ol>
                  </li>
                );
              })}
            </ol>
          </li>
        ))}
      </ol>
      {pageBlocks.length ? (
        <>
          <h3 className="mt-4 text-sm font-semibold">{t("editor.pageBlocks")}</h3>
          <ol className="mt-2 space-y-1">
            {pageBlocks.map((pb) => (
              <li key={pb.path} data-path={pb.path} data-widget-type={pb.type} {...drag(pb.path)}>
                <ItemLink path={pb.path} selected={selected === pb.path}>
                  <span className="font-mono text-xs">{pb.type}</span> {pb.summary}
                </ItemLink>
                <ItemButtons csrf={csrf} path={pb.path} label={`${pb.type} ${pb.summary}`} />
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </div>
  );
}
