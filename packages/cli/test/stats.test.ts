/** `succ stats`, end to end through the built CLI (run `pnpm build` first). */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const BIN = fileURLToPath(new URL("../dist/bin.js", import.meta.url));

function succ(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, "stats", ...args], { encoding: "utf8", timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface Json {
  n: number;
  seed: number;
  level: number;
  tasks: number;
  levels: { level: number; tasks: number; variants: Record<string, number>; beneficiaries: { mean: number }; linesWithoutTax: { count: number; total: number }; promptLength: { min: number; max: number }; stillRight: Record<string, number> }[];
  linesWithoutTax: { count: number; total: number };
  stillRightPercent: Record<string, Record<string, number>>;
}

describe("succ stats", () => {
  it("measures the set as JSON with --json", () => {
    const r = succ(["-n", "40", "--json"]);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout) as Json;
    expect(s).toMatchObject({ n: 40, seed: 0, level: 0, tasks: 40 });
    expect(s.levels.map((l) => l.level)).toEqual([1, 2, 3, 4]);
    expect(s.levels.map((l) => l.tasks)).toEqual([10, 10, 10, 10]);
    for (const l of s.levels) {
      expect(Object.values(l.variants).reduce((a, b) => a + b, 0)).toBe(l.tasks);
      expect(l.promptLength.min).toBeGreaterThan(2000);
    }
    // Every level-3/4 task makes a rule of its level change the answer.
    expect(s.stillRightPercent["3"]!.noLevelRule).toBe(0);
    expect(s.stillRightPercent["4"]!.noLevelRule).toBe(0);
    expect(s.stillRightPercent["4"]!.usufruct669).toBe(0);
    expect(s.stillRightPercent["3"]!.usufruct669).toBeUndefined();
    expect(s.linesWithoutTax.count).toBeLessThan(s.linesWithoutTax.total);
  });

  it("prints the tables by default", () => {
    const r = succ(["-n", "24", "--level", "4", "--seed", "2"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Task set: 24 tasks, seed 2, level 4/);
    for (const heading of ["Variants", "Beneficiaries per task", "Beneficiary lines owing no tax", "Prompt length", "Share of tasks still fully right when one rule is ignored"]) {
      expect(r.stdout).toContain(heading);
    }
    expect(r.stdout).toMatch(/split ownership \(art\. 669\) ignored\s+0 %/);
    expect(r.stdout).toMatch(/no level rule changes the answer\s+0 %/);
  });

  it("has no rule table for levels 1-2 alone", () => {
    const r = succ(["-n", "8", "--level", "2"]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain("still fully right");
  });

  it("measures levels 5 and 6: the share still right with each common mistake, and under the seed rules", () => {
    const r = succ(["-n", "40", "--level", "5", "--json"]);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout) as Json & { mistakesPercent: Record<string, Record<string, { featured: number | null; all: number } | number>> };
    const five = s.mistakesPercent["5"]!;
    expect(five.seedRules).toBe(0);
    expect(Object.keys(five)).toEqual(["funeralFlat", "defaultAllowanceAlone", "allowancesUsed", "allowance757BShared", "levyExemption990I", "furniture764", "mainResidence764bis", "siblingExemption", "seedRules"]);
    const table = succ(["-n", "20", "--level", "6"]).stdout;
    expect(table).toContain("Real law (levels 5-6): share of tasks still fully right with a common mistake");
    expect(table).toMatch(/simplified rules of levels 1-4\s+0 % all/);
    expect(table).not.toContain("Share of tasks still fully right when one rule is ignored");
  });

  it("refuses bad options with exit code 2, and has --help", () => {
    for (const args of [["--level", "8"], ["-n", "-1"], ["--seed", "abc"]]) {
      const r = succ(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toMatch(/^succ stats: /);
      expect(r.stdout).toBe("");
    }
    const h = succ(["--help"]);
    expect(h.code).toBe(0);
    expect(h.stdout).toMatch(/^Usage: succ stats/);
  });
});
