import { Link } from "@remix-run/react";
import { Fragment } from "react";

import type { Block, Row } from "@contract/pages";

import type { FrameMedia } from "./frame-media";
import { frameKey } from "./frame-media";
import { domId, liveBlocks, tabsRowId } from "./tabs";
import type { WidgetEnv } from "./types";
import { isWidgetVisible } from "./visibility";
import { hasFrame, WidgetFrame } from "./widget-frame";
import { WidgetView } from "./widget-view";

/** md:col-span-N and md:col-start-N written out, so Tailwind sees every class. */
const spans = [
  "",
  "md:col-span-1",
  "md:col-span-2",
  "md:col-span-3",
  "md:col-span-4",
  "md:col-span-5",
  "md:col-span-6",
  "md:col-span-7",
  "md:col-span-8",
  "md:col-span-9",
  "md:col-span-10",
  "md:col-span-11",
  "md:col-span-12",
];
const starts = [
  "",
  "md:col-start-2",
  "md:col-start-3",
  "md:col-start-4",
  "md:col-start-5",
  "md:col-start-6",
  "md:col-start-7",
  "md:col-start-8",
  "md:col-start-9",
  "md:col-start-10",
  "md:col-start-11",
  "md:col-start-12",
];

function BlockView({
  block,
  data,
  env,
  now,
}: {
  block: Block;
  data: Record<string, unknown>;
  env: WidgetEnv;
  now: number;
}) {
  const widgets = block.widgets.filter((w) => isWidgetVisible(w, now)).sort((a, b) => a.sort - b.sort);
  return (
    <>
      {widgets.map((w) => {
        const view = <WidgetView widget={w} data={data[w.id]} env={env} />;
        const media = data[frameKey(w.id)] as FrameMedia | undefined;
        return w.wrapper && hasFrame(w.wrapper, media) ? (
          <WidgetFrame key={w.id} settings={w.wrapper} media={media} contained={false}>
            {view}
          </WidgetFrame>
        ) : (
          <Fragment key={w.id}>{view}</Fragment>
        );
      })}
    </>
  );
}

/** The tab a row shows: the one named by ?tab= when it exists, else the first. */
export function selectedTab(blocks: Block[], tab: string | null) {
  return blocks.find((b) => b.title === tab) ?? blocks[0];
}

const tabClass = {
  active:
    "border-stone-300 border-b-white bg-white text-brand " +
    "dark:border-stone-700 dark:border-b-stone-900 dark:bg-stone-900 dark:text-amber-200",
  inactive: "border-transparent text-stone-600 hover:text-brand dark:text-stone-300",
};

/**
 * A row of tabs. Each tab is a link to `?tab=Name#{the row}`, so choosing one works without
 * JavaScript (the server renders that panel shown, and the browser returns to the row rather
 * than the top of the page) and, with the runtime, as a client-side navigation that skips the
 * loaders. Every tab's panel is in the HTML, so crawlers index all of them; the ones not
 * chosen carry `hidden`.
 */
function TabsRow({
  row,
  blocks,
  data,
  env,
  now,
  tab,
  search,
}: {
  row: Row;
  blocks: Block[];
  data: Record<string, unknown>;
  env: WidgetEnv;
  now: number;
  tab: string | null;
  search: string;
}) {
  const current = selectedTab(blocks, tab);
  const params = new URLSearchParams(search);
  // Each tab's link returns to this row (a document load without the runtime keeps the place).
  const rowId = tabsRowId(blocks);
  return (
    <section className={row.outer_class}>
      <div className={`mx-auto max-w-6xl px-4 py-6 ${row.container_class}`}>
        <div
          id={rowId}
          role="tablist"
          className="flex scroll-mt-4 flex-wrap gap-1 border-b border-stone-300 dark:border-stone-700"
        >
          {blocks.map((b) => {
            params.set("tab", b.title);
            const active = b === current;
            return (
              <Link
                key={b.id}
                id={`tab-${domId(b.id)}`}
                role="tab"
                aria-selected={active}
                aria-controls={`tab-panel-${domId(b.id)}`}
                to={`?${params}#${rowId}`}
                replace
                preventScrollReset
                className={`-mb-px rounded-t-md border px-4 py-2 font-medium no-underline ${
                  active ? tabClass.active : tabClass.inactive
                }`}
              >
                {b.title}
              </Link>
            );
          })}
        </div>
        {blocks.map((b) => (
          <div
            key={b.id}
            role="tabpanel"
            id={`tab-panel-${domId(b.id)}`}
            aria-labelledby={`tab-${domId(b.id)}`}
            hidden={b !== current}
            className={`pt-6 ${row.row_class}`}
          >
            <BlockView block={b} data={data} env={env} now={now} />
          </div>
        ))}
      </div>
    </section>
  );
}

export function RowView({
  row,
  data,
  env,
  now,
  tab,
  search,
}: {
  row: Row;
  data: Record<string, unknown>;
  env: WidgetEnv;
  now: number;
  tab: string | null;
  search: string;
}) {
  const blocks = liveBlocks(row);
  if (blocks.length === 0) return null;
  if (row.row_type === "tabs") {
    return <TabsRow row={row} blocks={blocks} data={data} env={env} now={now} tab={tab} search={search} />;
  }
  return (
    <section className={row.outer_class}>
      <div id={row.container_id ?? undefined} className={`mx-auto max-w-6xl px-4 py-6 ${row.container_class}`}>
        <div className={`grid grid-cols-1 gap-6 md:grid-cols-12 ${row.row_class}`}>
          {blocks.map((b) => (
            <div
              key={b.id}
              className={`min-w-0 ${spans[b.width] ?? spans[12]} ${starts[b.offset] ?? ""} ${b.block_class}`}
            >
              <BlockView block={b} data={data} env={env} now={now} />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
