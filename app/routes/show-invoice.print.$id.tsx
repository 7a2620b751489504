/** /show-invoice/print/{id}: the same print view as /invoice/print/{id}. */
export { default, ErrorBoundary, headers, links, loader, meta } from "./invoice.print.$id";
