// isSuccess: the one definition of "success" (every field right), for `succ score`, `succ eval`
// and the exported assertions.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatAnswer, isSuccess, scoreReply, SUCCESS_THRESHOLD, type ExpectedAnswer } from "../src/index";

/** Two beneficiaries, every field non-zero (weights 2 × (0.4 + 0.6) = 2.0). */
const TWO: ExpectedAnswer = {
  beneficiaires: { B1: { part_taxable: 100000, droits: 10000 }, B2: { part_taxable: 200000, droits: 30000 } },
  total_droits: 40000,
};

const reply = (b1: [number, number], b2: [number, number], total: number) =>
  `<droits>{"beneficiaires": {"B1": {"part_taxable": ${b1[0]}, "droits": ${b1[1]}}, ` +
  `"B2": {"part_taxable": ${b2[0]}, "droits": ${b2[1]}}}, "total_droits": ${total}}</droits>`;

describe("isSuccess", () => {
  it("sits above the 0.45 cap of partial credit and at or below 1", () => {
    expect(SUCCESS_THRESHOLD).toBeGreaterThan(0.45);
    expect(SUCCESS_THRESHOLD).toBeLessThanOrEqual(1);
    expect(isSuccess(1)).toBe(true);
    for (const score of [0, 0.09, 0.45, Number.NaN]) expect(isSuccess(score)).toBe(false);
  });

  it("is true for the right reply and false for the best partial one", () => {
    expect(isSuccess(scoreReply(reply([100000, 10000], [200000, 30000], 40000), TWO).score)).toBe(true);
    // Every component right, the total wrong: the highest partial credit, 0.45 × 2.0 / 2.0 = 0.45.
    const best = scoreReply(reply([100000, 10000], [200000, 30000], 40001), TWO);
    expect(best.score).toBe(0.45);
    expect(isSuccess(best.score)).toBe(false);
  });

  it("agrees with the reason ok on random replies", () => {
    const right = formatAnswer(TWO);
    fc.assert(
      fc.property(fc.nat(right.length - 1), fc.constantFrom("0", "1", "9", ".5", "", " "), (at, text) => {
        const mutated = right.slice(0, at) + text + right.slice(at + 1);
        const result = scoreReply(mutated, TWO);
        expect(isSuccess(result.score)).toBe(result.reason === "ok");
      }),
      { numRuns: 1_000 },
    );
  });
});
