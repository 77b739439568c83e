import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { run } from "./exec";
import { repoRoot } from "./paths";

export interface WorkspacePackage {
  name: string;
  version: string;
  dir: string;
  private: boolean;
  dependencies: Record<string, string>;
}

function git(cwd: string, args: string[]): string {
  return execFileSync("git", args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
}

/** A clone of the repo's HEAD in `dest` (the real repo is never written to). */
export function cloneHead(dest: string): void {
  git(repoRoot, ["clone", "--quiet", repoRoot, dest]);
  git(dest, ["config", "user.name", "release-check"]);
  git(dest, ["config", "user.email", "release-check@localhost"]);
  // `changeset status` compares HEAD with the base branch (`main`); a clone made while another
  // branch is checked out has it only as origin/main.
  const hasRef = (ref: string) => {
    try {
      git(dest, ["show-ref", "--verify", "--quiet", ref]);
      return true;
    } catch {
      return false;
    }
  };
  if (!hasRef("refs/heads/main") && hasRef("refs/remotes/origin/main")) git(dest, ["branch", "--quiet", "main", "origin/main"]);
}

/**
 * A clone of HEAD plus the working tree's uncommitted changes (modified, deleted and untracked
 * files that are not ignored): what running in place would see, without writing to the repo
 * (no dist rebuilt under the feet of other test runs, no git tag added by `changeset publish`).
 */
export function snapshotWorkingTree(dest: string): void {
  cloneHead(dest);
  const changed = git(repoRoot, ["ls-files", "-z", "--modified", "--others", "--exclude-standard"]).split("\0").filter(Boolean);
  for (const file of changed) {
    const from = join(repoRoot, file);
    const to = join(dest, file);
    if (existsSync(from)) {
      mkdirSync(dirname(to), { recursive: true });
      copyFileSync(from, to);
    } else {
      rmSync(to, { force: true });
    }
  }
}

/**
 * Turbo's local cache of the repo's own builds (`.turbo/cache` at the root of the main working
 * tree: a git worktree shares its main tree's), if there is one. A copy of the repo built with
 * this cache, read only (`TURBO_CACHE=local:r`), replays the outputs of the builds whose inputs
 * it has unchanged (what `pnpm test` built a moment before) and builds the others; it never
 * writes to the repo.
 */
export function turboCacheOf(root: string): string | undefined {
  const common = git(root, ["rev-parse", "--path-format=absolute", "--git-common-dir"]).trim();
  const main = basename(common) === ".git" ? dirname(common) : root;
  const cache = join(main, ".turbo", "cache");
  return existsSync(cache) ? cache : undefined;
}

/** `pnpm install` from the local store only: the lockfile must be up to date, as in CI. */
export async function installOffline(dir: string, env: NodeJS.ProcessEnv): Promise<void> {
  await run("pnpm", ["install", "--offline", "--frozen-lockfile"], { cwd: dir, env, timeoutMs: 300_000 });
}

/** The workspace packages under packages/ and apps/ of a checkout, sorted by name. */
export function workspacePackages(root: string): WorkspacePackage[] {
  const found: WorkspacePackage[] = [];
  for (const group of ["packages", "apps"]) {
    const groupDir = join(root, group);
    if (!existsSync(groupDir)) continue;
    for (const entry of readdirSync(groupDir)) {
      const file = join(groupDir, entry, "package.json");
      if (!existsSync(file)) continue;
      const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
      found.push({
        name: String(manifest.name),
        version: String(manifest.version),
        dir: join(groupDir, entry),
        private: manifest.private === true,
        dependencies: (manifest.dependencies ?? {}) as Record<string, string>,
      });
    }
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

export function publicPackages(root: string): WorkspacePackage[] {
  return workspacePackages(root).filter((pkg) => !pkg.private);
}

export function versions(root: string): Record<string, string> {
  return Object.fromEntries(workspacePackages(root).map((pkg) => [pkg.name, pkg.version]));
}
