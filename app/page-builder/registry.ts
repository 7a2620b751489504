import type { WidgetDefinition } from "./types";
import { ButtonLinkWidget } from "./widgets/button-link";
import { CatalogueListWidget } from "./widgets/catalogue-list";
import { FaqWidget } from "./widgets/faq";
import { GoogleMapWidget } from "./widgets/google-map";
import { GroupPromoWidget } from "./widgets/group-promo";
import { HeadingWidget } from "./widgets/heading";
import { HomeHeroWidget } from "./widgets/home-hero";
import { HtmlWidget } from "./widgets/html";
import { LinkChildrenWidget } from "./widgets/link-children";
import { RawCodeWidget } from "./widgets/raw-code";
import { CallToActionWidget } from "./widgets/call-to-action";
import { HeroTestimonialWidget } from "./widgets/hero-testimonial";
import { ImageWithContentWidget } from "./widgets/image-with-content";
import { PersonListWidget } from "./widgets/person-list";
import { TestimonialGridWidget } from "./widgets/testimonial-grid";
import { TplHeadingWidget } from "./widgets/tpl-heading";
import { FormWidget } from "./widgets/form";
import { GalleryWidget } from "./widgets/gallery";
import { GalleryGroupWidget } from "./widgets/gallery-group";
import { GiftVoucherPurchaseWidget } from "./widgets/gift-voucher-purchase";
import { HeroQuoteWidget } from "./widgets/hero-quote";

/** Every widget the page builder renders, by its type string. Loaders live in loaders.server.ts. */
export const widgetRegistry: Record<string, WidgetDefinition> = {
  "core/html": { Component: HtmlWidget },
  "core/heading": { Component: HeadingWidget },
  "core/raw_code": { Component: RawCodeWidget },
  "core/button_link": { Component: ButtonLinkWidget },
  "core/link_children": { Component: LinkChildrenWidget as WidgetDefinition["Component"] },
  "core/faq": { Component: FaqWidget as WidgetDefinition["Component"] },
  "core/google_map": { Component: GoogleMapWidget },
  "Catalogue/home_hero": { Component: HomeHeroWidget as WidgetDefinition["Component"] },
  "Catalogue/group_promo": { Component: GroupPromoWidget as WidgetDefinition["Component"] },
  "Catalogue/list": { Component: CatalogueListWidget as WidgetDefinition["Component"], acceptsItem: true },
  "core/image_with_content": { Component: ImageWithContentWidget as WidgetDefinition["Component"] },
  "core/call_to_action": { Component: CallToActionWidget as WidgetDefinition["Component"] },
  "core/person_list": { Component: PersonListWidget as WidgetDefinition["Component"] },
  "core/hero_testimonial": { Component: HeroTestimonialWidget as WidgetDefinition["Component"] },
  "core/testimonial_grid": { Component: TestimonialGridWidget as WidgetDefinition["Component"] },
  "tpl/heading": { Component: TplHeadingWidget as WidgetDefinition["Component"] },
  "core/gallery": { Component: GalleryWidget as WidgetDefinition["Component"] },
  "core/gallery_group": { Component: GalleryGroupWidget as WidgetDefinition["Component"], acceptsItem: true },
  "core/hero_quote": { Component: HeroQuoteWidget as WidgetDefinition["Component"] },
  "core/form": { Component: FormWidget },
  "core/gift_voucher_purchase": { Component: GiftVoucherPurchaseWidget },
};

export function getWidget(type: string): WidgetDefinition | undefined {
  return Object.hasOwn(widgetRegistry, type) ? widgetRegistry[type] : undefined;
}
