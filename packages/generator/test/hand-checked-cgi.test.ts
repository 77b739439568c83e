/**
 * Four tasks of levels 5 and 6 (seed 0) checked by hand: a level-5 estate and gift, a level-6
 * estate and gift (generator 0.3.0: contracts split at 13/10/1998, the matrimonial regime stated). The arithmetic is in the comments, from the facts of each file (asserted
 * first, so that a change of the generator shows here as a change of the file, not of the law).
 * Scales of 2017-2026: direct line 5 % to 8,072 €, 10 % to 12,109 €, 15 % to 15,932 €, 20 % to
 * 552,324 € (so scale(x) = 1,380.75 + 20 % × (x − 15,932) in that band); siblings 35 % to
 * 24,430 €, 45 % above; unrelated 60 %; nephews and nieces 55 %.
 */
import { describe, expect, it } from "vitest";
import { generateTask } from "../src/index.js";

describe("level 5, estate: succession-5-191 (seed 0)", () => {
  const t = generateTask(0, 191, 5);
  const d = t.info.dossier;

  it("is the file of two children, one disabled who lived with him, flat furniture, a contract of 1998 split at 13/10/1998", () => {
    expect(d.date).toBe("2026-07-04");
    expect(d.beneficiaries.map((b) => [b.id, b.relationship, b.disabled])).toEqual([["B1", "child", false], ["B2", "child", true]]);
    expect(d.assets!.map((a) => [a.value, a.mainResidence ?? false, a.occupiedBy ?? []])).toEqual([[732_000, true, ["B2"]], [237_000, false, []], [462_449.31, false, []]]);
    expect(d.debts!.map((a) => a.value)).toEqual([29_956.29, 3_714]);
    expect(d.furniture).toEqual({ valuation: "flat" });
    expect(d.lifeInsurance!.map((c) => [c.subscribedOn, c.capitalBefore1998, c.capitalBefore70, c.beneficiaries.map((x) => `${x.beneficiary} ${x.fraction}`).join(", ")])).toEqual([
      ["1998-01-09", 8_658.58, 622_931.24, "B1 1"],
      ["2000-11-07", undefined, 173_049.36, "B2 1"],
    ]);
    expect(d.residue).toEqual([{ beneficiary: "B1", share: "1/2" }, { beneficiary: "B2", share: "1/2" }]);
    expect(d.priorGifts).toEqual([]);
    expect(t.prompt).toContain("| Contrat « Sérénité » | Mutuelle vie du Val d'Ornelle | 09/01/1998 | B1 : totalité | 8 658,58 € | 622 931,24 € | néant | néant |");
  });

  it("owes what the articles give, computed by hand (death of 2026-07-04)", () => {
    // Listed 732,000 + 237,000 + 462,449.31 = 1,431,449.31; the residence, home of a disabled
    // child, reduced by 20 % × 732,000 = 146,400 (art. 764 bis): 1,285,049.31; furniture at the
    // minimum of 5 % of that (the decision stated): 64,252.4655; gross 1,349,301.7755. Net:
    // − 33,670.29 of debts − 1,500 (art. 775) = 1,314,131.4855; half each 657,065.74275.
    // B1: − 100,000 = 557,065.74275 → 557,066; 1,380.75 + 20 % × 536,392 = 108,659.15, + 30 % ×
    // 4,742 = 1,422.60: 110,081.75 → 110,082 €.
    // B2, disabled: − 100,000 − 159,325 = 397,740.74275 → 397,741; 1,380.75 + 20 % × 381,809 =
    // 77,742.55 → 77,743 €.
    // Art. 990 I: only the premiums from 13/10/1998: B1 (622,931.24 − 152,500) × 20 % =
    // 94,086.248 → 94,086 € (the 8,658.58 € of earlier premiums bear nothing: with them, 95,818 €);
    // B2 (173,049.36 − 152,500) × 20 % = 4,109.872 → 4,110 €.
    expect(t.answer).toEqual({
      beneficiaires: {
        B1: { part_taxable: 557_066, droits: 110_082, prelevement_990I: 94_086 },
        B2: { part_taxable: 397_741, droits: 77_743, prelevement_990I: 4_110 },
      },
      total_droits: 187_825,
    });
    expect(t.prompt).toContain("à compter du 13/10/1998, sont soumises");
    expect(t.prompt).toContain("Les sommes dues au titre des primes versées avant le 13/10/1998 ne supportent ni le prélèvement ni les droits de succession.");
  });
});

