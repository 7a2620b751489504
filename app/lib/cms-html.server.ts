/**
 * CMS HTML as the site renders it (decision 069): sanitised here, on the server, with the one
 * allowlist the embedded CMS also applies when content is saved. Server-only, so sanitize-html
 * never reaches a browser bundle; views receive HTML that is already clean.
 */
import {
  embedOrigins,
  sanitizeBlockVariables,
  sanitizeCmsHtml,
  sanitizePageContent,
  sanitizeRows,
} from "@contract/html-allowlist";
import type { Page } from "@contract/pages";
import type { CspSources } from "~/host/security-headers.server";

export { embedOrigins, sanitizeCmsHtml };

/** A page with its free content, its rows' widgets and its page blocks sanitised. */
export function sanitizePage(page: Page, origins: readonly string[]): Page {
  return {
    ...page,
    content: sanitizePageContent(page.content, origins),
    rows: sanitizeRows(page.rows, origins),
    pageContents: page.pageContents.map((pb) => ({
      ...pb,
      variables: sanitizeBlockVariables(pb.template, pb.variables, origins),
    })),
  };
}

/** The allowed embed origins, as the CSP needs them: frames and images from there. */
export function embedCspSources(origins: readonly string[]): CspSources {
  return { script: [], connect: [], img: [...origins], frame: [...origins] };
}
