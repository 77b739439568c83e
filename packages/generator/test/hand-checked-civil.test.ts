/**
 * A level-7 task (seed 0, index 10) checked by hand: a death of 2019-07-05, the father alive, the
 * mother predeceased, a full sister and a half-sister on the mother's side; no spouse, no will.
 */
import { describe, expect, it } from "vitest";
import { generateTask } from "../src/index.js";

describe("succession-7-10 (seed 0), by hand", () => {
  const t = generateTask(0, 10, 7);
  const d = t.info.dossier as unknown as {
    date: string;
    assets: { value: number }[];
    debts: { value: number }[];
    funeralCosts: number;
    family: { father: { id?: string }; mother: { status?: string }; siblings: { id: string; blood: string }[] };
  };

  it("is the file described", () => {
    expect(t.variant).toBe("parents-siblings");
    expect(d.date).toBe("2019-07-05");
    expect(d.assets.map((a) => a.value)).toEqual([460400, 317300]);
    expect(d.debts.map((x) => x.value)).toEqual([184100, 3400]);
    expect(d.funeralCosts).toBe(1500);
    expect(d.family.father).toEqual({ id: "B1" });
    expect(d.family.mother).toEqual({ status: "predeceased" });
    expect(d.family.siblings).toEqual([
      { id: "B2", blood: "germain" },
      { id: "B3", blood: "uterin" },
    ]);
    // The prompt states the decision on the siblings' blood (a half-sister inherits), nothing else.
    expect(t.prompt).toContain("succèdent par tête sans distinction de lignes");
    expect(t.prompt).not.toContain("Les masses civiles");
  });

  it("has the devolution and the tax worked out by hand", () => {
    // N = 460,400 + 317,300 − 184,100 − 3,400 − 1,500 (flat funeral deduction, art. 775) = 588,700.
    expect(t.info.devolution!.netEstate).toBe("588700");
    // Art. 738: one parent with brothers and sisters: ¼ to him (147,175), ¾ to the sisters per head
    // whatever their blood (3/8 each: 220,762.50).
    expect(t.info.devolution!.shares.B1!.fullOwnership).toBe("147175");
    expect(t.info.devolution!.shares.B2!.fullOwnership).toBe("220762.5");
    expect(t.info.devolution!.shares.B3!.fullOwnership).toBe("220762.5");
    // B1, the father: 147,175 − 100,000 (art. 779 I) = 47,175; direct line: 8,072 × 5 % = 403.60,
    // 4,037 × 10 % = 403.70, 3,823 × 15 % = 573.45, (47,175 − 15,932) × 20 % = 6,248.60;
    // 7,629.35 → 7,629.
    // B2, B3: 220,762.50 − 15,932 (art. 779 IV) = 204,830.50 → 204,831; between siblings:
    // 24,430 × 35 % = 8,550.50, (204,831 − 24,430) × 45 % = 81,180.45; 89,730.95 → 89,731.
    expect(t.answer).toEqual({
      beneficiaires: {
        B1: { part_taxable: 47175, droits: 7629 },
        B2: { part_taxable: 204831, droits: 89731 },
        B3: { part_taxable: 204831, droits: 89731 },
      },
      total_droits: 187091,
    });
    // Ignoring the father's quarter would give the sisters ½ each (294,350): another answer.
    expect(t.info.difficulty.civilMistakes).toEqual(["parentsQuarterIgnored"]);
  });
});
