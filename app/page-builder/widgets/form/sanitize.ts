/**
 * The text of a form's content, paragraph and header fields, written in the back-office: kept as
 * HTML, less what could run (scripts, frames, event handlers, `javascript:` links). core/html
 * shows the back-office's HTML as it is; a form's text is held to this smaller set.
 */
export function sanitizeFormHtml(html: string) {
  return html
    .replace(/<(script|style|iframe|object|embed|template)\b[^]*?<\/\1\s*>/gi, "")
    .replace(/<\/?(script|style|iframe|object|embed|template|link|meta|base|form|input|button)\b[^>]*>/gi, "")
    .replace(/\s+on[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, "")
    .replace(/(href|src)\s*=\s*("|')?\s*(javascript|vbscript|data):[^"'\s>]*("|')?/gi, '$1="#"');
}
