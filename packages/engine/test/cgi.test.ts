/**
 * The `cgi` rules, case by case, computed by hand (the arithmetic is in the comments). Every
 * dossier states its date; the law is that of the date. The direct-line scale in force from
 * 2017 to 2026: 5 % to 8,072; 10 % to 12,109; 15 % to 15,932; 20 % to 552,324; … so that
 * scale(x) = 1,380.75 + 20 % × (x − 15,932) for x between 15,932 and 552,324
 * (1,380.75 = 8,072 × 5 % + 4,037 × 10 % + 3,823 × 15 % = 403.60 + 403.70 + 573.45).
 */
import { describe, expect, it } from "vitest";
import { answerOf, compute, explain, readDossier, type Answer, type Rule } from "../src/index.js";
import { errorOf, estateOf } from "./helpers.js";

type Json = Record<string, any>;

/** An estate: `assets` in one asset, the whole residue to the child C, and the extra beneficiaries given. */
function estate(date: string, assets: number, o: { law?: "seed" | "cgi"; funeralCosts?: number; more?: Json[]; bequests?: Json[]; priorGifts?: Json[]; childDisabled?: boolean } = {}): Json {
  return {
    kind: "estate",
    law: o.law ?? "cgi",
    date,
    person: { name: "Défunte", birthDate: "1940-03-10", sex: "F" },
    beneficiaries: [{ id: "C", name: "Enfant", relationship: "child", birthDate: "1968-04-02", disabled: o.childDisabled ?? false }, ...(o.more ?? [])],
    assets: [{ label: "Biens", value: assets }],
    funeralCosts: o.funeralCosts ?? 0,
    bequests: o.bequests ?? [],
    residue: [{ beneficiary: "C", share: "1" }],
    priorGifts: o.priorGifts ?? [],
  };
}

const line = (a: Answer, id: string) => [a.beneficiaires[id]!.part_taxable, a.beneficiaires[id]!.droits];
const seed = (d: Json): Json => {
  const { law: _law, ...rest } = d;
  const out: Json = { ...rest, priorGifts: (d.priorGifts ?? []).map(({ allowanceUsed: _a, disabilityAllowanceUsed: _v, registered: _r, ...g }: Json) => g) };
  return out;
};

