/**
 * The requests of the golden-answer test (`cms/golden.test.ts`): every REST route and GraphQL
 * field of the CMS over the seeded site, with parameter variations, the generic-record POST form,
 * paging, unknown ids and groups (404) and bad input (400). Changing this list means recording
 * the answers again, from code whose answers are known to be right.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import { imageHash } from "../../media/store";
import { defaultSeedsDir } from "../../seed";
import { graphqlRequests } from "./graphql-requests";
import { get, type GoldenRequest, post } from "./request";

export type { GoldenRequest } from "./request";

const API = "/api/v1/cognito";
const CAT = "/api/v1/catalogue";

/** The hash of a seeded image, from its file (content-addressed, so it is the same on every run). */
const seedImage = (file: string) => imageHash(readFileSync(path.join(defaultSeedsDir, "images", file)));

const site = [
  get(`${API}/domain/currentDomain`),
  get(`${API}/domain/initialData`),
  get(`${API}/link`),
  get(`${API}/link?parent=header`),
  get(`${API}/link?parent=footer`),
  get(`${API}/link?parent=social`),
  get(`${API}/link?parent=nope`),
  get(`${API}/link?parent=`),
  get(`${API}/link?parent=%00`),
  get(`${API}/link?parent=${"x".repeat(101)}`),
];

const pageList = [
  get(`${API}/page`),
  get(`${API}/page?pb=1`),
  get(`${API}/page?pb=true`),
  get(`${API}/page?pb=0`),
  get(`${API}/page?page_size=2`),
  get(`${API}/page?page_size=2&page=2`),
  get(`${API}/page?page_size=2&page=4&pb=1`),
  get(`${API}/page?page_size=3&page=9`),
  get(`${API}/page?page=0`),
  get(`${API}/page?page=abc`),
  get(`${API}/page?page_size=101`),
  get(`${API}/page?pb=yes`),
  get(`${API}/page?url=about`),
  get(`${API}/page?url=about&pb=1`),
  get(`${API}/page?url=/`),
  get(`${API}/page?url=`),
  get(`${API}/page?url=/delivery/&pb=1`),
  get(`${API}/page?url=nope`),
  get(`${API}/page?url=%00`),
];

const pageByUrl = [
  get(`${API}/page/about`),
  get(`${API}/page/about?pb=1`),
  get(`${API}/page/about/`),
  get(`${API}/page/home?pb=1`),
  get(`${API}/page/catalogue?pb=1`),
  get(`${API}/page/delivery?pb=true`),
  get(`${API}/page/delivery?pb=0`),
  get(`${API}/page/error?pb=1`),
  get(`${API}/page/where-to-find-us?pb=1`),
  get(`${API}/page/showcase?pb=1`),
  get(`${API}/page/showcase?pb=1&extra=ignored`),
  get(`${API}/page/nope`),
  get(`${API}/page/about/more`),
  get(`${API}/page/about%00`),
  get(`${API}/page/about?pb=2`),
];

const groups = [
  get(`${API}/group`),
  get(`${API}/group?depth=1`),
  get(`${API}/group?image_aspect=1x1&image_width=300`),
  get(`${API}/group?depth=0`),
  get(`${API}/group?image_width=abc`),
  get(`${API}/group/Catalogue/Product`),
  get(`${API}/group/Catalogue/Product?group=catalogue`),
  get(`${API}/group/Catalogue/Product?group=table-settings`),
  get(`${API}/group/Catalogue/Product?group=catalogue&depth=1&image_aspect=16x9&image_width=800`),
  get(`${API}/group/Catalogue/Product?group=nope`),
  get(`${API}/group/Catalogue/Product?group=bad%20slug`),
  get(`${API}/group/Cognito/Slide`),
  get(`${API}/group/Cognito/Testimonial`),
  get(`${API}/group/Cognito/Gallery?group=finished-pieces`),
  get(`${API}/group/Nope/Thing`),
  get(`${API}/group/bad!name/Thing`),
  get(`${API}/group/details/Catalogue/Product/table-settings`),
  get(`${API}/group/details/Catalogue/Product/catalogue`),
  get(`${API}/group/details/Catalogue/Product/catalogue?depth=1&image_aspect=4x3&image_width=400`),
  get(`${API}/group/details/Cognito/Gallery/finished-pieces`),
  get(`${API}/group/details/Catalogue/Product/nope`),
  get(`${API}/group/details/Catalogue/Product/bad!slug`),
  get(`${API}/group/details/Catalogue/Product/table-settings?depth=11`),
];

