import { readDossier, RULES } from "@succ/engine";
import { generateTask } from "@succ/generator";
import { describe, expect, it } from "vitest";
import { ruleChoices, rulesThatChange, whatIf } from "../src/logic/whatif.js";

// Task 0 of seed 0 (death on 6 September 2026, law of 2026); amounts worked out by hand in
// score.test.ts: 543,742 and 106,943 under the law, 541,500 and 106,494 with the funeral costs
// deducted in full.
const dossier = readDossier(generateTask(0, 0, 0).info.dossier);

describe("what if a rule is switched off", () => {
  it("changes the taxable share, the tax and the total when the funeral cap is off", () => {
    const w = whatIf(dossier, ["funeralCap"]);
    expect(w.changes).toEqual([
      { field: "B1.part_taxable", before: 543742, after: 541500 },
      { field: "B1.droits", before: 106943, after: 106494 },
      { field: "total_droits", before: 106943, after: 106494 },
    ]);
    expect(w.sheet).toContain("Calcul contrefactuel, règles écartées : frais funéraires (art. 775) : la facture déduite en entier.");
  });

  it("changes nothing with no rule off, or a rule the dossier does not use", () => {
    expect(whatIf(dossier, []).changes).toEqual([]);
    // No prior gift, no spouse, no split ownership in this dossier.
    expect(whatIf(dossier, ["recall", "spouseExemption", "usufruct669"]).changes).toEqual([]);
  });

  it("finds the funeral cap among the rules that matter here, and not the recall", () => {
    const matter = rulesThatChange(dossier);
    expect(matter).toContain("funeralCap");
    expect(matter).not.toContain("recall");
  });

  it("offers every rule of the engine, each with a French label", () => {
    const choices = ruleChoices();
    expect(choices.map((c) => c.rule)).toEqual([...RULES]);
    expect(choices.find((c) => c.rule === "recall")!.label).toBe("rappel fiscal des donations antérieures (art. 784)");
  });
});
