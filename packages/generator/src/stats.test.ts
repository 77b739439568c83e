import { describe, expect, it } from "vitest";
import { defaultSet, taskSet } from "./__fixtures__/sets.js";
import { STILL_RIGHT_ROWS, taskSetStats } from "./stats.js";

describe("task set statistics", () => {
  it("count variants, beneficiaries, lines and lengths per level", () => {
    const s = taskSetStats(defaultSet());
    expect(s.tasks).toBe(400);
    expect(s.levels.map((l) => l.tasks)).toEqual([100, 100, 100, 100]);
    expect(s.levels[0]!.beneficiaries).toEqual({ min: 1, mean: 1, max: 1 });
    const lines = defaultSet().reduce((n, t) => n + Object.keys(t.answer.beneficiaires).length, 0);
    expect(s.linesWithoutTax.total).toBe(lines);
    expect(s.linesWithoutTax.count).toBeGreaterThan(0);
    expect(s.linesWithoutTax.count / lines).toBeLessThan(0.25);
    for (const l of s.levels) expect(l.promptLength.min).toBeLessThanOrEqual(l.promptLength.mean);
  });

  it("show that no level-3/4 task is right with its level's rules ignored", () => {
    const s = taskSetStats([...taskSet({ n: 60, level: 3, seed: 201 }), ...taskSet({ n: 60, level: 4, seed: 203 })]);
    const [l3, l4] = s.levels;
    expect(l3!.stillRight.noLevelRule).toBe(0);
    expect(l4!.stillRight.noLevelRule).toBe(0);
    expect(l4!.stillRight.usufruct669).toBe(0);
    expect(l4!.stillRight.recall).toBe(0);
    expect(l3!.stillRight.usufruct669).toBeUndefined();
    for (const row of STILL_RIGHT_ROWS) if (row.key !== "usufruct669") expect(l3!.stillRight[row.key]).toBeLessThanOrEqual(60);
  });
});