const catalogue = [
  get(`${CAT}/product`),
  get(`${CAT}/product?group=table-settings`),
  get(`${CAT}/product?group=7`),
  get(`${CAT}/product?group=chairs-and-sunlounges&page_size=3&page=2`),
  get(`${CAT}/product?page_size=5&page=8`),
  get(`${CAT}/product?page_size=10&page=99`),
  get(`${CAT}/product?image_aspect=1x1&image_width=300&page_size=4`),
  get(`${CAT}/product?group=nope`),
  get(`${CAT}/product?group=12`),
  get(`${CAT}/product?page_size=0`),
  get(`${CAT}/product?page_size=901`),
  get(`${CAT}/product?image_width=5000`),
  get(`${CAT}/product?image_aspect=${"x".repeat(11)}`),
  get(`${CAT}/product?group=%00`),
  get(`${CAT}/product/1`),
  get(`${CAT}/product/32?image_aspect=16x9&image_width=800`),
  get(`${CAT}/product/37?image_aspect=orig`),
  get(`${CAT}/product/999`),
  get(`${CAT}/product/0`),
  get(`${CAT}/product/99999999999`),
  get(`${CAT}/product/1?image_width=0`),
  get(`${CAT}/product/table-settings/eumundi-six-seater-setting`),
  get(`${CAT}/product/table-settings/yandina-trestle-setting?image_aspect=1x1&image_width=200`),
  get(`${CAT}/product/bar-settings/eumundi-six-seater-setting`),
  get(`${CAT}/product/table-settings/nope`),
  get(`${CAT}/product/nope/eumundi-six-seater-setting`),
  get(`${CAT}/product/table-settings/bad!slug`),
  post(`${CAT}/product`),
];

const slides = [
  get(`${API}/slide`),
  get(`${API}/slide?group=home-hero`),
  get(`${API}/slide?group=8`),
  get(`${API}/slide?group=8&page_size=2&page=2`),
  get(`${API}/slide?image_aspect=4x3&image_width=600`),
  get(`${API}/slide?group=`),
  get(`${API}/slide?group=nope`),
  get(`${API}/slide?group=9`),
  get(`${API}/slide?page_size=101`),
  get(`${API}/slide?page=0`),
  post(`${API}/slide`),
  post(`${API}/slide`, { group: "home-hero", page_size: 2 }),
  post(`${API}/slide?page_size=1`, { group: 8, page: 3 }),
  post(`${API}/slide`, [1, 2]),
  post(`${API}/slide`, "{not json"),
  post(`${API}/slide`, { group: 0 }),
  get(`${API}/slide/1`),
  get(`${API}/slide/2?image_aspect=4x3&image_width=600`),
  post(`${API}/slide/3`, { image_aspect: "1x1", image_width: 300 }),
  get(`${API}/slide/999`),
  get(`${API}/slide/99999999999`),
  get(`${API}/photo`),
  get(`${API}/photo?page_size=5&image_aspect=1x1`),
  get(`${API}/photo?page_size=0`),
];

const content = [
  get(`${API}/testimonial`),
  get(`${API}/testimonial?group=customer-reviews`),
  get(`${API}/testimonial?group=9&page_size=3&page=2`),
  get(`${API}/testimonial?page_size=3&page=9`),
  get(`${API}/testimonial?image_aspect=4x3&image_width=400`),
  get(`${API}/testimonial?group=nope`),
  get(`${API}/testimonial?group=8`),
  get(`${API}/testimonial?page=0`),
  get(`${API}/testimonial?page_size=101`),
  post(`${API}/testimonial`, { group: "customer-reviews", page_size: 2, page: 2 }),
  post(`${API}/testimonial`, ""),
  post(`${API}/testimonial`, "not json"),
  post(`${API}/testimonial`, null),
  get(`${API}/person`),
  get(`${API}/person?group=our-team`),
  get(`${API}/person?group=10&image_aspect=1x1&image_width=200`),
  get(`${API}/person?page_size=2&page=2`),
  get(`${API}/person?page_size=101`),
  get(`${API}/person?group=customer-reviews`),
  post(`${API}/person`, {}),
  post(`${API}/person`, { group: "our-team", image_width: "abc" }),
  get(`${API}/faq`),
  get(`${API}/faq?group=timber-care-and-delivery`),
  get(`${API}/faq?page_size=3&page=3`),
  get(`${API}/faq?page_size=500`),
  get(`${API}/faq?page_size=501`),
  get(`${API}/faq?group=nope`),
  post(`${API}/faq`, { group: 11, page_size: 2 }),
  post(`${API}/faq`, { group: "%" }),
  get(`${API}/video/1`),
  get(`${API}/video/1?image_aspect=4x3&image_width=600`),
  post(`${API}/video/1`, { image_width: 400 }),
  get(`${API}/video/2`),
  get(`${API}/video/0`),
  get(`${API}/video/99999999999`),
  get(`${API}/video/1?image_width=99999`),
];

