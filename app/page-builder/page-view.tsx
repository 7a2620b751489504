import type { Page } from "@contract/pages";

import type { FrameMedia } from "./frame-media";
import { frameKey } from "./frame-media";
import { pageBlockWidget } from "./page-blocks";
import { RowView } from "./row-view";
import type { WidgetEnv } from "./types";
import { isBlockVisible } from "./visibility";
import { WidgetFrame } from "./widget-frame";
import { WidgetView } from "./widget-view";

/** The page's free content: HTML, unless it is the older JSON-text list form (then rows carry it). */
export function freeHtml(content: string) {
  const trimmed = content.trim();
  if (!trimmed || trimmed.startsWith("[")) return "";
  return trimmed;
}

/** A CMS page: its rows, then its visible page blocks, then its free HTML content. */
export function PageView({
  page,
  data,
  env,
  now,
  tab,
  search,
}: {
  page: Page;
  data: Record<string, unknown>;
  env: WidgetEnv;
  now: number;
  tab: string | null;
  search: string;
}) {
  const pageBlocks = page.pageContents
    .filter((pb) => isBlockVisible(pb, now))
    .sort((a, b) => a.sort_order - b.sort_order);
  const html = freeHtml(page.content);
  return (
    <>
      {page.rows.map((row, i) => (
        <RowView key={i} row={row} data={data} env={env} now={now} tab={tab} search={search} />
      ))}
      {pageBlocks.map((pb) => {
        const widget = pageBlockWidget(pb);
        return (
          <WidgetFrame key={pb.id} settings={pb} media={data[frameKey(widget.id)] as FrameMedia | undefined}>
            <WidgetView widget={widget} data={data[widget.id]} env={env} />
          </WidgetFrame>
        );
      })}
      {html ? (
        <section className="mx-auto max-w-6xl px-4 py-6">
          <div dir="auto" className="prose-cms" dangerouslySetInnerHTML={{ __html: html }} />
        </section>
      ) : null}
    </>
  );
}
