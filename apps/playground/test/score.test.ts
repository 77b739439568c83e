import { readDossier } from "@succ/engine";
import { generateTask } from "@succ/generator";
import { formatAnswer } from "@succ/scoring";
import { describe, expect, it } from "vitest";
import { replyAmounts, scoreView } from "../src/logic/score.js";

// Task 0 of seed 0: the estate of a widowed mother (death on 6 September 2026, law of 2026),
// her only child B1. By hand:
//   assets 391,000 + 128,100 + 61,067.08 + 95,516.27 = 675,683.35
//   debts 15,626.54 + 14,815.19 = 30,441.73; funeral costs 3,741.89 capped at 1,500 (art. 775)
//   net estate 675,683.35 − 30,441.73 − 1,500 = 643,741.62; less 100,000 (art. 779 I)
//   taxable share 543,741.62 → 543,742
//   tax (art. 777, direct line) 5 % × 8,072 + 10 % × 4,037 + 15 % × 3,823 + 20 % × (543,742 − 15,932)
//     = 403.60 + 403.70 + 573.45 + 105,562 = 106,942.75 → 106,943
// With the funeral cap ignored: net 641,499.73, taxable 541,499.73 → 541,500,
//   tax 403.60 + 403.70 + 573.45 + 20 % × 525,568 (= 105,113.60) = 106,494.35 → 106,494.
const task = generateTask(0, 0, 0);
const dossier = readDossier(task.info.dossier);
/** The gold answer with B1's amounts replaced (every other field as the gold has it). */
const reply = (part: number, droits: number) => {
  const answer = structuredClone(task.answer);
  answer.beneficiaires.B1 = { ...answer.beneficiaires.B1!, part_taxable: part, droits };
  answer.total_droits = droits;
  return `Calcul.\n${formatAnswer(answer)}`;
};

describe("scoring a reply, field by field", () => {
  it("is the task whose amounts were worked out by hand", () => {
    expect(task.id).toBe("succession-1-0");
    expect(Object.keys(task.answer.beneficiaires)).toEqual(["B1"]);
    expect(task.answer.beneficiaires.B1).toMatchObject({ part_taxable: 543742, droits: 106943 });
    expect(task.answer.total_droits).toBe(106943);
  });

  it("gives 1 to the gold answer, every field right", () => {
    const v = scoreView(formatAnswer(task.answer), task.answer, dossier);
    expect(v.result.score).toBe(1);
    expect(v.beneficiaries[0]!.fields.map((f) => [f.field, f.right])).toEqual(expect.arrayContaining([
      ["B1.part_taxable", true],
      ["B1.droits", true],
    ]));
    expect(v.totals.map((f) => [f.field, f.right])).toEqual(expect.arrayContaining([["total_droits", true]]));
    expect([...v.beneficiaries[0]!.fields, ...v.totals].every((f) => f.right === true)).toBe(true);
    expect(v.firstWrong).toBeNull();
    expect(v.counterfactual).toBeNull();
  });

  it("marks one wrong tax: 0.45 × 0.4 / (0.4 + 0.6) = 0.18, and no rule explains a slip of 1 €", () => {
    const v = scoreView(reply(543742, 106944), task.answer, dossier);
    expect(v.result.score).toBeCloseTo(0.18, 12);
    expect(v.result.reason).toBe("partial");
    const b1 = v.beneficiaries[0]!.fields;
    expect(b1.find((f) => f.key === "droits")).toMatchObject({ right: false, given: "106944", expected: 106943 });
    expect(b1.find((f) => f.key === "part_taxable")).toMatchObject({ right: true, given: "543742" });
    expect(v.firstWrong).toBe("B1.droits");
    expect(v.counterfactual).toBeNull();
  });

  it("names the funeral cap when the reply deducted the funeral costs in full", () => {
    const v = scoreView(reply(541500, 106494), task.answer, dossier);
    expect(v.result.score).toBe(0);
    expect(v.firstWrong).toBe("B1.part_taxable");
    expect(v.counterfactual).toMatchObject({ field: "B1.part_taxable", rules: ["funeralCap"], value: 541500 });
    // Every field of the reply is the counterfactual answer's.
    expect(v.counterfactual!.matched).toBe(v.counterfactual!.of);
  });

  it("marks nothing for a reply rejected before its amounts are read", () => {
    const v = scoreView("Les droits sont de 106 943 €.", task.answer, dossier);
    expect(v.result).toEqual({ score: 0, reason: "no_block", fields: {} });
    expect(v.beneficiaries[0]!.fields.every((f) => f.right === null && f.given === null)).toBe(true);
    expect(v.firstWrong).toBeNull();
  });

  it("never throws on a hostile reply", () => {
    for (const reply of ["<droits>", "<droits>{\"__proto__\": 1}</droits>", "<droits>[1e400]</droits>", "x".repeat(300_000)]) {
      expect(scoreView(reply, task.answer, dossier).result.score).toBe(0);
    }
  });

  it("reads the reply's amounts for display, strings included", () => {
    const amounts = replyAmounts('…<droits>{"beneficiaires": {"B1": {"part_taxable": "543 742 €", "droits": 106943.0}}, "total_droits": 106943}</droits>');
    expect([...amounts]).toEqual([
      ["B1.part_taxable", "543 742 €"],
      ["B1.droits", "106943"],
      ["total_droits", "106943"],
    ]);
    expect(replyAmounts("no block").size).toBe(0);
    expect(replyAmounts("<droits>{not json}</droits>").size).toBe(0);
  });
});
