/**
 * Every boundary of the rules the engine applies: band edges, rounding at 0.50, the 15-year recall, ages on the eve
 * of a birthday and on 29 February, the art. 669 steps, the funeral cap. Expected values are
 * literals worked out by hand in the comments.
 */
import Fraction from "fraction.js";
import { describe, expect, it } from "vitest";
import { lawOn } from "@succ/rules";
import { answerOf, compute, readDossier, roundEuro } from "../src/index.js";
import { scaleTax } from "../src/internal.js";

/** The scales in force on 2026-06-15, the date of the helpers' dossiers. */
const SCALES = lawOn("2026-06-15").scales;
import { oneGift, oneHeir } from "./helpers.js";
import { estateOf } from "./helpers.js";

/** The part_taxable and droits of the only beneficiary of a dossier. */
function only(d: unknown, ignore: Parameters<typeof answerOf>[1] = {}): [number, number] {
  const a = answerOf(d, ignore);
  const [x] = Object.values(a.beneficiaires);
  expect(a.total_droits).toBe(x!.droits);
  return [x!.part_taxable, x!.droits];
}

const frac = (s: string) => new Fraction(s).toFraction();

describe("band edges of the direct-line scale (art. 777 tableau I)", () => {
  // Cumulative tax at each edge (see hand.test.ts): 8,072 → 403.60; 12,109 → 807.30;
  // 15,932 → 1,380.75; 552,324 → 108,659.15; 902,838 → 213,813.35 (+ 350,514 × 0.30 = 105,154.20);
  // 1,805,677 → 574,948.95 (+ 902,839 × 0.40 = 361,135.60). One euro above an edge adds the next rate.
  const cases: [number, string, number][] = [
    [1, "0.05", 0],
    [8071, "403.55", 404], // 8,071 × 0.05
    [8072, "403.60", 404],
    [8073, "403.70", 404], // 403.60 + 1 × 0.10
    [12109, "807.30", 807],
    [12110, "807.45", 807], // 807.30 + 0.15
    [15932, "1380.75", 1381],
    [15933, "1380.95", 1381], // 1,380.75 + 0.20
    [552324, "108659.15", 108659],
    [552325, "108659.45", 108659], // + 0.30
    [902838, "213813.35", 213813],
    [902839, "213813.75", 213814], // + 0.40
    [1805677, "574948.95", 574949],
    [1805678, "574949.40", 574949], // + 0.45
    [2000000, "662394.30", 662394], // 574,948.95 + 0.45 × 194,323 = 87,445.35
  ];
  it.each(cases)("scale(%i) = %s exactly", (taxable, exact) => {
    expect(scaleTax(SCALES.directLine, new Fraction(taxable)).toFraction()).toBe(frac(exact));
  });
  it.each(cases)("a child's gift taxable at %i pays the rounded tax (%s → %i)", (taxable, _exact, rounded) => {
    // Gift of 100,000 (allowance) + taxable to a child: the taxable share is exactly `taxable`.
    expect(only(oneGift(100000 + taxable))).toEqual([taxable, rounded]);
  });
  it("scale(0) is 0", () => {
    expect(scaleTax(SCALES.directLine, new Fraction(0)).equals(0)).toBe(true);
    expect(only(oneGift(100000))).toEqual([0, 0]);
  });
});

