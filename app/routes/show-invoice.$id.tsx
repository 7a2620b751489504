/** /show-invoice/{id}: the spec's other address of the invoice, the same view (app/routes/invoice.$id.tsx). */
export { default, ErrorBoundary, headers, links, loader, meta } from "./invoice.$id";