describe("level 5, gift: succession-5-4 (seed 0)", () => {
  const t = generateTask(0, 4, 5);
  const d = t.info.dossier;

  it("is a flat, cash for a new home and other cash, to a daughter who had a gift in 2012", () => {
    expect(d.date).toBe("2025-06-05");
    expect(d.person.birthDate).toBe("1963-07-27"); // 61 on the day of the deed
    expect(d.beneficiaries.map((b) => [b.id, b.relationship, b.birthDate, b.disabled])).toEqual([["B1", "child", "1991-10-19", false]]);
    expect(d.gifts!.map((g) => [g.value, g.cash, g.reservedUsufruct, g.housing790ABis ?? false])).toEqual([
      [72_000, true, false, true],
      [53_000, true, false, false],
      [659_000, false, false, false],
    ]);
    expect(d.priorGifts).toEqual([{ beneficiary: "B1", date: "2012-03-08", value: 160_000, cash790G: false, allowanceUsed: 159_325 }]);
  });

  it("owes what the articles give, computed by hand (gift of 2025-06-05)", () => {
    // 72,000 + 53,000 + 659,000 = 784,000 received. Art. 790 A bis: the 72,000 € for a new home,
    // to a child, within 100,000 €: exempt. Art. 790 G: the other cash, from a donor of 61 to a
    // donee of 33: min(53,000, 31,865) = 31,865 exempt.
    // Art. 784: the gift of 2012-03-08 is recalled; its deed used 159,325 €, more than today's
    // 100,000 €: nothing is left; its taxed part 160,000 − 159,325 = 675 starts the bands.
    // Taxable 784,000 − 72,000 − 31,865 = 680,135. From 675 to 680,810: 5 % × 7,397 = 369.85;
    // 10 % × 4,037 = 403.70; 15 % × 3,823 = 573.45; 20 % × 536,392 = 107,278.40; 30 % × 128,486
    // = 38,545.80; 147,171.20 → 147,171 €.
    expect(t.answer).toEqual({ beneficiaires: { B1: { part_taxable: 680_135, droits: 147_171 } }, total_droits: 147_171 });
  });
});

