import type { LinksFunction } from "@remix-run/node";

import printStylesheet from "~/styles/shop-print.css";

/**
 * The shop's print rules (A4, only the invoice or the tickets on paper), linked by the invoice
 * and ticket routes for print media: the screen's first paint never waits for it, and the
 * stylesheet every page inlines stays within its budget (decision 031).
 */
export const printLinks: LinksFunction = () => [{ rel: "stylesheet", href: printStylesheet, media: "print" }];
