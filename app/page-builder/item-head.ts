/** At most this many characters of an item's text go into its page's description. */
const DESCRIPTION_LENGTH = 160;

/**
 * CMS HTML as one line of plain text for a page's description: tags and entities out, spaces
 * folded, cut at a word before 160 characters with an ellipsis.
 */
export function plainText(html: string | null | undefined) {
  const text = (html ?? "")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/\s+/g, " ")
    // A closing inline tag before punctuation ("<b>hand</b>.") left a space there.
    .replace(/ ([.,;:!?])/g, "$1")
    .trim();
  if (text.length <= DESCRIPTION_LENGTH) return text;
  const cut = text.slice(0, DESCRIPTION_LENGTH - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > DESCRIPTION_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}
