import { mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const appDir = resolve(fileURLToPath(new URL("..", import.meta.url)));
export const repoRoot = resolve(appDir, "..", "..");

/** A new empty folder under the OS temp dir (outside the repo, so no workspace is found above it). */
export function tempDir(prefix: string): string {
  return realpathSync(mkdtempSync(join(tmpdir(), `succ-${prefix}-`)));
}
