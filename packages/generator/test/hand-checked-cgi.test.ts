/**
 * Four tasks of levels 5 and 6 (seed 0) checked by hand: a level-5 estate and gift, a level-6
 * estate and gift. The arithmetic is in the comments, from the facts of each file (asserted
 * first, so that a change of the generator shows here as a change of the file, not of the law).
 * Scales of 2017-2026: direct line 5 % to 8,072 €, 10 % to 12,109 €, 15 % to 15,932 €, 20 % to
 * 552,324 € (so scale(x) = 1,380.75 + 20 % × (x − 15,932) in that band); siblings 35 % to
 * 24,430 €, 45 % above; unrelated 60 %; nephews and nieces 55 %.
 */
import { describe, expect, it } from "vitest";
import { generateTask } from "../src/index.js";

describe("level 5, estate: succession-5-104 (seed 0)", () => {
  const t = generateTask(0, 104, 5);
  const d = t.info.dossier;

  it("is the file of two sisters and brothers, flat furniture, a contract with premiums after 70", () => {
    expect(d.date).toBe("2026-09-18");
    expect(d.person.birthDate).toBe("1954-02-16"); // 72 on the day of death
    expect(d.beneficiaries.map((b) => [b.id, b.relationship, b.maritalStatus, b.livedWithDeceased5Years])).toEqual([
      ["B1", "sibling", "married", false],
      ["B2", "sibling", "single", false],
    ]);
    expect(d.assets!.map((a) => a.value)).toEqual([10_800, 52_843.05]);
    expect(d.debts!.map((a) => a.value)).toEqual([14_340.7]);
    expect(d.furniture).toEqual({ valuation: "flat" });
    expect(d.funeralCosts).toBe(794.09);
    expect(d.lifeInsurance!.map((c) => [c.capitalBefore70, c.premiumsAfter70, c.capitalAfter70, c.beneficiaries.map((x) => `${x.beneficiary} ${x.fraction}`).join(", ")])).toEqual([
      [26_042, 0, 0, "B2 1"],
      [0, 213_700, 271_399.08, "B2 1/2, B1 1/2"],
    ]);
    expect(d.residue).toEqual([{ beneficiary: "B1", share: "1/2" }, { beneficiary: "B2", share: "1/2" }]);
    expect(d.priorGifts).toEqual([]);
  });

  it("owes what the articles give, computed by hand", () => {
    // Listed assets 10,800 + 52,843.05 = 63,643.05; furniture with neither inventory nor sale at
    // 5 % of them: 3,182.1525; gross 66,825.2025 (not a small estate: above 50,000).
    // Art. 775: the flat 1,500 € whatever the invoice (794.09 €). Net 66,825.2025 − 14,340.70 −
    // 1,500 = 50,984.5025; half each: 25,492.25125.
    // Art. 757 B: base min(213,700, 271,399.08) = 213,700, half each 106,850; the 30,500 € shared
    // by taxable premiums: 15,250 each; excess 91,600 each, taxed with the estate.
    // Neither sibling meets art. 796-0 ter (B1 married, B2 never lived with the deceased):
    // 25,492.25125 + 91,600 − 15,932 = 101,160.25125 → 101,160 €. Tax 35 % × 24,430 = 8,550.50 +
    // 45 % × 76,730 = 34,528.50: 43,079.00 → 43,079 €.
    // Art. 990 I: 26,042 € to B2, within the 152,500 € allowance: a levy of 0, reported.
    expect(t.answer).toEqual({
      beneficiaires: {
        B1: { part_taxable: 101_160, droits: 43_079 },
        B2: { part_taxable: 101_160, droits: 43_079, prelevement_990I: 0 },
      },
      total_droits: 86_158,
    });
    expect(t.prompt).toContain("montant forfaitaire de 1 500 €");
    expect(t.prompt).toContain("à concurrence de la fraction des primes qui excède 30 500 €");
  });
});