describe("band edges of the other scales", () => {
  // Siblings (estate, allowance 15,932): 35 % to 24,430 → 8,550.50; then 45 %.
  it.each([
    [24429, 8550], // 24,429 × 0.35 = 8,550.15
    [24430, 8551], // 8,550.50: a tax of exactly x.50 rounds up
    [24431, 8551], // 8,550.50 + 0.45 = 8,550.95
    [100000, 42557], // 8,550.50 + 0.45 × (100,000 − 24,430 = 75,570) = 8,550.50 + 34,006.50
  ])("sibling taxable %i pays %i", (taxable, tax) => {
    expect(only(oneHeir(15932 + taxable, { relationship: "sibling" }))).toEqual([taxable, tax]);
  });

  // Spouse scale in a gift (art. 777 tableau II; allowance 80,724, art. 790 E):
  // 5 % to 8,072 → 403.60; 10 % to 15,932 (7,860 × 0.10 = 786) → 1,189.60;
  // 15 % to 31,865 (15,933 × 0.15 = 2,389.95) → 3,579.55; 20 % to 552,324 (520,459 × 0.20 = 104,091.80)
  // → 107,671.35; 30 % to 902,838 (+105,154.20) → 212,825.55; 40 % to 1,805,677 (+361,135.60) → 573,961.15.
  const spouse: [number, string, number][] = [
    [8072, "403.60", 404],
    [8073, "403.70", 404],
    [15932, "1189.60", 1190],
    [15933, "1189.75", 1190],
    [31865, "3579.55", 3580],
    [31866, "3579.75", 3580],
    [552324, "107671.35", 107671],
    [552325, "107671.65", 107672],
    [902838, "212825.55", 212826],
    [902839, "212825.95", 212826],
    [1805677, "573961.15", 573961],
    [1805678, "573961.60", 573962],
  ];
  it.each(spouse)("spouse scale(%i) = %s", (taxable, exact, rounded) => {
    expect(scaleTax(SCALES.spouse, new Fraction(taxable)).toFraction()).toBe(frac(exact));
    expect(only(oneGift(80724 + taxable, { relationship: "spouse" }))).toEqual([taxable, rounded]);
    expect(only(oneGift(80724 + taxable, { relationship: "pacs" }))).toEqual([taxable, rounded]);
  });

  it("nephews 55 %, unrelated 60 %, flat", () => {
    // Nephew estate: 7,967 + 10 → taxable 10, 5.50 → 6 (x.50 rounds up).
    expect(only(oneHeir(7977, { relationship: "nephew" }))).toEqual([10, 6]);
    // Nephew: taxable 1,000,000 → 550,000.
    expect(only(oneHeir(1007967, { relationship: "nephew" }))).toEqual([1000000, 550000]);
    // Unrelated estate: 1,594 + 1,001 → 600.60 → 601.
    expect(only(oneHeir(2595, { relationship: "unrelated" }))).toEqual([1001, 601]);
    // Unrelated gift: no allowance; 1,001 × 0.60 = 600.60 → 601.
    expect(only(oneGift(1001, { relationship: "unrelated" }))).toEqual([1001, 601]);
  });
});

describe("allowances by relationship and transfer (value = allowance + 1,000)", () => {
  // Tax on 1,000: direct line and spouse 5 % = 50; sibling 35 % = 350; nephew 55 % = 550; unrelated 60 % = 600.
  it.each([
    ["child", 100000, 50],
    ["grandchild", 1594, 50],
    ["greatgrandchild", 1594, 50],
    ["sibling", 15932, 350],
    ["nephew", 7967, 550],
    ["unrelated", 1594, 600],
  ])("estate: %s has an allowance of %i", (relationship, allowance, tax) => {
    expect(only(oneHeir(allowance + 1000, { relationship }))).toEqual([1000, tax]);
    // One euro less than the allowance: nothing taxable.
    expect(only(oneHeir(allowance - 1, { relationship }))).toEqual([0, 0]);
  });
  it.each([
    ["child", 100000, 50],
    ["grandchild", 31865, 50],
    ["greatgrandchild", 5310, 50],
    ["spouse", 80724, 50],
    ["pacs", 80724, 50],
    ["sibling", 15932, 350],
    ["nephew", 7967, 550],
    ["unrelated", 0, 600],
  ])("gift: %s has an allowance of %i", (relationship, allowance, tax) => {
    expect(only(oneGift(allowance + 1000, { relationship }))).toEqual([1000, tax]);
  });
  it.each(["spouse", "pacs"])("estate: the %s is exempt whatever the value", (relationship) => {
    expect(only(oneHeir(5000000, { relationship }))).toEqual([0, 0]);
  });
  it("disability adds 159,325 on top of the relationship's allowance, in estates and gifts", () => {
    // Child estate: 100,000 + 159,325 + 1,000 → taxable 1,000 → 50.
    expect(only(oneHeir(260325, { disabled: true }))).toEqual([1000, 50]);
    // Unrelated gift: 0 + 159,325 + 1,000 → 600.
    expect(only(oneGift(160325, { relationship: "unrelated", disabled: true }))).toEqual([1000, 600]);
    // Nephew estate: 7,967 + 159,325 − 1 → 0.
    expect(only(oneHeir(167291, { relationship: "nephew", disabled: true }))).toEqual([0, 0]);
  });
});

