/**
 * Pure helpers of site search: the tsquery text built from a visitor's words (never their raw
 * text), and the highlighted snippet made safe to show as HTML.
 */

/** The most words of a query that count; more are ignored. */
export const MAX_QUERY_WORDS = 8;
const MAX_WORD_LENGTH = 40;

/** The words of a query: runs of letters, marks and digits, lowercased. */
export function queryWords(q: string): string[] {
  const words = q.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_QUERY_WORDS).map((w) => w.slice(0, MAX_WORD_LENGTH));
}

/**
 * The `to_tsquery` terms of a query: every word must match, the last also as a prefix (matching as
 * the visitor types). Words hold only letters, marks and digits, so nothing of the tsquery syntax
 * can come from the visitor; each is quoted besides. Null when the query has no words.
 */
export function tsqueryTerms(q: string): { words: string[]; last: string } | null {
  const words = queryWords(q);
  if (words.length === 0) return null;
  const quoted = words.map((w) => `'${w}'`);
  return { words: quoted.slice(0, -1), last: `${quoted[quoted.length - 1]}:*` };
}

/** Markers ts_headline puts around a match: private-use characters (a stray one in the text is dropped). */
export const START_MARK = "\uE000";
export const STOP_MARK = "\uE001";

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** A ts_headline answer as HTML: everything escaped, and each marked match in a <mark>. */
export function snippetHtml(headline: string): string {
  const escaped = headline
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[&<>"']/g, (c) => escapes[c]!);
  return escaped
    .replace(/\uE000([^\uE000\uE001]*)\uE001/g, (_, word: string) => `<mark>${word}</mark>`)
    .replace(/[\uE000\uE001]/g, "");
}
