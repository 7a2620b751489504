/**
 * The demo accounts' credentials, made when the accounts are seeded: printed once to the start
 * log and written to `DATA_DIR/demo-credentials.txt` (0600), the only place they are kept (the
 * database holds only their hashes).
 */
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface DemoCredential {
  role: "admin" | "member";
  email: string;
  password: string;
}

export const CREDENTIALS_FILE = "demo-credentials.txt";

/** One line per account: `admin  admin@dovetail.example.com  <password>`. */
export function formatCredentials(credentials: DemoCredential[]): string {
  const width = Math.max(...credentials.map((c) => c.role.length));
  return credentials.map((c) => `${c.role.padEnd(width)}  ${c.email}  ${c.password}`).join("\n") + "\n";
}

/** Writes the credentials to `DATA_DIR/demo-credentials.txt`, owner-only; answers the file's path. */
export function writeCredentials(dataDir: string, credentials: DemoCredential[]): string {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, CREDENTIALS_FILE);
  writeFileSync(file, formatCredentials(credentials), { mode: 0o600 });
  chmodSync(file, 0o600); // an older file keeps its mode through writeFileSync
  return file;
}

/** Prints the credentials once (`log`, default console.log) and writes them to DATA_DIR. */
export function announceCredentials(
  dataDir: string,
  credentials: DemoCredential[],
  log: (line: string) => void = console.log,
) {
  const file = writeCredentials(dataDir, credentials);
  log(`[cms] seeded demo accounts (the passwords are shown once and kept in ${file}):`);
  for (const line of formatCredentials(credentials).trimEnd().split("\n")) log(`[cms]   ${line}`);
}