describe("rounding: two roundings only, half up", () => {
  it("a taxable share of x.50 rounds up, x.49 rounds down", () => {
    // 120,000.50 − 100,000 = 20,000.50 → 20,001; tax 1,380.75 + 0.20 × 4,069 = 2,194.55 → 2,195.
    expect(only(oneGift("120000.50"))).toEqual([20001, 2195]);
    // 120,000.49 → 20,000.49 → 20,000; tax 1,380.75 + 0.20 × 4,068 = 2,194.35 → 2,194.
    expect(only(oneGift(120000.49))).toEqual([20000, 2194]);
    // 120,000.51 → 20,001.
    expect(only(oneGift(120000.51))[0]).toBe(20001);
    // 100,000.50 → 0.50 → 1; tax 0.05 → 0.
    expect(only(oneGift("100000.5"))).toEqual([1, 0]);
  });
  it("a tax of x.50 rounds up, x.45 down", () => {
    // Child, taxable 10: 10 × 0.05 = 0.50 → 1; taxable 9: 0.45 → 0; taxable 11: 0.55 → 1.
    expect(only(oneGift(100010))).toEqual([10, 1]);
    expect(only(oneGift(100009))).toEqual([9, 0]);
    expect(only(oneGift(100011))).toEqual([11, 1]);
  });
  it("the taxable share is rounded in one go, not part by part", () => {
    // Two assets of 100,000.50, half of each to D: 50,000.25 + 50,000.25 = 100,000.50;
    // − 100,000 = 0.50 → 1 (rounding each half first would give 50,000 + 50,000 → 0).
    const d = oneGift(1);
    d.gifts = [
      { label: "A", value: "100000.50", cash: false, reservedUsufruct: false, to: [{ beneficiary: "D", fraction: "1/2" }] },
      { label: "B", value: "100000.50", cash: false, reservedUsufruct: false, to: [{ beneficiary: "D", fraction: "1/2" }] },
    ];
    expect(only(d)).toEqual([1, 0]);
  });
  it("the bands are summed unrounded", () => {
    // Taxable 12,110: 403.60 + 403.70 + 0.15 = 807.45 → 807 (rounding each band: 404 + 404 + 0 = 808).
    expect(only(oneGift(112110))).toEqual([12110, 807]);
  });
  it("the tax is computed on the rounded taxable share", () => {
    // 100,009.50 → taxable 9.50 → rounded 10 → tax 10 × 0.05 = 0.50 → 1
    // (on the unrounded 9.50 it would be 0.475 → 0).
    expect(only(oneGift("100009.50"))).toEqual([10, 1]);
  });
  it("roundEuro: half up, exactly", () => {
    expect(roundEuro(new Fraction("2.5"))).toBe(3);
    expect(roundEuro(new Fraction("2.49"))).toBe(2);
    expect(roundEuro(new Fraction(5, 2))).toBe(3);
    expect(roundEuro(new Fraction(4999999, 10000000))).toBe(0);
    expect(roundEuro(new Fraction(0))).toBe(0);
    expect(roundEuro(new Fraction("123456789012.50"))).toBe(123456789013);
  });
});

