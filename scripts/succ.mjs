#!/usr/bin/env node
// `pnpm succ …` from the root of a clone: runs the built CLI, or says in one line to build it
// first (a fresh clone has no packages/cli/dist until `pnpm build`).
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const bin = fileURLToPath(new URL("../packages/cli/dist/bin.js", import.meta.url));
if (!existsSync(bin)) {
  process.stderr.write("succ: the CLI is not built yet: run `pnpm build` first (then `pnpm succ …`)\n");
  process.exit(1);
}
// pnpm runs a script from the root of the workspace; the folder `pnpm succ` was typed in is
// INIT_CWD, where relative paths (`pnpm succ compute dossier.json`) are meant to be read.
if (process.env.INIT_CWD && existsSync(process.env.INIT_CWD)) process.chdir(process.env.INIT_CWD);
// bin.js reads process.argv.slice(2): the arguments after this script, as when run directly.
await import(pathToFileURL(bin).href);
