import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanEnv } from "../src/env";
import { run } from "../src/exec";
import { tempDir } from "../src/paths";
import { applyWalkthrough, bump, pendingChangesets, readWalkthrough } from "../src/walkthrough";
import { cloneHead, installOffline, versions } from "../src/workspace";

// The walkthrough of docs/releases.md ("a change of law in @succ/rules"), run in a clone of HEAD
// outside the repo: the rules and their dependents bump, the scorer keeps its version.

let work: string;
let repo: string;
const env = cleanEnv();

beforeAll(async () => {
  work = tempDir("walkthrough");
  repo = join(work, "repo");
  cloneHead(repo);
  await installOffline(repo, env);
}, 600_000);

afterAll(() => {
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

describe("docs/releases.md walkthrough", () => {
  it("reads a one-line change and a minor changeset for @succ/rules from the page", () => {
    const walkthrough = readWalkthrough();
    expect(walkthrough.diffFile).toBe("packages/rules/src/index.ts");
    expect(walkthrough.changesetFile).toMatch(/^\.changeset\/[a-z0-9-]+\.md$/);
    expect(walkthrough.changeset).toMatch(/^---\n"@succ\/rules": minor\n---\n\n\S/);
  });

  it("bumps rules (minor), engine, generator and cli (patch), and leaves scoring alone", async () => {
    const git = (...args: string[]) => run("git", args, { cwd: repo, env });
    // Start as after a release: the pending changesets consumed and committed.
    if (pendingChangesets(repo).length > 0) {
      await run("pnpm", ["version-packages"], { cwd: repo, env, timeoutMs: 300_000 });
      await git("add", "-A");
      await git("commit", "-q", "-m", "Version packages");
    }
    expect(pendingChangesets(repo)).toEqual([]);
    const before = versions(repo);

    applyWalkthrough(repo);
    const status = await run("pnpm", ["changeset", "status"], { cwd: repo, env });
    expect(status.stdout + status.stderr).toContain("@succ/rules");
    await run("pnpm", ["version-packages"], { cwd: repo, env, timeoutMs: 300_000 });

    const after = versions(repo);
    expect(after).toEqual({
      ...before,
      "@succ/rules": bump(before["@succ/rules"]!, "minor"),
      "@succ/engine": bump(before["@succ/engine"]!, "patch"),
      "@succ/generator": bump(before["@succ/generator"]!, "patch"),
      "@succ/cli": bump(before["@succ/cli"]!, "patch"),
    });
    expect(after["@succ/scoring"]).toBe(before["@succ/scoring"]);
    if ("@succ-app/release-check" in before) expect(after["@succ-app/release-check"]).toBe(before["@succ-app/release-check"]);

    // The changeset is consumed into the changelogs; nothing else moved.
    expect(pendingChangesets(repo)).toEqual([]);
    const summary = readWalkthrough().changeset.split("---\n\n")[1]!.trim();
    expect(readFileSync(join(repo, "packages", "rules", "CHANGELOG.md"), "utf8")).toContain(summary);
    expect(readFileSync(join(repo, "packages", "engine", "CHANGELOG.md"), "utf8")).toContain(`@succ/rules@${after["@succ/rules"]}`);
    const changed = (await git("status", "--porcelain")).stdout
      .split("\n")
      .filter(Boolean)
      .map((line) => line.slice(3))
      .sort();
    const touched = (name: string) => [`packages/${name}/CHANGELOG.md`, `packages/${name}/package.json`];
    const expected = [...touched("cli"), ...touched("engine"), ...touched("generator"), ...touched("rules"), "packages/rules/src/index.ts"];
    expect(changed.filter((file) => !expected.includes(file))).toEqual([]);
    expect(changed.some((file) => file.startsWith("packages/scoring/"))).toBe(false);
    // The lockfile still matches (internal dependencies are links): CI's frozen install passes.
    await installOffline(repo, env);
  });
});