describe("15-year recall (art. 784), to the day", () => {
  // Gift of 100,000 to a child on 15/06/2026 after a prior gift of 100,000.
  // Recalled: S = 100,000 = A → remaining 0, T = 0: taxable 100,000 → 18,194 (official example).
  // Not recalled: taxable 0.
  const withPrior = (date: string, act = "2026-06-15", value = 100000) =>
    oneGift(100000, { date: act, priorGifts: [{ date, value }] });
  it("a gift made exactly 15 years before the act is not recalled", () => {
    expect(only(withPrior("2011-06-15"))).toEqual([0, 0]);
  });
  it("a gift made one day less than 15 years before is recalled", () => {
    expect(only(withPrior("2011-06-16"))).toEqual([100000, 18194]);
  });
  it("the day before the act is recalled", () => {
    expect(only(withPrior("2026-06-14"))).toEqual([100000, 18194]);
  });
  it("an act on 29 February: the anniversary 15 years before is 28 February", () => {
    // Act 29/02/2024; 15 years before: 28/02/2009 (no 29/02/2009) → not recalled; 01/03/2009 recalled.
    expect(only(withPrior("2009-02-28", "2024-02-29"))).toEqual([0, 0]);
    expect(only(withPrior("2009-03-01", "2024-02-29"))).toEqual([100000, 18194]);
  });
  it("a prior gift on 29 February", () => {
    // Act 28/02/2023 minus 15 years = 28/02/2008: the gift of 29/02/2008 is after it → recalled.
    expect(only(withPrior("2008-02-29", "2023-02-28"))).toEqual([100000, 18194]);
    // Act 01/03/2023 minus 15 years = 01/03/2008: 29/02/2008 is before → not recalled.
    expect(only(withPrior("2008-02-29", "2023-03-01"))).toEqual([0, 0]);
  });
  it("a recalled gift above the allowance uses the lower bands: tax = scale(T + x) − scale(T)", () => {
    // Prior 110,000 recalled: U = 100,000, T = 10,000. Gift 5,000 → taxable 5,000.
    // scale(15,000) − scale(10,000): 10,000 → 12,109 at 10 % = 210.90; 12,109 → 15,000 at 15 %
    // = 2,891 × 0.15 = 433.65; total 644.55 → 645 (scale(5,000) alone would be 250).
    const d = oneGift(5000, { priorGifts: [{ date: "2020-01-01", value: 110000 }] });
    expect(only(d)).toEqual([5000, 645]);
    expect(only(d, { ignore: ["lowerBands"] })).toEqual([5000, 250]);
    // Without the recall: 5,000 is below the allowance.
    expect(only(d, { ignore: ["recall"] })).toEqual([0, 0]);
  });
  it("recalled gifts add up, prior 790 G gifts are not recalled", () => {
    // 40,000 (2012-01-01) + 50,000 (2018-05-05) recalled: S = 90,000, remaining 10,000.
    // 790 G gift of 2020 (31,865) not recalled. Gift 60,000 → taxable 50,000 →
    // 1,380.75 + 0.20 × 34,068 = 8,194.35 → 8,194.
    const d = oneGift(60000, {
      priorGifts: [
        { date: "2012-01-01", value: 40000 },
        { date: "2018-05-05", value: 50000 },
        { date: "2020-02-02", value: 31865, cash790G: true },
      ],
    });
    expect(only(d)).toEqual([50000, 8194]);
    // With 790 G ignored entirely, the 31,865 is recalled too: S = 121,865, remaining 0,
    // T = 21,865; taxable 60,000; scale(81,865) − scale(21,865) = 0.20 × 60,000 = 12,000.
    expect(only(d, { ignore: ["gift790G"] })).toEqual([60000, 12000]);
  });
  it("recall in an estate too", () => {
    // Heir child receives 150,000; prior gift of 2015 (60,000) recalled: remaining 40,000;
    // taxable 110,000 → 1,380.75 + 0.20 × 94,068 = 20,194.35 → 20,194.
    expect(only(oneHeir(150000, { priorGifts: [{ date: "2015-04-10", value: 60000 }] }))).toEqual([110000, 20194]);
  });
});

