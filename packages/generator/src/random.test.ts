import { describe, expect, it } from "vitest";
import { Rng, taskState } from "./random.js";

describe("per-task random source", () => {
  it("is the same for the same (seed, index)", () => {
    expect(taskState(0, 5)).toEqual(taskState(0, 5));
    const a = new Rng(3, 9);
    const b = new Rng(3, 9);
    expect(Array.from({ length: 20 }, () => a.int(0, 1_000_000))).toEqual(Array.from({ length: 20 }, () => b.int(0, 1_000_000)));
  });

  it("mixes seed and index through a hash, never seed + index", () => {
    // With seed + i, task i + 1 of seed s would be task i of seed s + 1.
    for (let i = 0; i < 50; i++) expect(taskState(1, i)).not.toEqual(taskState(0, i + 1));
    const states = new Set<string>();
    for (let s = 0; s < 30; s++) for (let i = 0; i < 30; i++) states.add(taskState(s, i).join(","));
    expect(states.size).toBe(900);
  });

  it("accepts any safe integer seed, and large indices", () => {
    expect(taskState(-1, 0)).not.toEqual(taskState(1, 0));
    expect(taskState(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)).toHaveLength(4);
  });

  it("draws within bounds", () => {
    const r = new Rng(0, 0);
    for (let i = 0; i < 2000; i++) {
      const x = r.int(-3, 7);
      expect(x).toBeGreaterThanOrEqual(-3);
      expect(x).toBeLessThanOrEqual(7);
      const y = r.spread(1_000, 900_000);
      expect(y).toBeGreaterThanOrEqual(1_000);
      expect(y).toBeLessThanOrEqual(900_000);
    }
    expect(r.sample([1, 2, 3, 4], 4).sort()).toEqual([1, 2, 3, 4]);
  });

  it("spreads values over orders of magnitude", () => {
    const r = new Rng(1, 2);
    const draws = Array.from({ length: 4000 }, () => r.spread(1_000, 1_024_000));
    expect(draws.filter((x) => x < 10_000).length).toBeGreaterThan(800);
    expect(draws.filter((x) => x > 100_000).length).toBeGreaterThan(800);
  });
});
