/**
 * A plain, readable A4 PDF from a seeded document's text (pdf-lib, standard Helvetica): a title,
 * a line naming the business, then sections of headings, paragraphs and bullet points, wrapped to
 * the page and carried over to new pages, with the business's contact line at the foot of each.
 * The dates are fixed, so the same text always makes the same bytes (and the same ETag).
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";

export interface DocumentText {
  title: string;
  subtitle: string;
  /** Each section: a heading and its paragraphs; a paragraph starting "- " is a bullet point. */
  sections: { heading: string; paragraphs: string[] }[];
  footer: string;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const BROWN = rgb(0.486, 0.29, 0.118);
const INK = rgb(0.11, 0.1, 0.09);
const FIXED_DATE = new Date("2026-01-01T00:00:00Z");

/** `text` broken into lines no wider than `width` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number) {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

export async function makeDocumentPdf(doc: DocumentText, author: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(doc.title);
  pdf.setAuthor(author);
  pdf.setSubject(doc.subtitle);
  pdf.setCreator(author);
  pdf.setProducer("Dovetail CMS");
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = A4[0] - 2 * MARGIN;

  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const newPage = () => {
    page = pdf.addPage(A4);
    y = A4[1] - MARGIN;
  };
  const write = (text: string, font: PDFFont, size: number, opts: { colour?: typeof INK; bullet?: boolean } = {}) => {
    const indent = opts.bullet ? 14 : 0;
    for (const [i, line] of wrap(text, font, size, width - indent).entries()) {
      if (y - size < MARGIN + 24) newPage();
      y -= size * 1.35;
      const color = opts.colour ?? INK;
      if (opts.bullet && i === 0) page.drawText("•", { x: MARGIN + 2, y, size, font, color });
      page.drawText(line, { x: MARGIN + indent, y, size, font, color });
    }
  };

  write(doc.title, bold, 22, { colour: BROWN });
  y -= 4;
  write(doc.subtitle, regular, 11);
  y -= 10;
  for (const section of doc.sections) {
    if (y < MARGIN + 120) newPage();
    y -= 8;
    write(section.heading, bold, 14, { colour: BROWN });
    y -= 2;
    for (const paragraph of section.paragraphs) {
      const bullet = paragraph.startsWith("- ");
      write(bullet ? paragraph.slice(2) : paragraph, regular, 11, { bullet });
      y -= 5;
    }
  }
  for (const p of pdf.getPages()) {
    p.drawText(doc.footer, { x: MARGIN, y: MARGIN - 20, size: 8, font: regular, color: rgb(0.4, 0.38, 0.36) });
  }
  return pdf.save({ useObjectStreams: false });
}