describe("art. 790 G: ages on the eve of a birthday, 29 February, ceiling over 15 years", () => {
  // Cash gift of 131,865 to a child, deed 15/06/2026. Exempt: 131,865 − 31,865 − 100,000 = 0.
  // Not exempt: taxable 31,865 → 1,380.75 + 0.20 × 15,933 = 4,567.35 → 4,567.
  const cash = (o: Parameters<typeof oneGift>[1]) => oneGift(131865, { cash: true, ...o });
  it("donor of 79 (eve of the 80th birthday) → exempt; donor of 80 → not", () => {
    expect(only(cash({ donorBirth: "1946-06-16" }))).toEqual([0, 0]);
    expect(only(cash({ donorBirth: "1946-06-15" }))).toEqual([31865, 4567]);
    expect(only(cash({ donorBirth: "1930-01-01" }))).toEqual([31865, 4567]);
  });
  it("donee of 17 (eve of the 18th birthday) → not exempt; donee of 18 → exempt", () => {
    expect(only(cash({ doneeBirth: "2008-06-16" }))).toEqual([31865, 4567]);
    expect(only(cash({ doneeBirth: "2008-06-15" }))).toEqual([0, 0]);
  });
  it("a donee born on 29 February turns 18 on 1 March in a common year", () => {
    expect(only(cash({ doneeBirth: "2008-02-29", date: "2026-02-28" }))).toEqual([31865, 4567]);
    expect(only(cash({ doneeBirth: "2008-02-29", date: "2026-03-01" }))).toEqual([0, 0]);
  });
  it("a donor born on 29 February is 80 on 29 February of a leap year, 79 the day before", () => {
    expect(only(cash({ donorBirth: "1944-02-29", date: "2024-02-28" }))).toEqual([0, 0]);
    expect(only(cash({ donorBirth: "1944-02-29", date: "2024-02-29" }))).toEqual([31865, 4567]);
  });
  it("the age-conditions counterfactual applies 790 G anyway", () => {
    expect(only(cash({ donorBirth: "1946-06-15" }), { ignore: ["ageConditions790G"] })).toEqual([0, 0]);
    expect(only(cash({ doneeBirth: "2008-06-16" }), { ignore: ["ageConditions790G"] })).toEqual([0, 0]);
  });
  it("790 G only covers cash, and only children and their descendants", () => {
    // Same value, not cash: taxable 31,865.
    expect(only(oneGift(131865))).toEqual([31865, 4567]);
    // Nephew: cash 10,000, allowance 7,967: taxable 2,033 × 55 % = 1,118.15 → 1,118.
    expect(only(oneGift(10000, { cash: true, relationship: "nephew" }))).toEqual([2033, 1118]);
    // Grandchild: 31,865 + 31,865 + 1,000 → taxable 1,000 → 50.
    expect(only(oneGift(64730, { cash: true, relationship: "grandchild" }))).toEqual([1000, 50]);
    // Great-grandchild: 31,865 + 5,310 + 1,000 → 50.
    expect(only(oneGift(38175, { cash: true, relationship: "greatgrandchild" }))).toEqual([1000, 50]);
  });
  it("prior 790 G gifts use the ceiling for 15 years, to the day", () => {
    // Prior 790 G gift of 31,865 exactly 15 years before: the ceiling is whole again → exempt.
    expect(only(cash({ priorGifts: [{ date: "2011-06-15", value: 31865, cash790G: true }] }))).toEqual([0, 0]);
    // One day less than 15 years: the ceiling is used up → taxable 31,865.
    const used = cash({ priorGifts: [{ date: "2011-06-16", value: 31865, cash790G: true }] });
    expect(only(used)).toEqual([31865, 4567]);
    expect(compute(readDossier(used)).beneficiaries[0]!.exemption790G!.reason).toBe("ceilingUsed");
    // Partly used (20,000): exemption 11,865 → taxable 20,000 → 1,380.75 + 0.20 × 4,068 = 2,194.35 → 2,194.
    expect(only(cash({ priorGifts: [{ date: "2020-01-01", value: 20000, cash790G: true }] }))).toEqual([20000, 2194]);
  });
  it("the exemption is the cash received when it is below the ceiling", () => {
    // Cash 20,000 + house 100,000 in one deed, both to D: exemption 20,000, taxable 0.
    const d = oneGift(100000);
    d.gifts.push({ label: "Chèque", value: 20000, cash: true, reservedUsufruct: false, to: [{ beneficiary: "D", fraction: "1" }] });
    expect(only(d)).toEqual([0, 0]);
    // 790 G ignored: 20,000 taxable → 1,380.75 + 0.20 × 4,068 = 2,194.35 → 2,194.
    expect(only(d, { ignore: ["exemption790G"] })).toEqual([20000, 2194]);
  });
});

