import { describe, expect, it } from "vitest";
import { defaultSet, taskSet } from "./__fixtures__/sets.js";
import { fictionalLawLevels, FIRST_SIX, LEVEL_SPEC, LEVELS, mixLevel, parseTaskId, takesFictionalLaw, taskId, VARIANT_WEIGHTS, VARIANTS, type Level } from "./levels.js";
import { generateTask } from "./task.js";

describe("mix order and variants", () => {
  it("starts with levels 1, 4, 2, 3, 3, 4, 2, 1, then cycles 1, 4, 2, 3", () => {
    const set = defaultSet();
    expect(set.slice(0, 8).map((t) => t.level)).toEqual([1, 4, 2, 3, 3, 4, 2, 1]);
    for (let i = 8; i < set.length; i++) expect(set[i]!.level).toBe([1, 4, 2, 3][i % 4]);
    expect(mixLevel(401)).toBe(4);
  });

  it("pins the variants of the first six tasks (a -n 6 calibration run)", () => {
    const set = defaultSet();
    expect(set.slice(0, 6).map((t) => t.variant)).toEqual([...FIRST_SIX]);
    expect(set.slice(0, 6).map((t) => t.variant)).toEqual([
      "only-child-estate",
      "spouse-usufruct-estate",
      "spouse-children",
      "gift-790g",
      "estate-recall",
      "bare-ownership-gift",
    ]);
    expect(set[1]!.info.dossier.beneficiaries).toHaveLength(8);
    expect(set[2]!.info.dossier.bequests!.length).toBeGreaterThan(0);
    expect(set[4]!.info.dossier.beneficiaries.some((b) => b.represents)).toBe(true);
    expect(set[5]!.info.dossier.beneficiaries.length).toBeGreaterThanOrEqual(2);
  });

  it("has 100 tasks a level in the default 400, with ids succession-<level>-<i>", () => {
    const set = defaultSet();
    for (const level of [1, 2, 3, 4]) expect(set.filter((t) => t.level === level)).toHaveLength(100);
    set.forEach((t, i) => expect(t.id).toBe(`succession-${t.level}-${i}`));
  });

  it("uses only the variants of each level, all of them", () => {
    const set = defaultSet();
    for (const level of [1, 2, 3, 4] as Level[]) {
      const seen = new Set(set.filter((t) => t.level === level).map((t) => t.variant));
      expect([...seen].sort()).toEqual([...VARIANTS[level]].sort());
    }
  });

  it("draws the variants in the seed's proportions", () => {
    // Levels 1-2 even; level 3 gifts twice as often as estates; level 4, 2.5 times.
    expect(VARIANT_WEIGHTS[3]).toEqual([["gift-790g", 2], ["estate-recall", 1]]);
    expect(VARIANT_WEIGHTS[4]).toEqual([["bare-ownership-gift", 5], ["spouse-usufruct-estate", 2]]);
    const share = (level: Level, variant: string): number => {
      const set = taskSet({ n: 600, level, seed: 11 });
      return set.filter((t) => t.variant === variant).length / set.length;
    };
    expect(share(1, "gift-full-ownership")).toBeCloseTo(0.5, 1);
    expect(share(2, "spouse-children")).toBeCloseTo(1 / 3, 1);
    expect(share(3, "gift-790g")).toBeCloseTo(2 / 3, 1);
    expect(share(4, "bare-ownership-gift")).toBeCloseTo(5 / 7, 1);
  });

  it("gives a single level with --level, ids numbered in the set", () => {
    const set = taskSet({ n: 40, level: 4, seed: 3 });
    set.forEach((t, i) => {
      expect(t.level).toBe(4);
      expect(t.id).toBe(`succession-4-${i}`);
    });
  });

  it("has 1 to 9 beneficiaries", () => {
    for (const t of defaultSet()) {
      const n = t.info.dossier.beneficiaries.length;
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(9);
      if (t.level === 1) expect(n).toBe(1);
      if (t.level === 2) expect(n).toBeGreaterThanOrEqual(3);
      if (t.level === 2) expect(n).toBeLessThanOrEqual(7);
    }
  });
});

describe("the specification of the levels", () => {
  it("says once which levels take a fictional law: every level whose prompt states its law (not levels 6 and 7)", () => {
    expect(LEVELS.filter((l) => takesFictionalLaw(l))).toEqual([1, 2, 3, 4, 5]);
    expect(takesFictionalLaw(0)).toBe(true);
    expect(fictionalLawLevels()).toBe("1 to 5");
    for (const l of LEVELS) expect(LEVEL_SPEC[l].noFictionalLaw === null, `level ${l}`).toBe(LEVEL_SPEC[l].presentation !== "none");
  });

  it("gives each level's rule set, presentation and line: the seed's numbered rules at 1-4, the real law at 5-7, the devolution computed at 7", () => {
    expect(LEVELS.map((l) => LEVEL_SPEC[l].ruleSet)).toEqual(["seed", "seed", "seed", "seed", "cgi", "cgi", "cgi"]);
    expect(LEVELS.map((l) => LEVEL_SPEC[l].presentation)).toEqual(["steps", "steps", "steps", "steps", "articles", "none", "none"]);
    expect(LEVELS.filter((l) => LEVEL_SPEC[l].difficultyInLine)).toEqual([5, 6, 7]);
    expect(LEVELS.filter((l) => LEVEL_SPEC[l].civil)).toEqual([7]);
    // Computed mode: a level-7 dossier states the family and no residue.
    expect(generateTask(1, 7, 7).info.dossier).toHaveProperty("family");
    expect(generateTask(1, 7, 7).info.dossier).not.toHaveProperty("residue");
    for (const l of LEVELS) {
      expect(LEVEL_SPEC[l].level).toBe(l);
      expect(LEVEL_SPEC[l].variants.map(([v]) => v)).toEqual([...VARIANTS[l]]);
    }
    // The dossiers of a level are those of its rule set.
    for (const l of LEVELS) expect(generateTask(1, 7, l).info.dossier.law ?? "seed", `level ${l}`).toBe(LEVEL_SPEC[l].ruleSet);
  });

  it("parses the task ids it writes, and nothing else", () => {
    for (const l of LEVELS) for (const i of [0, 17, 9_007_199_254_740_991]) expect(parseTaskId(taskId(l, i))).toEqual({ level: l, index: i });
    expect(generateTask(0, 5).id).toBe(taskId(mixLevel(5), 5));
    for (const bad of ["succession-99-0", "succession-0-3", "succession-3-017", "succession-03-1", "succession-3-", "succession-3-1 ", "Succession-3-1", "succession-3-9007199254740992", "succession-3--1", "succession-3-1.5"]) {
      expect(parseTaskId(bad), bad).toBeNull();
    }
  });
});
