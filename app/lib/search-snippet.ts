/** A search snippet (escaped HTML with <mark> around matches) as text parts to render, never as HTML. */
export interface SnippetPart {
  text: string;
  mark: boolean;
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'" };

/** Decodes the few entities an escaped snippet holds; any other stays as written. */
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_, e: string) => entities[e]!);

/**
 * The parts of a snippet: text between `<mark>` and `</mark>` is a highlighted part, everything
 * else plain text; any other markup shows as the text it is. React escapes the parts again, so an
 * upstream's snippet can never add an element.
 */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const re = /<mark>([^<]*)<\/mark>/g;
  let at = 0;
  for (let m = re.exec(snippet); m; m = re.exec(snippet)) {
    if (m.index > at) parts.push({ text: decode(snippet.slice(at, m.index)), mark: false });
    parts.push({ text: decode(m[1]!), mark: true });
    at = m.index + m[0].length;
  }
  if (at < snippet.length) parts.push({ text: decode(snippet.slice(at)), mark: false });
  return parts;
}