describe("art. 669: every step of the usufruct table", () => {
  // Gift of 100,000 in bare ownership to an unrelated donee (no allowance, 60 %): taxable =
  // 100,000 × bare-ownership % ; tax = 60 % of it. Bare ownership = 100 − usufruct:
  // ≤ 20: 10 %; 21–30: 20 %; 31–40: 30 %; 41–50: 40 %; 51–60: 50 %; 61–70: 60 %; 71–80: 70 %;
  // 81–90: 80 %; ≥ 91: 90 %.
  const steps: [number, number][] = [
    [18, 10], [20, 10], [21, 20], [30, 20], [31, 30], [40, 30], [41, 40], [50, 40], [51, 50],
    [60, 50], [61, 60], [70, 60], [71, 70], [80, 70], [81, 80], [90, 80], [91, 90], [105, 90],
  ];
  it.each(steps)("donor aged %i (on the birthday and on the eve of the next): bare ownership %i %%", (age, bare) => {
    const taxable = 1000 * bare;
    const tax = (taxable * 60) / 100;
    // Born on 15/06 of (2026 − age): the birthday is the deed's day → exactly `age`.
    const onBirthday = oneGift(100000, { relationship: "unrelated", reservedUsufruct: true, donorBirth: `${2026 - age}-06-15` });
    expect(only(onBirthday)).toEqual([taxable, tax]);
    // Born on 16/06 of (2025 − age): the deed is the eve of the birthday → still `age`.
    const eve = oneGift(100000, { relationship: "unrelated", reservedUsufruct: true, donorBirth: `${2025 - age}-06-16` });
    expect(only(eve)).toEqual([taxable, tax]);
    // Full ownership when art. 669 is ignored: taxable 100,000, tax 60,000.
    expect(only(eve, { ignore: ["usufruct669"] })).toEqual([100000, 60000]);
  });
  it("in an estate, by the spouse's age on the date of death (eve of 71: 70 years)", () => {
    const estate = (spouseBirth: string) => ({
      kind: "estate",
      date: "2026-06-15",
      person: { name: "Défunt", birthDate: "1950-01-01" },
      beneficiaries: [
        { id: "S", name: "Conjoint", relationship: "spouse", birthDate: spouseBirth },
        { id: "C", name: "Enfant", relationship: "child", birthDate: "1980-01-01" },
      ],
      assets: [{ label: "Biens", value: 300000 }],
      residue: [{ beneficiary: "C", share: "1" }],
      spouseUsufruct: "S",
    });
    // 70 years: bare 60 % → 180,000 − 100,000 = 80,000; 1,380.75 + 0.20 × 64,068 = 14,194.35 → 14,194.
    expect(answerOf(estate("1955-06-16")).beneficiaires).toEqual({ S: { part_taxable: 0, droits: 0 }, C: { part_taxable: 80000, droits: 14194 } });
    // 71 years: bare 70 % → 210,000 − 100,000 = 110,000; 1,380.75 + 0.20 × 94,068 = 20,194.35 → 20,194.
    expect(answerOf(estate("1955-06-15")).beneficiaires).toEqual({ S: { part_taxable: 0, droits: 0 }, C: { part_taxable: 110000, droits: 20194 } });
    // 20 years: bare 10 % → 30,000 < 100,000 → 0.
    expect(answerOf(estate("2006-06-15")).beneficiaires.C).toEqual({ part_taxable: 0, droits: 0 });
  });
});

