#!/usr/bin/env node
// Before `changeset publish`: make sure the registry that changesets asks "is this version
// already published?" is the registry that pnpm will publish to.
//
// With pnpm 12 they can differ. `changeset publish` runs `npm info` against
// `npm_config_registry` (the npm registry when unset) and then `pnpm publish` in each package;
// pnpm 12 ignores the `npm_config_registry` / `NPM_CONFIG_REGISTRY` variables and reads the
// registry from .npmrc files (or `--registry`). Exporting only the variable would check one
// registry and publish to another. So: set the registry in an .npmrc, and for any registry but
// the npm one also export npm_config_registry with the same URL.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const NPM_REGISTRY = "https://registry.npmjs.org/";
const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
const withSlash = (url) => (url.endsWith("/") ? url : `${url}/`);

const result = spawnSync("pnpm", ["config", "get", "registry"], { cwd: root, encoding: "utf8" });
if (result.status !== 0) {
  console.error(`release: cannot read pnpm's registry: ${result.stderr || result.stdout}`);
  process.exit(1);
}
const publishTo = withSlash(result.stdout.trim());
// What @changesets/cli 2.31 checks (getCorrectRegistry): the lower-case variable, else npm's.
const checkedAt = withSlash(process.env.npm_config_registry || NPM_REGISTRY);

if (publishTo !== checkedAt) {
  console.error(
    [
      `release: pnpm would publish to ${publishTo} but changesets would check ${checkedAt}.`,
      "Put the registry in an .npmrc (registry=URL, pnpm 12 reads it only from there) and",
      "export npm_config_registry=URL with the same URL. See docs/releases.md.",
    ].join("\n"),
  );
  process.exit(1);
}
console.error(`release: publishing to ${publishTo}`);
