/**
 * The rule families of the real law under `cgi` (life insurance, furniture, main residence,
 * siblings, housing gifts), case by case, computed by hand: the arithmetic is in the comments.
 * Every dossier is dated 2025 or 2026 (deaths from 2014-07-01 for art. 990 I). Direct-line scale
 * of 2017-2026: scale(x) = 1,380.75 + 20 % × (x − 15,932) for x between 15,932 and 552,324.
 * Siblings: 35 % up to 24,430, 45 % above. Nephews: 55 %.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { answerOf, compute, explain, readDossier, type Answer } from "../src/index.js";
import { errorOf, estateOf } from "./helpers.js";

type Json = Record<string, any>;

const C = { id: "C", name: "Claire Roche", relationship: "child", birthDate: "1975-04-02", sex: "F" };
const S = { id: "S", name: "Paul Roche", relationship: "spouse", birthDate: "1948-01-20", sex: "M" };
const N = { id: "N", name: "Léa Valat", relationship: "nephew", birthDate: "1990-09-09", sex: "F" };

function estate(o: { date?: string; beneficiaries?: Json[]; assets?: Json[]; residue?: Json[]; lifeInsurance?: Json[]; furniture?: Json; priorGifts?: Json[] }): Json {
  return {
    kind: "estate",
    law: "cgi",
    date: o.date ?? "2026-05-14",
    person: { name: "Jeanne Roche", birthDate: "1946-03-10", sex: "F" },
    beneficiaries: o.beneficiaries ?? [C],
    assets: o.assets ?? [{ label: "Comptes", value: 101_500 }],
    residue: o.residue ?? [{ beneficiary: "C", share: "1" }],
    ...(o.furniture ? { furniture: o.furniture } : {}),
    ...(o.lifeInsurance ? { lifeInsurance: o.lifeInsurance } : {}),
    priorGifts: o.priorGifts ?? [],
  };
}

const contract = (beneficiaries: [string, string][], amounts: { capitalBefore70?: number; premiumsAfter70?: number; capitalAfter70?: number }, label = "Contrat Avenir") => ({
  label,
  subscribedOn: "2001-02-01",
  beneficiaries: beneficiaries.map(([beneficiary, fraction]) => ({ beneficiary, fraction })),
  ...amounts,
});

const line = (a: Answer, id: string) => a.beneficiaires[id]!;

describe("art. 990 I: the levy on sums due for premiums paid before 70 (death of 2026-05-14)", () => {
  // The child inherits 100,000 € (101,500 € − the flat 1,500 €): no inheritance tax.
  const levy = (capital: number) => line(answerOf(estate({ lifeInsurance: [contract([["C", "1"]], { capitalBefore70: capital })] })), "C");
  it("152,500 €: within the allowance, a levy of 0 reported", () => {
    expect(levy(152_500)).toEqual({ part_taxable: 0, droits: 0, prelevement_990I: 0 });
  });
  it("852,500 €: 20 % × 700,000 = 140,000 €", () => {
    expect(levy(852_500).prelevement_990I).toBe(140_000);
  });
  it("1,000,000 €: 140,000 + 31.25 % × 147,500 = 186,093.75 → 186,094 €", () => {
    expect(levy(1_000_000).prelevement_990I).toBe(186_094);
  });
  it("the official example: 1,200,000 € to one child, 20 % × 700,000 + 31.25 % × 347,500 = 248,594 €", () => {
    expect(levy(1_200_000)).toEqual({ part_taxable: 0, droits: 0, prelevement_990I: 248_594 });
    // Not in the total of the duties.
    expect(answerOf(estate({ lifeInsurance: [contract([["C", "1"]], { capitalBefore70: 1_200_000 })] })).total_droits).toBe(0);
  });
  it("the spouse owes no levy, but reports it (0); applied to the spouse, it would be 20 % × 47,500 = 9,500 €", () => {
    const d = estate({ beneficiaries: [C, S], residue: [{ beneficiary: "C", share: "1" }], lifeInsurance: [contract([["S", "1"]], { capitalBefore70: 200_000 })] });
    expect(line(answerOf(d), "S")).toEqual({ part_taxable: 0, droits: 0, prelevement_990I: 0 });
    expect(line(answerOf(d, { ignore: ["levyExemption990I"] }), "S").prelevement_990I).toBe(9_500);
    expect(line(answerOf(d), "C").prelevement_990I).toBeUndefined();
  });
});

describe("art. 757 B: premiums paid after 70 (death of 2026-05-14)", () => {
  it("two beneficiaries, one the spouse: the child takes the whole 30,500 € allowance", () => {
    // Net 200,000 €: half to the spouse, half to the child. Contract: 100,000 € of premiums, half
    // each. The spouse is exempt and takes no share of the allowance: the child's 50,000 € less
    // 30,500 € = 19,500 € are added to its 100,000 €: taxable 19,500 €; tax 1,380.75 + 20 % ×
    // 3,568 = 2,094.35 → 2,094 €.
    const d = estate({
      beneficiaries: [C, S],
      assets: [{ label: "Comptes", value: 201_500 }],
      residue: [{ beneficiary: "C", share: "1/2" }, { beneficiary: "S", share: "1/2" }],
      lifeInsurance: [contract([["S", "1/2"], ["C", "1/2"]], { premiumsAfter70: 100_000 })],
    });
    const a = answerOf(d);
    expect(line(a, "C")).toEqual({ part_taxable: 19_500, droits: 2_094 });
    expect(line(a, "S")).toEqual({ part_taxable: 0, droits: 0 });
  });
  it("the allowance shared among the non-exempt in proportion to their premiums", () => {
    // Contracts: 100,000 € half spouse half child; 60,000 € to a niece. Taxable premiums: child
    // 50,000, niece 60,000, P = 110,000. Child: 30,500 × 5/11 = 152,500/11, excess 397,500/11 =
    // 36,136.36… → taxable 36,136; tax 1,380.75 + 20 % × 20,204 = 5,421.55 → 5,422. Niece:
    // excess 60,000 − 183,000/11 = 477,000/11, less 7,967 = 389,363/11 = 35,396.63… → 35,397;
    // 55 % = 19,468.35 → 19,468.
    const d = estate({
      beneficiaries: [C, S, N],
      assets: [{ label: "Comptes", value: 201_500 }],
      residue: [{ beneficiary: "C", share: "1/2" }, { beneficiary: "S", share: "1/2" }],
      lifeInsurance: [contract([["S", "1/2"], ["C", "1/2"]], { premiumsAfter70: 100_000 }), contract([["N", "1"]], { premiumsAfter70: 60_000 }, "Contrat Horizon")],
    });
    expect(line(answerOf(d), "C")).toEqual({ part_taxable: 36_136, droits: 5_422 });
    expect(line(answerOf(d), "N")).toEqual({ part_taxable: 35_397, droits: 19_468 });
    // The common mistake, 30,500 € each: child 19,500 → 2,094; niece 29,500 − 7,967 = 21,533 at
    // 55 % = 11,843.15 → 11,843.
    const m = answerOf(d, { ignore: ["allowance757BShared"] });
    expect([line(m, "C"), line(m, "N")]).toEqual([{ part_taxable: 19_500, droits: 2_094 }, { part_taxable: 21_533, droits: 11_843 }]);
  });
  it("a contract whose sums due are below the premiums: the base is the sums due", () => {
    // Premiums 80,000 €, sums due 60,000 €: 60,000 − 30,500 = 29,500 € added to the 100,000 €
    // inherited; tax 1,380.75 + 20 % × 13,568 = 4,094.35 → 4,094 €. On the premiums it would be
    // 49,500 €, tax 8,094 €.
    const d = estate({ lifeInsurance: [contract([["C", "1"]], { premiumsAfter70: 80_000, capitalAfter70: 60_000 })] });
    expect(line(answerOf(d), "C")).toEqual({ part_taxable: 29_500, droits: 4_094 });
    const noLimit = estate({ lifeInsurance: [contract([["C", "1"]], { premiumsAfter70: 80_000 })] });
    expect(line(answerOf(noLimit), "C")).toEqual({ part_taxable: 49_500, droits: 8_094 });
  });
});

describe("art. 764 I 3°: furniture (death of 2026-05-14)", () => {
  const house = [{ label: "Maison à Albi", value: 200_000 }];
  it("flat: 5 % of the other assets", () => {
    // 200,000 + 10,000 = 210,000; net 208,500; taxable 108,500; tax 1,380.75 + 20 % × 92,568 = 19,894.35.
    const d = estate({ assets: house, furniture: { valuation: "flat" } });
    expect(line(answerOf(d), "C")).toEqual({ part_taxable: 108_500, droits: 19_894 });
    // The 5 % forgotten: net 198,500, taxable 98,500, tax 17,894.
    expect(line(answerOf(d, { ignore: ["furniture764"] }), "C")).toEqual({ part_taxable: 98_500, droits: 17_894 });
    expect(explain(compute(readDossier(d)))).toMatch(/Meubles meublants, forfait de 5 % des autres biens \(art\. 764 I 3°\) \.+ 10 000 €/);
  });
  it("by inventory: its value, 3,000 €", () => {
    // 203,000; net 201,500; taxable 101,500; tax 1,380.75 + 20 % × 85,568 = 18,494.35.
    expect(line(answerOf(estate({ assets: house, furniture: { valuation: "inventory", value: 3_000 } })), "C")).toEqual({ part_taxable: 101_500, droits: 18_494 });
  });
});

describe("art. 764 bis: the main residence (death of 2026-05-14)", () => {
  const assets = (occupiedBy: string[]) => [
    { label: "Maison à Rodez", value: 300_000, mainResidence: true, occupiedBy },
    { label: "Comptes", value: 51_500 },
  ];
  it("occupied by the spouse: reduced by 20 %", () => {
    // 300,000 − 60,000 + 51,500 = 291,500; net 290,000; the child's 3/4: 217,500; taxable 117,500;
    // tax 1,380.75 + 20 % × 101,568 = 21,694.35 → 21,694. Without: net 350,000; 262,500; taxable
    // 162,500; tax 1,380.75 + 20 % × 146,568 = 30,694.35 → 30,694.
    const d = estate({ beneficiaries: [C, S], assets: assets(["S"]), residue: [{ beneficiary: "S", share: "1/4" }, { beneficiary: "C", share: "3/4" }] });
    expect(line(answerOf(d), "C")).toEqual({ part_taxable: 117_500, droits: 21_694 });
    expect(line(answerOf(d, { ignore: ["mainResidence764bis"] }), "C")).toEqual({ part_taxable: 162_500, droits: 30_694 });
    const e = estateOf(compute(readDossier(d)));
    expect(e.grossEstate.mainResidence!.reduction.valueOf()).toBe(60_000);
    expect(explain(compute(readDossier(d)))).toMatch(/abattement de 20 % \(art\. 764 bis, occupée par S\) \.+ − 60 000 €/);
  });
  const M = { id: "M", name: "Hugo Roche", relationship: "child", birthDate: "2008-09-01" }; // 17 on 2026-05-14
  const two = (occupiedBy: string[]) => estate({ beneficiaries: [C, M], assets: assets(occupiedBy), residue: [{ beneficiary: "C", share: "1/2" }, { beneficiary: "M", share: "1/2" }] });
  it("occupied by a 17-year-old child: reduced", () => {
    // Net 290,000; 145,000 each; taxable 45,000; tax 1,380.75 + 20 % × 29,068 = 7,194.35 → 7,194.
    expect(line(answerOf(two(["M"])), "C")).toEqual({ part_taxable: 45_000, droits: 7_194 });
  });
  it("occupied by an adult child who is not disabled: not reduced", () => {
    // Net 350,000; 175,000 each; taxable 75,000; tax 1,380.75 + 20 % × 59,068 = 13,194.35 → 13,194.
    expect(line(answerOf(two(["C"])), "C")).toEqual({ part_taxable: 75_000, droits: 13_194 });
  });
});

describe("art. 796-0 ter: siblings (death of 2026-06-15)", () => {
  const sib = (id: string, birthDate: string) => ({ id, name: `Frère ${id}`, relationship: "sibling", birthDate, maritalStatus: "single", livedWithDeceased5Years: true });
  const d = (second: string) =>
    estate({
      date: "2026-06-15",
      beneficiaries: [sib("A", "1960-03-01"), sib("B", second)],
      assets: [{ label: "Comptes", value: 201_500 }],
      residue: [{ beneficiary: "A", share: "1/2" }, { beneficiary: "B", share: "1/2" }],
    });
  // A taxed sibling with 100,000 €: 100,000 − 15,932 = 84,068; 35 % × 24,430 = 8,550.50 + 45 % ×
  // 59,638 = 26,837.10; 35,387.60 → 35,388.
  it("a single sibling of 66 who lived with the deceased is exempt; one whose 50th birthday is the day after the death is not", () => {
    const a = answerOf(d("1976-06-16"));
    expect(line(a, "A")).toEqual({ part_taxable: 0, droits: 0 });
    expect(line(a, "B")).toEqual({ part_taxable: 84_068, droits: 35_388 });
    expect(compute(readDossier(d("1976-06-16"))).beneficiaries[0]!.exemption).toEqual({ reason: "sibling", article: "796-0 ter" });
  });
  it("the 50th birthday on the day of death: not older than 50; the day before: exempt", () => {
    expect(line(answerOf(d("1976-06-15")), "B")).toEqual({ part_taxable: 84_068, droits: 35_388 });
    expect(line(answerOf(d("1976-06-14")), "B")).toEqual({ part_taxable: 0, droits: 0 });
  });
  it("forgotten, the sibling pays", () => {
    expect(line(answerOf(d("1976-06-16"), { ignore: ["siblingExemption"] }), "A")).toEqual({ part_taxable: 84_068, droits: 35_388 });
  });
});

describe("art. 790 A bis: cash for a home (gift of 2026-03-20)", () => {
  const gift = (o: { date?: string; cash: number; priorGifts?: Json[]; relationship?: string }): Json => ({
    kind: "gift",
    law: "cgi",
    date: o.date ?? "2026-03-20",
    person: { name: "Marc Roche", birthDate: "1956-01-15" },
    beneficiaries: [{ id: "D", name: "Donataire", relationship: o.relationship ?? "child", birthDate: "1986-05-05" }],
    gifts: [{ label: "Virement pour l'achat d'un logement neuf", value: o.cash, cash: true, housing790ABis: true, to: [{ beneficiary: "D", fraction: "1" }] }],
    priorGifts: o.priorGifts ?? [],
  });
  it("300,000 € after a housing gift of 30,000 €: 70,000 € exempt, then 790 G on the rest", () => {
    // Housing exemption 100,000 − 30,000 = 70,000; the other 230,000 is ordinary cash: 790 G
    // 31,865. The earlier gift's exempt part is not recalled: the child's 100,000 € are whole.
    // Taxable 300,000 − 70,000 − 31,865 − 100,000 = 98,135; tax 1,380.75 + 20 % × 82,203 = 17,821.35.
    const d = gift({ cash: 300_000, priorGifts: [{ beneficiary: "D", date: "2025-06-01", value: 30_000, housing790ABis: true }] });
    expect(line(answerOf(d), "D")).toEqual({ part_taxable: 98_135, droits: 17_821 });
    // Ignored: the earlier gift is recalled (30,000 used), 790 G on the whole: 300,000 − 31,865 −
    // 70,000 = 198,135; tax 1,380.75 + 20 % × 182,203 = 37,821.35.
    expect(line(answerOf(d, { ignore: ["housing790ABis"] }), "D")).toEqual({ part_taxable: 198_135, droits: 37_821 });
  });
  it("without an earlier one: 100,000 € exempt", () => {
    // 300,000 − 100,000 − 31,865 − 100,000 = 68,135; tax 1,380.75 + 20 % × 52,203 = 11,821.35.
    expect(line(answerOf(gift({ cash: 300_000 })), "D")).toEqual({ part_taxable: 68_135, droits: 11_821 });
  });
  it("outside its window, or to a donee it does not name, the cash is ordinary cash", () => {
    // 300,000 − 31,865 − 100,000 = 168,135; tax 1,380.75 + 20 % × 152,203 = 31,821.35.
    expect(line(answerOf(gift({ date: "2025-01-10", cash: 300_000 })), "D")).toEqual({ part_taxable: 168_135, droits: 31_821 });
    // A brother: no 790 A bis, no 790 G: 300,000 − 15,932 = 284,068; 35 % × 24,430 + 45 % × 259,638
    // = 8,550.50 + 116,837.10 = 125,387.60.
    expect(line(answerOf(gift({ cash: 300_000, relationship: "sibling" })), "D")).toEqual({ part_taxable: 284_068, droits: 125_388 });
  });
  it("in an estate, the part of an earlier housing gift above the ceiling is recalled, the rest is not", () => {
    // 120,000 € given on 2025-06-01: 100,000 exempt, 20,000 recalled (u = 20,000, b = 0). The child
    // inherits 150,000 €: taxable 150,000 − 80,000 = 70,000; tax 1,380.75 + 20 % × 54,068 = 12,194.35.
    const d = estate({ date: "2026-06-15", assets: [{ label: "Comptes", value: 151_500 }], priorGifts: [{ beneficiary: "C", date: "2025-06-01", value: 120_000, housing790ABis: true }] });
    expect(line(answerOf(d), "C")).toEqual({ part_taxable: 70_000, droits: 12_194 });
    const rc = compute(readDossier(d)).beneficiaries[0]!.recall;
    expect(rc.recalled.map((x) => x.value.valueOf())).toEqual([20_000]);
    // The sheet shows the part recalled, not the whole gift.
    expect(explain(compute(readDossier(d)))).toMatch(/don du 01\/06\/2025 de 120 000 € \(rappelé pour 20 000 €, la part exonérée de l'art\. 790 A bis ne l'étant pas\), rappelé : .* \.+ 20 000 €/);
  });
});

describe("what the rule families refuse", () => {
  const bad = (d: Json) => errorOf(() => compute(readDossier(d))).issues;
  it("a contract subscribed before 1991-11-20", () => {
    const d = estate({ lifeInsurance: [{ ...contract([["C", "1"]], { capitalBefore70: 10_000 }), subscribedOn: "1991-11-19", capitalBefore1998: 0 }] });
    expect(bad(d)).toEqual([{ path: "lifeInsurance[0].subscribedOn", message: "a contract subscribed before 1991-11-20 falls under older regimes, out of the scope of this engine" }]);
  });
  it("a contract's fractions that do not add up to 1, or an unknown beneficiary", () => {
    expect(bad(estate({ beneficiaries: [C, S], lifeInsurance: [contract([["C", "1/2"], ["S", "1/3"]], { capitalBefore70: 10_000 })] }))).toEqual([{ path: "lifeInsurance[0].beneficiaries", message: "fractions sum to 5/6, not 1" }]);
    expect(bad(estate({ lifeInsurance: [contract([["X", "1"]], { capitalBefore70: 10_000 })] }))[0]!.path).toBe("lifeInsurance[0].beneficiaries[0].beneficiary");
  });
  it("an occupiedBy id that is not a beneficiary, two main residences, occupants of an asset that is not the residence", () => {
    expect(bad(estate({ assets: [{ label: "Maison", value: 200_000, mainResidence: true, occupiedBy: ["Z"] }] }))).toEqual([{ path: "assets[0].occupiedBy[0]", message: 'unknown beneficiary "Z"' }]);
    expect(bad(estate({ assets: [{ label: "A", value: 1, mainResidence: true }, { label: "B", value: 200_000, mainResidence: true }] }))[0]).toEqual({ path: "assets", message: "2 assets are marked as the main residence; there is one at most" });
    expect(bad(estate({ assets: [{ label: "Maison", value: 200_000, occupiedBy: ["C"] }] }))[0]!.path).toBe("assets[0].occupiedBy");
  });
  it("a furniture value on a gift, a flat valuation with a value, an inventory without one", () => {
    const g: Json = { kind: "gift", law: "cgi", date: "2026-03-20", person: { name: "P", birthDate: "1950-01-01" }, beneficiaries: [C], gifts: [{ label: "Bien", value: 1_000, to: [{ beneficiary: "C", fraction: "1" }] }], furniture: { valuation: "flat" } };
    expect(bad(g)).toEqual([{ path: "furniture", message: "only an estate has this field, not a gift" }]);
    expect(bad(estate({ furniture: { valuation: "flat", value: 5_000 } }))[0]!.path).toBe("furniture.value");
    expect(bad(estate({ furniture: { valuation: "inventory" } }))[0]).toEqual({ path: "furniture.value", message: "missing" });
  });
  it("the fields of the rule families in a seed dossier", () => {
    const d = { ...estate({ lifeInsurance: [contract([["C", "1"]], { capitalBefore70: 10_000 })] }), law: "seed" };
    expect(bad(d)).toEqual([{ path: "lifeInsurance", message: 'only read under the "cgi" rules (add "law": "cgi")' }]);
  });
  it("a housing flag on an asset that is not cash, or on a prior gift outside the window", () => {
    const g: Json = { kind: "gift", law: "cgi", date: "2026-03-20", person: { name: "P", birthDate: "1950-01-01" }, beneficiaries: [C], gifts: [{ label: "Maison", value: 1_000, housing790ABis: true, to: [{ beneficiary: "C", fraction: "1" }] }] };
    expect(bad(g)[0]!.path).toBe("gifts[0].housing790ABis");
    const d = estate({ priorGifts: [{ beneficiary: "C", date: "2024-06-01", value: 10_000, housing790ABis: true }] });
    expect(bad(d)).toEqual([{ path: "priorGifts[0].housing790ABis", message: "art. 790 A bis exempted cash given from 2025-02-15 to 2026-12-31 only, not on 2024-06-01" }]);
  });
});

describe("properties of art. 990 I", () => {
  const amount = fc.integer({ min: 0, max: 3_000_000 });
  const bens = [C, S, N];
  const pick = fc.constantFrom<[string, string][]>([["C", "1"]], [["N", "1"]], [["C", "1/2"], ["N", "1/2"]], [["C", "1/3"], ["S", "1/3"], ["N", "1/3"]]);
  const levyOf = (contracts: Json[]) => {
    const a = answerOf(estate({ beneficiaries: bens, residue: [{ beneficiary: "C", share: "1" }], lifeInsurance: contracts }));
    return Object.fromEntries(Object.entries(a.beneficiaires).map(([id, l]) => [id, l.prelevement_990I ?? null]));
  };
  it("the levy never decreases as the capital grows", () => {
    fc.assert(
      fc.property(pick, amount, amount, (shares, x, y) => {
        const [lo, hi] = x <= y ? [x, y] : [y, x];
        const a = levyOf([contract(shares, { capitalBefore70: lo })]);
        const b = levyOf([contract(shares, { capitalBefore70: hi })]);
        for (const id of Object.keys(a)) expect(b[id] ?? 0).toBeGreaterThanOrEqual(a[id] ?? 0);
      }),
    );
  });
  it("splitting a contract in two with the same beneficiaries changes nothing, nor does the order of contracts", () => {
    fc.assert(
      fc.property(pick, amount, fc.integer({ min: 0, max: 100 }), amount, (shares, x, cut, premiums) => {
        const part = Math.floor((x * cut) / 100);
        const whole = answerOf(estate({ beneficiaries: bens, lifeInsurance: [contract(shares, { capitalBefore70: x, premiumsAfter70: premiums })] }));
        const split = [contract(shares, { capitalBefore70: part, premiumsAfter70: premiums }), contract(shares, { capitalBefore70: x - part }, "Second")];
        expect(answerOf(estate({ beneficiaries: bens, lifeInsurance: split }))).toEqual(whole);
        expect(answerOf(estate({ beneficiaries: bens, lifeInsurance: [...split].reverse() }))).toEqual(whole);
      }),
    );
  });
});

describe("the calculation sheet of the rule families", () => {
  it("shows the levy of art. 990 I and the part of art. 757 B of each beneficiary", () => {
    const d = estate({ lifeInsurance: [contract([["C", "1"]], { capitalBefore70: 1_200_000, premiumsAfter70: 40_000 })] });
    const sheet = explain(compute(readDossier(d)));
    expect(sheet).toMatch(/Assurance-vie, primes versées avant 70 ans et à compter du 13\/10\/1998 \(art\. 990 I, prélèvement distinct des droits de succession\) :/);
    expect(sheet).toMatch(/Assiette du prélèvement \.+ 1 047 500 €/);
    expect(sheet).toMatch(/Prélèvement arrondi à l'euro \.+ 248 594 €/);
    expect(sheet).toMatch(/Quote-part de l'abattement global de 30 500 €, au prorata des primes taxables \.+ 30 500 €/);
    expect(sheet).toMatch(/Excédent ajouté à la valeur reçue \.+ 9 500 €/);
    expect(sheet).toMatch(/C prélèvement de l'art\. 990 I \(hors droits de succession\) \.+ 248 594 €/);
  });
});