describe("funeral costs: deducted up to 1,500 (art. 775)", () => {
  // Only child, assets 201,500.50. Net = 201,500.50 − min(funeral, 1,500); taxable = net − 100,000.
  it("below the cap: deducted in full", () => {
    // 1,499 → net 200,001.50 → taxable 100,001.50 → 100,002; 1,380.75 + 0.20 × 84,070 = 18,194.75 → 18,195.
    expect(only(oneHeir("201500.50", { funeralCosts: 1499 }))).toEqual([100002, 18195]);
    // 1,499.99 → net 200,000.51 → 100,000.51 → 100,001; 1,380.75 + 0.20 × 84,069 = 18,194.55 → 18,195.
    expect(only(oneHeir("201500.50", { funeralCosts: "1499.99" }))).toEqual([100001, 18195]);
  });
  it("at and above the cap: 1,500", () => {
    // Net 200,000.50 → 100,000.50 → 100,001 → 18,195.
    expect(only(oneHeir("201500.50", { funeralCosts: 1500 }))).toEqual([100001, 18195]);
    expect(only(oneHeir("201500.50", { funeralCosts: "1500.01" }))).toEqual([100001, 18195]);
    expect(only(oneHeir("201500.50", { funeralCosts: 9000 }))).toEqual([100001, 18195]);
    const r = compute(readDossier(oneHeir("201500.50", { funeralCosts: "1500.01" })));
    expect(estateOf(r).funeralDeducted.toFraction()).toBe("1500");
    expect(estateOf(r).netEstate.toFraction()).toBe(frac("200000.50"));
  });
  it("without the cap (counterfactual) the whole cost is deducted", () => {
    // 2,000 → net 199,500.50 → 99,500.50 → 99,501; 1,380.75 + 0.20 × 83,569 = 18,094.55 → 18,095.
    expect(only(oneHeir("201500.50", { funeralCosts: 2000 }), { ignore: ["funeralCap"] })).toEqual([99501, 18095]);
  });
  it("no funeral costs at all", () => {
    // 200,000 → taxable 100,000 → 18,194.
    const d: Record<string, unknown> = oneHeir(200000);
    delete d.funeralCosts;
    expect(only(d)).toEqual([100000, 18194]);
  });
});

describe("representation (art. 779 I) and counterfactuals on an estate", () => {
  const estate = {
    kind: "estate",
    date: "2026-06-15",
    person: { name: "Défunt", birthDate: "1940-01-01" },
    beneficiaries: [
      { id: "G1", name: "Petit-enfant 1", relationship: "grandchild", birthDate: "2000-01-01", represents: "Fils" },
      { id: "G2", name: "Petit-enfant 2", relationship: "grandchild", birthDate: "2002-01-01", represents: "Fils" },
      { id: "G3", name: "Petit-enfant 3", relationship: "grandchild", birthDate: "2004-01-01" },
    ],
    assets: [{ label: "Biens", value: 300000 }],
    residue: [
      { beneficiary: "G1", share: "1/3" },
      { beneficiary: "G2", share: "1/3" },
      { beneficiary: "G3", share: "1/3" },
    ],
  };
  it("the representatives share the child's 100,000; a grandchild in his own right has 1,594", () => {
    // Each receives 100,000. G1, G2: allowance 50,000 → 50,000 → 1,380.75 + 0.20 × 34,068 = 8,194.35 → 8,194.
    // G3: allowance 1,594 → 98,406 → 1,380.75 + 0.20 × 82,474 = 17,875.55 → 17,876.
    expect(answerOf(estate)).toEqual({
      beneficiaires: { G1: { part_taxable: 50000, droits: 8194 }, G2: { part_taxable: 50000, droits: 8194 }, G3: { part_taxable: 98406, droits: 17876 } },
      total_droits: 34264,
    });
    // Representation ignored: all three at 98,406 → 17,876 each, total 53,628.
    expect(answerOf(estate, { ignore: ["representation"] }).total_droits).toBe(53628);
  });
});

describe("the spouse counterfactual", () => {
  it("a taxed spouse in an estate gets the spouse's gift allowance and scale", () => {
    // 100,000 − 80,724 = 19,276; spouse scale: 403.60 + 786 + 0.15 × (19,276 − 15,932 = 3,344) = 501.60
    // → 1,691.20 → 1,691.
    expect(only(oneHeir(100000, { relationship: "spouse" }), { ignore: ["spouseExemption"] })).toEqual([19276, 1691]);
  });
});

describe("dates that do not exist", () => {
  it.each(["2026-02-29", "2025-02-29", "1900-02-29", "2026-02-30", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00", "2026-1-10", "26-01-10"])(
    "%s is refused",
    (date) => {
      expect(() => readDossier(oneGift(1000, { date }))).toThrow(/^date: not a date/);
    },
  );
  it.each(["2024-02-29", "2000-02-29", "2026-12-31"])("%s is accepted", (date) => {
    expect(() => readDossier(oneGift(1000, { date, donorBirth: "1950-01-01", doneeBirth: "1980-01-01" }))).not.toThrow();
  });
});