describe("level 6, estate: succession-6-136 (seed 0)", () => {
  const t = generateTask(0, 136, 6);
  const d = t.info.dossier;

  it("is the file of a married man (legal community), his wife at home and two children, a contract of 1993 split at 13/10/1998", () => {
    expect(d.date).toBe("2019-03-12");
    expect(d.beneficiaries.map((b) => [b.id, b.relationship, b.disabled])).toEqual([["B1", "spouse", false], ["B2", "child", false], ["B3", "child", false]]);
    expect(d.assets!.map((a) => [a.value, a.mainResidence ?? false, a.occupiedBy ?? []])).toEqual([[109_000, true, ["B1"]], [218_005.63, false, []]]);
    expect(d.furniture).toEqual({ valuation: "inventory", value: 9_810 });
    expect(d.debts!.map((a) => a.value)).toEqual([17_060.04]);
    expect(d.lifeInsurance!.map((c) => [c.subscribedOn, c.capitalBefore1998, c.capitalBefore70, c.premiumsAfter70, c.capitalAfter70, c.beneficiaries.map((x) => `${x.beneficiary} ${x.fraction}`).join(", ")])).toEqual([
      ["1993-09-25", 4_077.04, 21_446, 112_200, 112_200.92, "B2 1"],
      ["2001-01-14", undefined, 189_105.87, 0, 0, "B3 1"],
    ]);
    expect(d.residue).toEqual([{ beneficiary: "B1", share: "1/4" }, { beneficiary: "B2", share: "3/8" }, { beneficiary: "B3", share: "3/8" }]);
    expect(t.prompt).toContain("- Régime matrimonial : communauté légale réduite aux acquêts, à défaut de contrat de mariage. L'inventaire ci-dessous est établi après la liquidation de la communauté");
  });

  it("owes what the law of 2019 gives, computed by hand", () => {
    // 109,000 + 218,005.63 = 327,005.63; the residence, home of the spouse, reduced by 21,800:
    // 305,205.63; furniture by inventory 9,810: gross 315,015.63; − 17,060.04 − 1,500 (art. 775,
    // flat) = 296,455.59. The spouse's quarter is exempt; 3/8 each to B2 and B3: 111,170.84625.
    // Art. 757 B: min(112,200, 112,200.92) = 112,200 to B2 alone, less the whole 30,500: 81,700
    // added. B2: 111,170.84625 + 81,700 − 100,000 = 92,870.84625 → 92,871; 1,380.75 + 20 % ×
    // 76,939 = 16,768.55 → 16,769 €. B3: 11,170.84625 → 11,171; 403.60 + 10 % × 3,099 = 713.50
    // → 714 €.
    // Art. 990 I: B2's 21,446 € are within 152,500 €: 0 (the 4,077.04 € of premiums before
    // 13/10/1998 bear nothing); B3 (189,105.87 − 152,500) × 20 % = 7,321.174 → 7,321 €.
    expect(t.answer).toEqual({
      beneficiaires: {
        B1: { part_taxable: 0, droits: 0 },
        B2: { part_taxable: 92_871, droits: 16_769, prelevement_990I: 0 },
        B3: { part_taxable: 11_171, droits: 714, prelevement_990I: 7_321 },
      },
      total_droits: 17_483,
    });
    expect(t.prompt).not.toContain("152 500");
  });
});

describe("level 6, gift: succession-6-35 (seed 0)", () => {
  const t = generateTask(0, 35, 6);
  const d = t.info.dossier;

  it("is a shop given in halves to two children, one of whom had a gift in July 2012", () => {
    expect(d.date).toBe("2022-07-13");
    expect(d.beneficiaries.map((b) => [b.id, b.relationship, b.disabled])).toEqual([["B1", "child", false], ["B2", "child", false]]);
    expect(d.gifts!.map((g) => [g.value, g.cash, g.reservedUsufruct, g.to.map((x) => x.fraction)])).toEqual([[602_000, false, false, ["1/2", "1/2"]]]);
    expect(d.priorGifts).toEqual([{ beneficiary: "B1", date: "2012-07-21", value: 134_000, cash790G: false, allowanceUsed: 134_000 }]);
  });

  it("owes what the law of 2022 gives, computed by hand", () => {
    // 301,000 € each. B1's gift of 2012-07-21 (before 2012-08-17: child allowance 159,325 €) used
    // 134,000 € of it, its first gift: recalled in 2022, it leaves nothing of today's 100,000 €,
    // and its taxed part is 0. B1: 403.60 + 403.70 + 573.45 + 20 % × 285,068 = 57,013.60;
    // 58,394.35 → 58,394 €. B2: 301,000 − 100,000 = 201,000; 1,380.75 + 20 % × 185,068 =
    // 38,394.35 → 38,394 €.
    expect(t.answer).toEqual({
      beneficiaires: { B1: { part_taxable: 301_000, droits: 58_394 }, B2: { part_taxable: 201_000, droits: 38_394 } },
      total_droits: 96_788,
    });
    expect(t.prompt).toContain("Appliquez la législation fiscale française en vigueur à la date de la donation.");
  });
});
