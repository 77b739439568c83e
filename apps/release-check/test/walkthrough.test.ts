import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanEnv } from "../src/env";
import { run } from "../src/exec";
import { tempDir } from "../src/paths";
import { applyWalkthrough, bump, pendingChangesets, readWalkthrough } from "../src/walkthrough";
import { cloneHead, installOffline, versions } from "../src/workspace";

// The walkthrough of docs/releases.md ("a change of law in @succ/rules"), run in a clone of HEAD
// outside the repo: the rules and their dependents bump, the scorer keeps its version. The
// release test checks the other half: `changeset publish` skips a version the registry has.

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
  it("reads the new period, the verified-through day and a minor changeset for @succ/rules from the page", () => {
    const walkthrough = readWalkthrough();
    expect(walkthrough.diffs.map((diff) => diff.file)).toEqual(["packages/rules/src/estate.ts", "packages/rules/src/coverage.ts"]);
    expect(walkthrough.changesetFile).toMatch(/^\.changeset\/[a-z0-9-]+\.md$/);
    expect(walkthrough.changeset).toMatch(/^---\n"@succ\/rules": minor\n---\n\n\S/);
  });

  it("bumps rules (minor), engine, generator and cli (patch), and leaves scoring and server alone", async () => {
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
    // The server depends on the generator, whose next patch is within its range (^G): no bump.
    expect(after["@succ/server"]).toBe(before["@succ/server"]);
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
    const expected = [...touched("cli"), ...touched("engine"), ...touched("generator"), ...touched("rules"), "packages/rules/src/coverage.ts", "packages/rules/src/estate.ts"];
    expect(changed.filter((file) => !expected.includes(file))).toEqual([]);
    expect(changed.some((file) => file.startsWith("packages/scoring/"))).toBe(false);
    // The lockfile still matches (internal dependencies are links): CI's frozen install passes.
    await installOffline(repo, env);
  });

  it("changes no answer for a death of 2026, and the answer for a death of 2027", async () => {
    await run("pnpm", ["turbo", "run", "build", "--filter=@succ/engine..."], { cwd: repo, env, timeoutMs: 300_000 });
    // One child inherits 151,500 € of assets under the law of the date (cgi): the funeral costs
    // are the flat deduction of art. 775, 1,500 € in 2026, 1,600 € after the walkthrough's change
    // in 2027 (the seed rules keep their own amounts whatever the date, so the dossier says cgi;
    // the tables, verified through 2027-12-31 after the change, accept a death of 2027). 2026: taxable 151,500 − 1,500 − 100,000 = 50,000 €; tax 403.60 + 403.70
    // + 573.45 + 20 % × (50,000 − 15,932) = 8,194.35 → 8,194 €. 2027: taxable 49,900 €; tax
    // 1,380.75 + 20 % × 33,968 = 8,174.35 → 8,174 €.
    const script = `
      import { answerOf } from "./packages/engine/dist/index.js";
      const d = (date) => ({ kind: "estate", law: "cgi", date, person: { name: "Défunt", birthDate: "1940-01-10" },
        beneficiaries: [{ id: "E", name: "Enfant", relationship: "child", birthDate: "1970-01-10" }],
        assets: [{ label: "Maison", value: 151500 }], funeralCosts: 5000, residue: [{ beneficiary: "E", share: "1" }] });
      console.log(JSON.stringify([answerOf(d("2026-12-31")).beneficiaires.E, answerOf(d("2027-01-01")).beneficiaires.E]));`;
    const out = await run("node", ["--input-type=module", "-e", script], { cwd: repo, env });
    expect(JSON.parse(out.stdout)).toEqual([
      { part_taxable: 50_000, droits: 8_194 },
      { part_taxable: 49_900, droits: 8_174 },
    ]);
  }, 600_000);
});
