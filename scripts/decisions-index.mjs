// The index of decision records (decision 108): `node scripts/decisions-index.mjs` rewrites the
// table of docs/decisions/README.md from the records themselves: each one's number, its heading's
// title, its Status and its Date. tests/unit/decisions.test.ts fails while a record lacks its Date
// or Status line, or the table disagrees with the records; run this script, then commit both.
//
// A record starts `# NNN: Title`, then `Date: YYYY-MM-DD` and `Status: Accepted` (or `Superseded
// by NNN`, a note may follow either) on lines of their own; older records have both on one line,
// `Date: … · Status: …`. Exits 1, after writing the table, when a record is missing either line.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { format, resolveConfig } from "prettier";

export const DECISIONS_DIR = fileURLToPath(new URL("../docs/decisions/", import.meta.url));
export const INDEX_FILE = path.join(DECISIONS_DIR, "README.md");
export const INDEX_START = "<!-- index:start (scripts/decisions-index.mjs writes this table) -->";
export const INDEX_END = "<!-- index:end -->";

const RECORD_FILE = /^(\d{3})-[a-z0-9-]+\.md$/;
const HEADING = /^# (\d{3}):? +(.+)$/;
const DATE = /^Date: *(\d{4}-\d{2}-\d{2})\b/;
const STATUS = /(?:^| · )Status: *(.+)$/;
const KNOWN_STATUS = /^(Accepted|Superseded by \d{3})\b/;

/** "accepted (refines 004)" as the index shows it: "Accepted (refines 004)". */
const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * One record read from its text: `{ number, file, title, date, status, problems }`. Its Date and
 * Status are looked for above its first section (`## …`); what is missing or malformed is listed.
 */
export function readRecord(file, text) {
  const number = RECORD_FILE.exec(file)?.[1] ?? "";
  const lines = text.split("\n");
  const head = lines
    .slice(
      0,
      Math.max(
        1,
        lines.findIndex((line) => line.startsWith("## ")),
      ),
    )
    .map((l) => l.trim());
  const heading = HEADING.exec(lines[0] ?? "");
  const dateLine = head.find((line) => line.startsWith("Date:"));
  const date = dateLine ? DATE.exec(dateLine)?.[1] : undefined;
  const status = head.map((line) => STATUS.exec(line)?.[1]).find(Boolean);
  const problems = [];
  if (!heading) problems.push("its first line is not `# NNN: Title`");
  else if (heading[1] !== number) problems.push(`its heading says ${heading[1]}, its file name ${number}`);
  if (!dateLine) problems.push("no `Date:` line");
  else if (!date || Number.isNaN(Date.parse(date))) problems.push(`a Date that is not YYYY-MM-DD: ${dateLine}`);
  if (!status) problems.push("no `Status:` line");
  else if (!KNOWN_STATUS.test(capitalised(status))) {
    problems.push(`a Status that is neither Accepted nor Superseded by NNN: ${status}`);
  }
  return {
    number,
    file,
    title: heading?.[2].trim() ?? "",
    date: date ?? "",
    status: status ? capitalised(status.trim()) : "",
    problems,
  };
}

/** Every record in the folder, by number. */
export function readRecords(dir = DECISIONS_DIR) {
  return readdirSync(dir)
    .filter((file) => RECORD_FILE.test(file))
    .sort()
    .map((file) => readRecord(file, readFileSync(path.join(dir, file), "utf8")));
}

/** A table cell: no pipe ends it, no `<` opens a tag. */
const cell = (text) => text.replace(/\|/g, "\\|").replace(/</g, "&lt;");

/** The index's rows: number (linking the file), title, status, date. */
export function indexRows(records) {
  return records.map((r) => [`[${r.number}](${r.file})`, cell(r.title), cell(r.status), r.date]);
}

/** The rows of the table between the README's markers, each as its four cells. */
export function readIndex(readme) {
  const start = readme.indexOf(INDEX_START);
  const end = readme.indexOf(INDEX_END);
  if (start === -1 || end < start) return [];
  return readme
    .slice(start + INDEX_START.length, end)
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .slice(2)
    .map((line) =>
      line
        .slice(1, line.trimEnd().endsWith("|") ? line.trimEnd().length - 1 : undefined)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim()),
    );
}

/** The README with its table made from the records, formatted as Prettier would. */
export async function indexedReadme(readme, records) {
  const start = readme.indexOf(INDEX_START);
  const end = readme.indexOf(INDEX_END);
  if (start === -1 || end < start) throw new Error(`${INDEX_FILE} has no ${INDEX_START} … ${INDEX_END}`);
  const table = [
    "| Number | Title | Status | Date |",
    "| --- | --- | --- | --- |",
    ...indexRows(records).map((row) => `| ${row.join(" | ")} |`),
  ].join("\n");
  const text = `${readme.slice(0, start + INDEX_START.length)}\n\n${table}\n\n${readme.slice(end)}`;
  return format(text, { ...(await resolveConfig(INDEX_FILE)), filepath: INDEX_FILE });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const records = readRecords();
  writeFileSync(INDEX_FILE, await indexedReadme(readFileSync(INDEX_FILE, "utf8"), records));
  const faulty = records.filter((r) => r.problems.length > 0);
  for (const r of faulty) console.error(`${r.file}: ${r.problems.join("; ")}`);
  console.log(`docs/decisions/README.md: ${records.length} records indexed, ${faulty.length} with problems`);
  process.exitCode = faulty.length > 0 ? 1 : 0;
}