describe("level 5, gift: succession-5-51 (seed 0)", () => {
  const t = generateTask(0, 51, 5);
  const d = t.info.dossier;

  it("is a house in bare ownership and cash for a new home, to a daughter who had a gift in 2012", () => {
    expect(d.date).toBe("2026-11-03");
    expect(d.person.birthDate).toBe("1938-07-16"); // 88 on the day of the deed
    expect(d.beneficiaries.map((b) => [b.id, b.relationship, b.disabled])).toEqual([["B1", "child", false]]);
    expect(d.gifts!.map((g) => [g.value, g.cash, g.reservedUsufruct, g.housing790ABis ?? false])).toEqual([
      [383_000, false, true, false],
      [41_500, true, false, true],
    ]);
    expect(d.priorGifts).toEqual([{ beneficiary: "B1", date: "2012-03-02", value: 139_000, cash790G: false, allowanceUsed: 139_000 }]);
  });

  it("owes what the articles give, computed by hand", () => {
    // Art. 669: a usufructuary of 88 (81 to 90): bare ownership 80 %; 383,000 × 80 % = 306,400.
    // Art. 790 A bis: the 41,500 € for a new home, to a child, within 100,000 €: exempt.
    // Art. 784: the gift of 2012-03-02 is recalled (after 2011-11-03); its deed used 139,000 € of
    // the child allowance of its day (159,325 €), more than today's 100,000 €: nothing is left,
    // and its taxed part is 0, so the bands start at 0.
    // Taxable 306,400 €: 403.60 + 403.70 + 573.45 + 20 % × 290,468 = 58,093.60; 59,474.35 →
    // 59,474 €. (Today's allowance for the 2012 gift would give T = 39,000 and 61,280 €.)
    expect(t.answer).toEqual({ beneficiaires: { B1: { part_taxable: 306_400, droits: 59_474 } }, total_droits: 59_474 });
  });
});

describe("level 6, estate: succession-6-86 (seed 0)", () => {
  const t = generateTask(0, 86, 6);
  const d = t.info.dossier;

  it("is the file of a deceased without descendants: a brother bound by a PACS who lived with her, another brother, a disabled friend", () => {
    expect(d.date).toBe("2021-03-25");
    expect(d.person.hasDescendants).toBe(false);
    expect(d.beneficiaries.map((b) => [b.id, b.relationship, b.birthDate, b.disabled, b.maritalStatus, b.livedWithDeceased5Years])).toEqual([
      ["B1", "sibling", "1959-12-22", false, "pacs", true],
      ["B2", "sibling", "1968-09-03", false, "divorced", false],
      ["B3", "unrelated", "1949-12-04", true, "single", undefined],
    ]);
    expect(d.assets!.map((a) => a.value)).toEqual([42_000, 263_796.95]);
    expect(d.debts!.map((a) => a.value)).toEqual([70_222.37]);
    expect(d.furniture).toBeUndefined();
    expect(d.funeralCosts).toBe(1_122.81);
    expect(d.bequests).toEqual([{ beneficiary: "B3", amount: 168_000 }]);
    expect(d.lifeInsurance!.map((c) => [c.capitalBefore70, c.premiumsAfter70, c.beneficiaries])).toEqual([[233_251.89, 0, [{ beneficiary: "B3", fraction: "1" }]]]);
    expect(t.prompt).toContain("| B1 | Léon Coudrayne | frère | 22/12/1959 | lié par un PACS ; domicilié avec la défunte depuis le ");
  });

  it("owes what the law of 2021 gives, computed by hand", () => {
    // Net estate: 42,000 + 263,796.95 − 70,222.37 − 1,500 (art. 775, flat, though the invoice is
    // 1,122.81 €) = 234,074.58; less the bequest of 168,000: residue 66,074.58, half each
    // 33,037.29.
    // B1 is bound by a PACS, not single: no art. 796-0 ter though he lived with her. B1 and B2:
    // 33,037.29 − 15,932 = 17,105.29 → 17,105 €; 35 % = 5,986.75 → 5,987 € each.
    // B3, disabled, has no allowance of his own: 159,325 € (art. 779 II) and, "à défaut d'autre
    // abattement", not the 1,594 € of art. 788 IV: 168,000 − 159,325 = 8,675 €; 60 % = 5,205 €.
    // Art. 990 I (deaths from 2014-07-01): (233,251.89 − 152,500) × 20 % = 16,150.378 → 16,150 €.
    expect(t.answer).toEqual({
      beneficiaires: {
        B1: { part_taxable: 17_105, droits: 5_987 },
        B2: { part_taxable: 17_105, droits: 5_987 },
        B3: { part_taxable: 8_675, droits: 5_205, prelevement_990I: 16_150 },
      },
      total_droits: 17_179,
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
