import type { Page, Widget } from "~/lib/api/schemas";
import { pageBlockWidget } from "./page-blocks";
import { getWidget } from "./registry";
import { ItemNotFound } from "./types";
import type { WidgetLoadContext } from "./types";
import { isBlockVisible, isWidgetVisible } from "./visibility";
import { loadCatalogueList, loadGroupPromo, loadHomeHero } from "./widgets/catalogue.server";
import { loadLinkChildren } from "./widgets/link-children.server";
import { loadFaq, loadGallery, loadGalleryGroup, loadHeroQuote } from "./widgets/media.server";
import { loadCallToAction, loadHeroTestimonial, loadImageWithContent, loadPersonList, loadTestimonialGrid, loadTplHeading } from "./widgets/content.server";

export { ItemNotFound };
export type { WidgetLoadContext };

export type WidgetLoader = (widget: Widget, ctx: WidgetLoadContext) => Promise<unknown>;

/** Server-side data loaders, by widget type. */
const widgetLoaders: Record<string, WidgetLoader> = {
  "core/link_children": loadLinkChildren,
  "Catalogue/group_promo": loadGroupPromo,
  "Catalogue/home_hero": loadHomeHero,
  "Catalogue/list": loadCatalogueList,
  "core/image_with_content": loadImageWithContent,
  "core/call_to_action": loadCallToAction,
  "core/person_list": loadPersonList,
  "core/hero_testimonial": loadHeroTestimonial,
  "core/testimonial_grid": loadTestimonialGrid,
  "tpl/heading": loadTplHeading,
  "core/gallery": loadGallery,
  "core/gallery_group": loadGalleryGroup,
  "core/hero_quote": loadHeroQuote,
  "core/faq": loadFaq,
};

/** The widgets a page will render: those of live blocks in rows, and those of visible page blocks. */
export function pageWidgets(page: Page, now: number): Widget[] {
  const fromRows = page.rows.flatMap((row) =>
    row.blocks.filter((b) => !b.deleted).flatMap((b) => b.widgets.filter((w) => isWidgetVisible(w, now))),
  );
  const fromPageBlocks = page.pageContents
    .filter((pb) => isBlockVisible(pb, now))
    .map((pb) => pageBlockWidget(pb));
  return [...fromRows, ...fromPageBlocks];
}

/** True when some widget on the page shows an item chosen by the URL (so /page/{item} is valid). */
export function pageAcceptsItem(widgets: Widget[]) {
  return widgets.some((w) => getWidget(w.type)?.acceptsItem);
}

/**
 * Runs the loads of all the page's widgets in parallel: one round of upstream calls per page.
 * A failing widget load is logged and that widget gets null; the page still renders.
 */
export async function loadWidgetData(widgets: Widget[], ctx: WidgetLoadContext): Promise<Record<string, unknown>> {
  const results = await Promise.all(
    widgets.map(async (w) => {
      const load = Object.hasOwn(widgetLoaders, w.type) ? widgetLoaders[w.type] : undefined;
      if (!load) return [w.id, undefined] as const;
      try {
        return [w.id, await load(w, ctx)] as const;
      } catch (error) {
        if (error instanceof ItemNotFound) throw error;
        console.error(`[page-builder] loading ${w.type} (${w.id}) failed:`, (error as Error).message);
        return [w.id, null] as const;
      }
    }),
  );
  return Object.fromEntries(results.filter(([, v]) => v !== undefined));
}