const galleries = [
  get(`${API}/gallery`),
  get(`${API}/gallery?group=finished-pieces`),
  get(`${API}/gallery?group=12`),
  get(`${API}/gallery?page_size=2&page=2`),
  get(`${API}/gallery?image_aspect=1x1&image_width=200`),
  get(`${API}/gallery?page_size=500`),
  get(`${API}/gallery?group=nope`),
  get(`${API}/gallery?page_size=501`),
  post(`${API}/gallery`, { group: "finished-pieces", page_size: 1, page: 3 }),
  get(`${API}/gallery/1`),
  get(`${API}/gallery/spotted-gum-dining-settings`),
  get(`${API}/gallery/benches-and-lounges?image_aspect=1x1&image_width=300`),
  get(`${API}/gallery/3?extra_aspects=1x1,orig&image_width=1920`),
  get(`${API}/gallery/3?extra_aspects=16x9|bogus|3x4`),
  get(`${API}/gallery/in-the-workshop?limit=2`),
  post(`${API}/gallery/2`, { extra_aspects: ["16x9", "3x4"], image_aspect: "orig" }),
  post(`${API}/gallery/in-the-workshop`, { limit: 1, image_width: 100 }),
  get(`${API}/gallery/nope`),
  get(`${API}/gallery/99`),
  get(`${API}/gallery/99999999999`),
  get(`${API}/gallery/1?limit=0`),
  get(`${API}/gallery/1?extra_aspects=${"x".repeat(201)}`),
];

const hash = seedImage("vouchers/birthday.jpg");
const groupImage = seedImage("groups/table-settings.jpg");
const byHash = `${API}/image/getByHash`;
const media = [
  post(byHash, { hash }),
  post(byHash, { hash: groupImage, image_aspect: "4x3", image_width: 600 }),
  post(byHash, { hash, image_aspect: "16:9", image_width: "1000", extra_aspects: "1x1,orig" }),
  post(byHash, { hash, image_aspect: null, image_width: null, extra_aspects: ["3x4", null, "bogus"] }),
  post(`${API}/image/getByHash`, { hash: "0".repeat(32) }),
  post(`${API}/image/getByHash`, { hash: "NOT-A-HASH" }),
  post(`${API}/image/getByHash`, { hash, image_width: "abc" }),
  post(`${API}/image/getByHash`, "{"),
  get(`${API}/image/getByHash`),
  get(`/assets/i/${hash}/4x3/600.gif`),
  get(`/assets/i/${"0".repeat(32)}/4x3/600.jpg`),
  get(`/assets/i/${hash}/7x3/600.jpg`),
  get(`/assets/i/${hash}/4x3/601.jpg`),
  get(`/assets/i/not-a-hash/4x3/600.jpg`),
  get(`/v/2.mp4`),
  get(`/v/0.mp4`),
  get(`/v/1.webm`),
  get(`/v/99999999999.mp4`),
];

const misc = [
  get(`${API}/nope`),
  get(`/nope`),
  { method: "DELETE", path: `${API}/page` } as GoldenRequest,
  post(`${API}/page`),
  post(`${API}/domain/initialData`),
];

/** The shop, closed in the seeds (`ecommerce` false): every call is the same 404. */
const shop = [
  get("/api/v1/sell/product/1"),
  post("/api/v1/sell/cart/getCart", {}),
  post("/api/v1/sell/cart/shippingQuote", { postcode: "4000", country: "AU" }),
  get("/api/v1/sell/order"),
];

/**
 * The content calls: what the site names a shared cache strategy for (app/lib/api/), answered the
 * same whoever asks (decision 124; `cms/content-for-everyone.test.ts` keeps it so).
 */
export const contentRequests: GoldenRequest[] = [
  ...site,
  ...pageList,
  ...pageByUrl,
  ...groups,
  ...catalogue,
  ...slides,
  ...content,
  ...galleries,
  ...media,
];

export const goldenRequests: GoldenRequest[] = [...contentRequests, ...misc, ...graphqlRequests, ...shop];
