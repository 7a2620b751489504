// `npm run outbox`: the newest messages the CMS wrote into DATA_DIR/outbox/ (default ./data), when
// no SMTP_URL is set (decision 044): date, recipient, subject, and every link and 6-digit code in
// the plain-text part, newest first. Options: `-n N` (default 5) or `--all`.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { findCodes, findLinks, parseEml } from "./lib/eml.mjs";

function usage(message) {
  if (message) console.error(message);
  console.error("Usage: npm run outbox [-- -n N | --all]   (reads DATA_DIR/outbox, DATA_DIR default ./data)");
  process.exit(2);
}

let count = 5;
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === "--all" || arg === "-a") count = Infinity;
  else if (arg === "-n" || arg === "--number") {
    count = Number(args[++i]);
    if (!Number.isInteger(count) || count < 1) usage(`-n needs a whole number above 0`);
  } else if (/^-n\d+$/.test(arg)) count = Number(arg.slice(2));
  else if (arg === "-h" || arg === "--help") usage();
  else usage(`Unknown option ${arg}`);
}

const dir = path.join(process.env.DATA_DIR || "./data", "outbox");
const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".eml") && !f.startsWith(".")) : [];
if (files.length === 0) {
  console.log(`No messages in ${dir}.`);
  process.exit(0);
}
// The names start with the UTC time they were written: the newest sorts last.
const newest = files.sort().reverse().slice(0, count);
for (const file of newest) {
  const message = parseEml(readFileSync(path.join(dir, file), "utf8"));
  const date = message.date && !Number.isNaN(message.date.getTime()) ? message.date.toISOString() : "(no date)";
  console.log(`${date}  to ${message.to}`);
  console.log(`  Subject: ${message.subject}`);
  for (const link of findLinks(message.text)) console.log(`  Link:    ${link}`);
  for (const code of findCodes(message.text)) console.log(`  Code:    ${code}`);
  console.log(`  File:    ${path.join(dir, file)}`);
  console.log("");
}
console.log(`${newest.length} of ${files.length} message${files.length === 1 ? "" : "s"} in ${dir}, newest first.`);
