import { describe, expect, it } from "vitest";
import { clusteredVariance, meanInterval, successInterval, wilson } from "../src/logic/stats.js";

describe("confidence intervals", () => {
  it("is Wilson's interval for 50 successes in 100: [0.4038, 0.5962]", () => {
    // centre (0.5 + z²/200) / (1 + z²/100) = 0.5; half (z / 1.0384) × √(0.0025 + z²/40000) = 0.0962
    const [lo, hi] = wilson(0.5, 100)!;
    expect(lo).toBeCloseTo(0.4038, 4);
    expect(hi).toBeCloseTo(0.5962, 4);
  });

  it("keeps Wilson's interval inside [0, 1] at 0 of 10: [0, 0.2775]", () => {
    // p = 0: centre z²/20 / (1 + z²/10) = 0.13875, half the same: upper 0.2775
    const [lo, hi] = wilson(0, 10)!;
    expect(lo).toBe(0);
    expect(hi).toBeCloseTo(0.2775, 4);
    expect(wilson(0.5, 0)).toBeNull();
  });

  it("counts a task's identical rollouts as one trial", () => {
    // Tasks {1, 1} and {0, 0}: p = 0.5, variance ((2 − 1)² + (0 − 1)²) / 4² = 0.125, so
    // p(1 − p) / 0.125 = 2 effective trials: the 2 tasks, not the 4 rollouts.
    const clusters = [
      { sum: 2, count: 2 },
      { sum: 0, count: 2 },
    ];
    expect(clusteredVariance(clusters, 0.5)).toBe(0.125);
    expect(successInterval(clusters)).toEqual(wilson(0.5, 2));
    // One rollout per task: the plain Wilson interval on the rollouts.
    expect(successInterval([1, 0, 1, 0].map((s) => ({ sum: s, count: 1 })))).toEqual(wilson(0.5, 4));
  });

  it("falls back to the number of tasks when every task is all success or all failure", () => {
    expect(successInterval([{ sum: 3, count: 3 }, { sum: 3, count: 3 }])).toEqual(wilson(1, 2));
  });

  it("gives the mean reward ± 1.96 s / √k over tasks", () => {
    // Rewards 0.2, 0.4, 0.6: mean 0.4, s = √((0.04 + 0 + 0.04) / 2) = 0.2, s / √3 = 0.11547,
    // 1.96 × 0.11547 = 0.22632: [0.17368, 0.62632].
    const [lo, hi] = meanInterval([0.2, 0.4, 0.6].map((x) => ({ sum: x, count: 1 })))!;
    expect(lo).toBeCloseTo(0.17368, 4);
    expect(hi).toBeCloseTo(0.62632, 4);
    expect(meanInterval([{ sum: 1, count: 1 }])).toBeNull();
    // Clipped to the rewards' range.
    expect(meanInterval([0, 1].map((x) => ({ sum: x, count: 1 })))).toEqual([0, 1]);
  });
});
