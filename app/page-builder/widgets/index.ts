/**
 * Every widget type the page builder knows, one line each. Adding a widget is its folder
 * (fields.ts, view.tsx, load.server.ts when it needs data, index.ts) plus its line here: the
 * registry (registry.ts, for rendering) and the loader map (loaders.server.ts) are built from it.
 */
export { buttonLinkWidget } from "./button-link";
export { callToActionWidget } from "./call-to-action";
export { catalogueListWidget } from "./catalogue-list";
export { faqWidget } from "./faq";
export { formWidget } from "./form";
export { galleryWidget } from "./gallery";
export { galleryGroupWidget } from "./gallery-group";
export { giftVoucherPurchaseWidget } from "./gift-voucher-purchase";
export { googleMapWidget } from "./google-map";
export { groupPromoWidget } from "./group-promo";
export { headingWidget } from "./heading";
export { heroQuoteWidget } from "./hero-quote";
export { heroTestimonialWidget } from "./hero-testimonial";
export { homeHeroWidget } from "./home-hero";
export { htmlWidget } from "./html";
export { imageWithContentWidget } from "./image-with-content";
export { linkChildrenWidget } from "./link-children";
export { personListWidget } from "./person-list";
export { rawCodeWidget } from "./raw-code";
export { testimonialGridWidget } from "./testimonial-grid";
export { tplHeadingWidget } from "./tpl-heading";
