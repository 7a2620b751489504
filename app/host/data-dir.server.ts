import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

/** The permission bits of group and others: none of them for anything under DATA_DIR. */
const GROUP_AND_OTHERS = 0o077;

export interface DataDirReport {
  /** Files and directories whose group or other permissions were removed. */
  tightened: number;
  /** Entries whose mode could not be changed (owned by another user, say), with the reason. */
  failed: string[];
}

/**
 * Makes DATA_DIR the owner's alone: creates it 0700 when missing, and takes group and other
 * permissions off it and everything under it (0666 files become 0600, 0755 directories 0700),
 * following no symbolic links. DATA_DIR holds the database (PGlite writes its files 0666 whatever
 * the umask), the generated session secret and the image cache: nobody else on the machine may
 * read them. Run at start, before the database opens; files made later are reachable only
 * through the 0700 directory.
 */
export function secureDataDir(dir: string): DataDirReport {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const report: DataDirReport = { tightened: 0, failed: [] };
  tighten(path.resolve(dir), report);
  return report;
}

function tighten(entry: string, report: DataDirReport) {
  let stat;
  try {
    stat = lstatSync(entry);
  } catch (error) {
    report.failed.push(`${entry}: ${(error as Error).message}`);
    return;
  }
  if (stat.isSymbolicLink()) return;
  const mode = stat.mode & 0o7777;
  if (mode & GROUP_AND_OTHERS) {
    try {
      chmodSync(entry, mode & ~GROUP_AND_OTHERS);
      report.tightened++;
    } catch (error) {
      report.failed.push(`${entry}: ${(error as Error).message}`);
    }
  }
  if (!stat.isDirectory()) return;
  let names: string[];
  try {
    names = readdirSync(entry);
  } catch (error) {
    report.failed.push(`${entry}: ${(error as Error).message}`);
    return;
  }
  for (const name of names) tighten(path.join(entry, name), report);
}
