/** The golden-answer test's GraphQL requests (see `requests.ts`): every field, with bad input. */
import { getIntrospectionQuery } from "graphql";

import { get, gql, post } from "./request";

const PAGE_FIELDS = "id name slug url title meta_description updated_at content rows pageContents";
const IMAGE_FIELDS = "url webp_url avif_url placeholder aspect width height";
const SLIDE_FIELDS = `id heading sub_heading content link link_button_text image { ${IMAGE_FIELDS} }`;

export const graphqlRequests = [
  gql(`{ cognitoPages { ${PAGE_FIELDS} } }`),
  gql(`{ cognitoPages(page_size: 2, page: 2) { id url } }`),
  gql(`{ cognitoPages(page_size: 0, page: 0) { id } }`),
  gql(`{ cognitoPages(page_size: 500) { id } }`),
  gql(`{ cognitoPages(page: 9) { id } }`),
  gql(`{ cognitoPage(url: "delivery") { ${PAGE_FIELDS} } }`),
  gql(`{ cognitoPage(url: "/") { id url title } }`),
  gql(`{ cognitoPage(url: "/showcase/") { id rows pageContents } }`),
  gql(`query One($url: String!) { cognitoPage(url: $url) { id name } }`, { url: "about" }),
  gql(`{ cognitoPage(url: "nope") { id } }`),
  gql(`{ cognitoPage(url: "a\\u0000b") { id } }`),
  gql(`{ cognitoGiftVoucherThemes { id name image { ${IMAGE_FIELDS} } } }`),
  gql(`{ cognitoGiftVoucherThemes { id big: image(width: 800, aspect: "1x1") { url width height } } }`),
  gql(`{ cognitoGiftVoucherThemes { id image(width: 5000) { url } } }`),
  gql(`{ cognitoGiftVoucherThemes { id image(aspect: "${"x".repeat(17)}") { url } } }`),
  gql(`{ cognitoGallerys { id url name heading sub_heading image { ${IMAGE_FIELDS} } } }`),
  gql(`{ cognitoGallerys(group: "finished-pieces") {
    id image(width: 600, aspect: "16x9") { url width height } } }`),
  gql(`{ cognitoGallerys(group: "12") { id } }`),
  gql(`{ cognitoGallerys(group: "nope") { id } }`),
  gql(`{ cognitoGallerys(group: "") { id } }`),
  gql(`{ cognitoGallery(id: "1") { id url name heading sub_heading slides { ${SLIDE_FIELDS} } } }`),
  gql(`{ cognitoGallery(id: "benches-and-lounges", aspect: "1x1", width: 300) {
    id slides { id image { url width height } } } }`),
  gql(`{ cognitoGallery(id: " 3 ", width: 0) { id slides { image { url } } } }`),
  gql(`{ cognitoGallery(id: "nope") { id } }`),
  gql(`{ cognitoGallery(id: "${"x".repeat(101)}") { id } }`),
  gql(`{ cognitoTestimonials { id name title content rating } }`),
  gql(`{ cognitoTestimonials(group: "customer-reviews") { id name } }`),
  gql(`{ cognitoTestimonials(group: "9") { id } }`),
  gql(`{ cognitoTestimonials(group: "nope") { id } }`),
  gql(`{ cognitoPages { id } cognitoGiftVoucherThemes { id } cognitoTestimonials { id } }`),
  gql(`{ cognitoPages { nope } }`),
  gql(`{ cognitoPages { id `),
  gql(`{ cognitoPage { id } }`),
  post("/graphql", "not json"),
  post("/graphql", {}),
  get(`/graphql?query=${encodeURIComponent('{ cognitoPage(url: "about") { id title } }')}`),
  gql(getIntrospectionQuery()),
];