describe("art. 775: a flat deduction of 1,500 €, or the gross assets when lower (deaths of 2026)", () => {
  it("an invoice of 900 €: 1,500 € deducted under cgi, 900 € under seed", () => {
    const d = estate("2026-05-14", 200_000, { funeralCosts: 900 });
    // cgi: net 200,000 − 1,500 = 198,500; taxable 98,500; tax 1,380.75 + 20 % × 82,568 = 17,894.35.
    expect(line(answerOf(d), "C")).toEqual([98_500, 17_894]);
    // seed: net 200,000 − 900 = 199,100; taxable 99,100; tax 1,380.75 + 20 % × 83,168 = 18,014.35.
    expect(line(answerOf(seed(d)), "C")).toEqual([99_100, 18_014]);
    // The common mistake (the flat amount taken as a cap on the invoice) is the seed's result.
    expect(line(answerOf(d, { ignore: ["funeralFlat"] }), "C")).toEqual([99_100, 18_014]);
  });
  it("gross assets of 1,200 €: the whole 1,200 € deducted (net estate 0)", () => {
    const r = compute(readDossier(estate("2026-05-14", 1_200, { funeralCosts: 4_000 })));
    const e = estateOf(r);
    expect(e.funeralMethod).toBe("grossAssets");
    expect(e.funeralDeducted.valueOf()).toBe(1_200);
    expect(e.netEstate.valueOf()).toBe(0);
    expect(explain(r)).toMatch(/déduction limitée à l'actif brut, inférieur à 1 500 € \(art\. 775\)/);
  });
});

describe("art. 788 IV: the 1,594 € only for a beneficiary without another allowance (death of 2026-05-14)", () => {
  const friend = { id: "A", name: "Ami", relationship: "unrelated", birthDate: "1960-02-02", disabled: true };
  const d = estate("2026-05-14", 400_000, { funeralCosts: 1_500, more: [friend], bequests: [{ beneficiary: "A", amount: 200_000 }] });
  it("a disabled unrelated legatee gets 159,325 €, not 160,919 €", () => {
    // cgi: taxable 200,000 − 159,325 = 40,675; 60 % = 24,405.
    expect(line(answerOf(d), "A")).toEqual([40_675, 24_405]);
    // seed: 200,000 − 159,325 − 1,594 = 39,081; 60 % = 23,448.60 → 23,449.
    expect(line(answerOf(seed(d)), "A")).toEqual([39_081, 23_449]);
    expect(line(answerOf(d, { ignore: ["defaultAllowanceAlone"] }), "A")).toEqual([39_081, 23_449]);
  });
});

describe("art. 796-0 and 800 I: small estates (deaths of 2026)", () => {
  const friend = { id: "A", name: "Amie", relationship: "unrelated", birthDate: "1955-07-07" };
  // A child who received 100,000 € on 2020-06-01 (recalled: its allowance is used up).
  const gift = (registered: boolean) => ({ beneficiary: "C", date: "2020-06-01", value: 100_000, registered });
  const d = (registered: boolean) => estate("2026-05-14", 45_000, { funeralCosts: 2_000, more: [friend], bequests: [{ beneficiary: "A", amount: 10_000 }], priorGifts: [gift(registered)] });
  it("45,000 € with a child and a friend: the child owes nothing, the friend does", () => {
    const a = answerOf(d(true));
    expect(line(a, "C")).toEqual([0, 0]);
    // The friend: 10,000 − 1,594 = 8,406 at 60 % = 5,043.60 → 5,044.
    expect(line(a, "A")).toEqual([8_406, 5_044]);
    const r = compute(readDossier(d(true)));
    expect(r.beneficiaries[0]!.exemption).toEqual({ reason: "smallEstate", article: "796-0" });
  });
  it("without the exemption, or with an unregistered prior gift, the child pays", () => {
    // Net 45,000 − 1,500 = 43,500; residue 33,500. The 2020 gift used the whole 100,000 €
    // (replayed: u = min(100,000, 100,000)), b = 0: taxable 33,500, T = 0; tax 1,380.75 +
    // 20 % × 17,568 = 4,894.35 → 4,894.
    expect(line(answerOf(d(true), { ignore: ["smallEstate"] }), "C")).toEqual([33_500, 4_894]);
    expect(line(answerOf(d(false)), "C")).toEqual([33_500, 4_894]);
    // Under seed (no small-estate exemption), the same 4,894.
    expect(line(answerOf(seed(d(true))), "C")).toEqual([33_500, 4_894]);
  });
  it("below 3,000 €, nobody owes anything", () => {
    const small = estate("2026-05-14", 2_800, { more: [friend], bequests: [{ beneficiary: "A", amount: 1_000 }] });
    const r = compute(readDossier(small));
    expect(estateOf(r).smallEstate).toBe("everyone");
    expect(r.answer.total_droits).toBe(0);
    expect(r.beneficiaries.map((b) => b.exemption?.reason)).toEqual(["smallEstate", "smallEstate"]);
  });
});

describe("art. 784 under cgi: the allowances the prior gifts really used", () => {
  it("the example of the rules: 200,000 € given on 2012-03-01 using 159,325 €, death on 2026-02-10 leaving 150,000 €", () => {
    const d = estate("2026-02-10", 151_500, { priorGifts: [{ beneficiary: "C", date: "2012-03-01", value: 200_000, allowanceUsed: 159_325 }] });
    // Remaining allowance max(0, 100,000 − 159,325) = 0; taxable 150,000; T = 200,000 − 159,325
    // = 40,675; tax = scale(190,675) − scale(40,675) = 36,329.35 − 6,329.35 = 30,000.
    expect(line(answerOf(d), "C")).toEqual([150_000, 30_000]);
    const rc = compute(readDossier(d)).beneficiaries[0]!.recall;
    expect(rc.method).toBe("cgi");
    expect(rc.T.valueOf()).toBe(40_675);
    expect(rc.recalled[0]!.stated).toBe(true);
  });
  it("a gift of 120,000 € in 2012-03 recalled in 2026: T = 0 under cgi, 20,000 under seed", () => {
    const d = estate("2026-02-10", 151_500, { funeralCosts: 3_000, priorGifts: [{ beneficiary: "C", date: "2012-03-01", value: 120_000, allowanceUsed: 120_000 }] });
    // cgi: remaining max(0, 100,000 − 120,000) = 0; T = 0; tax = scale(150,000) = 1,380.75 +
    // 20 % × 134,068 = 28,194.35 → 28,194.
    expect(line(answerOf(d), "C")).toEqual([150_000, 28_194]);
    // seed: U = min(100,000, 120,000) = 100,000, T = 20,000; tax = scale(170,000) −
    // scale(20,000) = 32,194.35 − 2,194.35 = 30,000.
    expect(line(answerOf(seed(d)), "C")).toEqual([150_000, 30_000]);
    expect(line(answerOf(d, { ignore: ["allowancesUsed"] }), "C")).toEqual([150_000, 30_000]);
  });
  it("a replayed chain of three gifts (2013, 2019, 2024) to a grandchild, who inherits a bequest in 2026", () => {
    const g = { id: "G", name: "Petite-fille", relationship: "grandchild", birthDate: "1995-09-09", sex: "F" };
    const d = estate("2026-06-15", 400_000, {
      funeralCosts: 1_500,
      more: [g],
      bequests: [{ beneficiary: "G", amount: 50_000 }],
      priorGifts: [
        { beneficiary: "G", date: "2013-05-01", value: 20_000 },
        { beneficiary: "G", date: "2019-05-01", value: 30_000 },
        { beneficiary: "G", date: "2024-05-01", value: 10_000 },
      ],
    });
    // Replay, each gift under the law of its date (art. 790 B, 31,865 € for a grandchild donee):
    // 2013: u = 20,000, b = 0; 2019: 31,865 − 20,000 = 11,865 left, u = 11,865, b = 18,135;
    // 2024: nothing left, u = 0, b = 10,000. At the death the grandchild has no allowance of
    // art. 779, only the 1,594 € of art. 788 IV, which the recall never reduces: taxable 50,000 −
    // 1,594 = 48,406; T = 28,135; tax = scale(76,541) − scale(28,135) = 13,502.55 − 3,821.35 =
    // 9,681.20 → 9,681.
    expect(line(answerOf(d), "G")).toEqual([48_406, 9_681]);
    const rc = compute(readDossier(d)).beneficiaries[1]!.recall;
    expect(rc.recalled.map((x) => [x.allowanceUsed!.valueOf(), x.taxedBase!.valueOf(), x.stated])).toEqual([
      [20_000, 0, false],
      [11_865, 18_135, false],
      [0, 10_000, false],
    ]);
    // seed: S = 60,000, A = U = 1,594, T = 58,406, taxable 50,000: 20 % × 50,000 = 10,000.
    expect(line(answerOf(seed(d)), "G")).toEqual([50_000, 10_000]);
  });
  it("a gift of 2010 without allowanceUsed is refused, naming the field; with it, it is computed", () => {
    const d = estate("2024-03-03", 300_000, { priorGifts: [{ beneficiary: "C", date: "2010-06-01", value: 50_000 }] });
    const e = errorOf(() => compute(readDossier(d)));
    expect(e.issues).toEqual([{ path: "priorGifts[0].allowanceUsed", message: expect.stringMatching(/made before 2012-08-17 must state the allowance it used/) }]);
    d.priorGifts[0].allowanceUsed = 50_000;
    // Recalled (after 2009-03-03), u = 50,000, b = 0: 50,000 of the 100,000 € left; net
    // 300,000 − 1,500 = 298,500; taxable 248,500; tax 1,380.75 + 20 % × 232,568 = 47,894.35.
    expect(line(answerOf(d), "C")).toEqual([248_500, 47_894]);
  });
  it("the disability allowance is replayed after the personal one, for a disabled child", () => {
    const d = estate("2026-06-15", 501_500, {
      childDisabled: true,
      priorGifts: [
        { beneficiary: "C", date: "2014-01-10", value: 150_000 },
        { beneficiary: "C", date: "2020-01-10", value: 150_000 },
      ],
    });
    // 2014: u = 100,000, v = min(159,325, 50,000) = 50,000, b = 0. 2020: u = 0, v = 159,325 −
    // 50,000 = 109,325, b = 40,675. At the death: personal 0 left, disability 0 left; T = 40,675;
    // taxable 500,000; tax = scale(540,675) − scale(40,675) = 106,329.35 − 6,329.35 = 100,000.
    expect(line(answerOf(d), "C")).toEqual([500_000, 100_000]);
  });
});

describe("art. 790 G for a nephew or niece of a donor without descendants (gift of 2026-03-20)", () => {
  const gift = (hasDescendants: boolean, law: "seed" | "cgi" = "cgi"): Json => ({
    kind: "gift",
    law,
    date: "2026-03-20",
    person: { name: "Oncle", birthDate: "1956-01-15", ...(law === "cgi" ? { hasDescendants } : {}) },
    beneficiaries: [{ id: "N", name: "Nièce", relationship: "nephew", birthDate: "1996-05-05" }],
    gifts: [{ label: "Virement", value: 40_000, cash: true, to: [{ beneficiary: "N", fraction: "1" }] }],
  });
  it("exempt up to 31,865 € when the donor has no descendants", () => {
    // 40,000 − 31,865 − 7,967 = 168, at 55 % = 92.40 → 92.
    expect(line(answerOf(gift(false)), "N")).toEqual([168, 92]);
    expect(line(answerOf(gift(false), { ignore: ["nephew790G"] }), "N")).toEqual([32_033, 17_618]);
  });
  it("not when the donor has descendants, nor under seed", () => {
    // 40,000 − 7,967 = 32,033, at 55 % = 17,618.15 → 17,618.
    expect(line(answerOf(gift(true)), "N")).toEqual([32_033, 17_618]);
    expect(line(answerOf(gift(true, "seed")), "N")).toEqual([32_033, 17_618]);
  });
});

describe("the official examples of service-public.gouv.fr (F35794), deaths of 2026", () => {
  it("a child inheriting 150,000 € pays 8,194 €", () => {
    // 150,000 − 100,000 = 50,000: 1,380.75 + 20 % × 34,068 = 8,194.35 → 8,194.
    expect(line(answerOf(estate("2026-05-14", 151_500)), "C")).toEqual([50_000, 8_194]);
  });
  it("a disabled child inheriting 300,000 € pays 6,329 €", () => {
    // 300,000 − 100,000 − 159,325 = 40,675: 1,380.75 + 20 % × 24,743 = 6,329.35 → 6,329.
    expect(line(answerOf(estate("2026-05-14", 301_500, { childDisabled: true })), "C")).toEqual([40_675, 6_329]);
  });
});

describe("what the cgi rules refuse", () => {
  it("an act outside 2017-2026, naming the range", () => {
    for (const date of ["2016-12-31", "2027-01-01"]) {
      const e = errorOf(() => compute(readDossier(estate(date, 200_000))));
      expect(e.issues).toEqual([{ path: "date", message: `the "cgi" rules compute acts from 2017-01-01 to 2026-12-31, not ${date}` }]);
    }
    expect(answerOf(estate("2017-01-01", 151_500)).total_droits).toBe(8_194);
  });
  it("the own prior gifts of a representing grandchild", () => {
    const g = { id: "G", name: "Petit-fils", relationship: "grandchild", birthDate: "1995-09-09", represents: "Paul" };
    const d = estate("2026-06-15", 400_000, { more: [g], priorGifts: [{ beneficiary: "G", date: "2020-01-01", value: 10_000 }] });
    d.residue = [{ beneficiary: "C", share: "1/2" }, { beneficiary: "G", share: "1/2" }];
    const e = errorOf(() => compute(readDossier(d)));
    expect(e.issues[0]).toEqual({ path: "priorGifts[0].beneficiary", message: expect.stringMatching(/^G represents Paul: under "cgi"/) });
  });
  it("a disability allowance used by a beneficiary who is not disabled", () => {
    const d = estate("2026-06-15", 400_000, { priorGifts: [{ beneficiary: "C", date: "2020-01-01", value: 200_000, allowanceUsed: 100_000, disabilityAllowanceUsed: 50_000 }] });
    expect(errorOf(() => compute(readDossier(d))).issues).toEqual([{ path: "priorGifts[0].disabilityAllowanceUsed", message: "C is not disabled" }]);
  });
  it("allowances used above the gift's value", () => {
    const d = estate("2026-06-15", 400_000, { priorGifts: [{ beneficiary: "C", date: "2020-01-01", value: 50_000, allowanceUsed: 60_000 }] });
    expect(errorOf(() => readDossier(d)).issues[0]!.path).toBe("priorGifts[0].allowanceUsed");
  });
  it("a seed dossier that sets a field only the cgi rules read", () => {
    const d = estate("2026-06-15", 400_000, { law: "seed", priorGifts: [{ beneficiary: "C", date: "2020-01-01", value: 50_000, registered: false }] });
    expect(errorOf(() => readDossier(d)).issues).toEqual([{ path: "priorGifts[0].registered", message: 'only read under the "cgi" rules (add "law": "cgi")' }]);
    expect(errorOf(() => readDossier({ ...d, law: "CGI" })).issues[0]).toEqual({ path: "law", message: 'must be "seed" or "cgi", got "CGI"' });
  });
  it("a dossier without law is seed, unless the reader is told otherwise", () => {
    const d = seed(estate("2026-05-14", 200_000, { funeralCosts: 900 }));
    expect(readDossier(d).ruleSet).toBe("seed");
    expect(readDossier(d, { defaultRuleSet: "cgi" }).ruleSet).toBe("cgi");
    expect(line(answerOf(d, { defaultRuleSet: "cgi" }), "C")).toEqual([98_500, 17_894]);
  });
});

describe("the calculation sheet under cgi", () => {
  it("shows the flat funeral deduction, each recalled gift's allowance used and taxed base, and the articles", () => {
    const d = estate("2026-02-10", 151_500, { funeralCosts: 900, priorGifts: [{ beneficiary: "C", date: "2012-03-01", value: 200_000, allowanceUsed: 159_325 }] });
    const sheet = explain(compute(readDossier(d)));
    expect(sheet).toMatch(/^FEUILLE DE CALCUL — Succession de Défunte, décédée le 10\/02\/2026/);
    expect(sheet).toMatch(/Règles : Code général des impôts en vigueur le 10\/02\/2026/);
    expect(sheet).toMatch(/Frais funéraires : déduction forfaitaire \(art\. 775\), quelle que soit la facture \(900 €\) \.+ − 1 500 €/);
    expect(sheet).toMatch(/don du 01\/03\/2012 de 200 000 €, rappelé : abattement utilisé 159 325 €, base taxée 40 675 € \(selon l'acte\)/);
    expect(sheet).toMatch(/T = somme des bases taxées \(tranches inférieures utilisées\) \.+ 40 675 €/);
    expect(sheet).toMatch(/tranche de 15 932 € à 552 324 € à 20 %, de 40 675 € à 190 675 € : 150 000 € × 20 % \.+ 30 000 €/);
    expect(sheet).toMatch(/Articles du Code général des impôts appliqués : art\. 775, art\. 779 I, art\. 784, art\. 777 tableau I\./);
  });
});

describe("counterfactuals under cgi move the tax one way", () => {
  const d = estate("2026-05-14", 45_000, { funeralCosts: 900, bequests: [{ beneficiary: "C", amount: 1 }] });
  it.each<[Rule, "up" | "down"]>([
    ["smallEstate", "up"],
    ["funeralFlat", "up"],
    ["funeralCap", "down"],
  ])("ignoring %s moves the taxable share %s or leaves it", (rule, way) => {
    const base = answerOf(d).beneficiaires.C!.part_taxable;
    const cf = answerOf(d, { ignore: [rule] }).beneficiaires.C!.part_taxable;
    if (way === "up") expect(cf).toBeGreaterThanOrEqual(base);
    else expect(cf).toBeLessThanOrEqual(base);
  });
});
