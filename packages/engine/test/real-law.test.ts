/**
 * The real law where the contract was corrected (premiums before 1998-10-13, the furniture's 5 %
 * as a minimum, art. 800 I 2° read literally, art. 796-0 ter and the one age rule on leap days,
 * the seed's amounts whatever the date). Each amount is computed by hand in its comment; each
 * test states its date.
 */
import { describe, expect, it } from "vitest";
import { ageOn, answerOf, anniversary, compute, explain, olderThan, parseDate, readDossier, withinYearsBefore } from "../src/index.js";
import { errorOf } from "./helpers.js";

type Json = Record<string, any>;
const C = { id: "C", name: "Claire Martin", relationship: "child", birthDate: "1970-04-02" };
const day = (s: string) => parseDate(s)!;

/** A cgi estate of one asset of 101,500 € (net 100,000 € after the flat 1,500 €) left to C. */
function estate(o: Json = {}): Json {
  return {
    kind: "estate",
    law: "cgi",
    date: o.date ?? "2026-05-14",
    person: { name: "Jeanne Martin", birthDate: "1940-03-02" },
    beneficiaries: o.beneficiaries ?? [C],
    assets: o.assets ?? [{ label: "Comptes", value: 101_500 }],
    residue: o.residue ?? [{ beneficiary: "C", share: "1" }],
    ...(o.furniture ? { furniture: o.furniture } : {}),
    ...(o.lifeInsurance ? { lifeInsurance: o.lifeInsurance } : {}),
    ...(o.priorGifts ? { priorGifts: o.priorGifts } : {}),
  };
}

describe("art. 990 I: premiums paid before 1998-10-13 bear neither the levy nor death duties (death of 2026-05-14)", () => {
  const contract = (o: Json) => ({ label: "Contrat Horizon", subscribedOn: "1995-03-01", beneficiaries: [{ beneficiary: "C", fraction: "1" }], ...o });
  it("400,000 € of earlier premiums and 200,000 € from that day: levy 20 % × (200,000 − 152,500) = 9,500 €, not 20 % × 447,500 = 89,500 €", () => {
    const d = estate({ lifeInsurance: [contract({ capitalBefore1998: 400_000, capitalBefore70: 200_000 })] });
    // Estate: 101,500 − 1,500 = 100,000 − the child's 100,000 allowance = 0; the 400,000 € are in no base.
    expect(answerOf(d).beneficiaires.C).toEqual({ part_taxable: 0, droits: 0, prelevement_990I: 9_500 });
    const sheet = explain(compute(readDossier(d)));
    expect(sheet).toMatch(/Assurance-vie, primes versées avant le 13\/10\/1998 : exonérées du prélèvement et des droits de succession \.+ 400 000 €/);
  });
  it("only premiums before 1998-10-13: no levy line at all (no sums under art. 990 I)", () => {
    const d = estate({ lifeInsurance: [contract({ capitalBefore1998: 250_000 })] });
    expect(answerOf(d).beneficiaires.C).toEqual({ part_taxable: 0, droits: 0 });
  });
  it("a contract subscribed before 1998-10-13 must state it (0 allowed); a later one may not carry any", () => {
    expect(errorOf(() => answerOf(estate({ lifeInsurance: [contract({ capitalBefore70: 200_000 })] }))).issues).toEqual([
      { path: "lifeInsurance[0].capitalBefore1998", message: "missing: a contract subscribed before 1998-10-13 states the capital due for the premiums paid before that day (0 when there were none), as the insurer's statement splits it" },
    ]);
    expect(errorOf(() => answerOf(estate({ lifeInsurance: [contract({ subscribedOn: "1998-10-12", capitalBefore70: 1 })] }))).issues[0]!.path).toBe("lifeInsurance[0].capitalBefore1998");
    expect(answerOf(estate({ lifeInsurance: [contract({ subscribedOn: "1998-10-12", capitalBefore1998: 0, capitalBefore70: 200_000 })] })).beneficiaires.C!.prelevement_990I).toBe(9_500);
    expect(errorOf(() => answerOf(estate({ lifeInsurance: [contract({ subscribedOn: "1998-10-13", capitalBefore1998: 1, capitalBefore70: 200_000 })] }))).issues).toEqual([
      { path: "lifeInsurance[0].capitalBefore1998", message: "a contract subscribed on or after 1998-10-13 has no premiums paid before that day" },
    ]);
    expect(answerOf(estate({ lifeInsurance: [contract({ subscribedOn: "1998-10-13", capitalBefore1998: 0, capitalBefore70: 200_000 })] })).beneficiaires.C!.prelevement_990I).toBe(9_500);
    expect(errorOf(() => answerOf(estate({ lifeInsurance: [contract({ capitalBefore1998: "-1" })] }))).issues[0]!.path).toBe("lifeInsurance[0].capitalBefore1998");
  });
});

describe("art. 764 I 3°: the parties' estimate, never below 5 % of the other assets (death of 2026-05-14)", () => {
  it("declared 3,000 € < 5 % × 101,500 = 5,075 €: 5,075 € counted; taxable 5,075, tax 5 % = 253.75 → 254 €", () => {
    const d = estate({ furniture: { valuation: "declared", value: 3_000 } });
    expect(answerOf(d).beneficiaires.C).toEqual({ part_taxable: 5_075, droits: 254 });
    expect(explain(compute(readDossier(d)))).toMatch(/Meubles meublants, déclaration estimative de 3 000 €, au moins 5 % des autres biens, 5 075 € \(art\. 764 I 3°\) \.+ 5 075 €/);
  });
  it("declared 8,000 € > 5,075 €: 8,000 € counted; taxable 8,000, tax 5 % = 400 €", () => {
    expect(answerOf(estate({ furniture: { valuation: "declared", value: 8_000 } })).beneficiaires.C).toEqual({ part_taxable: 8_000, droits: 400 });
  });
  it("a declared valuation without a value is refused", () => {
    expect(errorOf(() => answerOf(estate({ furniture: { valuation: "declared" } }))).issues).toEqual([{ path: "furniture.value", message: "missing" }]);
  });
});

describe("art. 800 I below 3,000 € read literally (death of 2026-05-14)", () => {
  // Gross 2,500 €, net 2,500 − 1,500 = 1,000 €, half each to C and to a nephew N.
  const N = { id: "N", name: "Noé Martin", relationship: "nephew", birthDate: "1990-01-10" };
  const small = (registered: boolean) =>
    estate({ beneficiaries: [C, N], assets: [{ label: "Compte", value: 2_500 }], residue: [{ beneficiary: "C", share: "1/2" }, { beneficiary: "N", share: "1/2" }], priorGifts: [{ beneficiary: "C", date: "2020-01-10", value: 120_000, registered }] });
  it("a child with an unregistered gift is not exempt: u = 100,000 (replay, 2020), T = 20,000; taxable 500; tax 20 % × 500 = 100 €", () => {
    const a = answerOf(small(false));
    expect(a.beneficiaires.C).toEqual({ part_taxable: 500, droits: 100 });
    // 800 I 2° covers the nephew, "autre que celles visées au 1°".
    expect(a.beneficiaires.N).toEqual({ part_taxable: 0, droits: 0 });
  });
  it("the same child with the gift registered is exempt (800 I 1°)", () => {
    expect(answerOf(small(true)).beneficiaires.C).toEqual({ part_taxable: 0, droits: 0 });
  });
});

describe("art. 796-0 ter (cgi)", () => {
  const S = (o: Json) => ({ id: "S", name: "Serge Martin", relationship: "sibling", birthDate: "1960-01-10", maritalStatus: "single", livedWithDeceased5Years: true, ...o });
  const sib = (o: Json, date = "2026-06-15") => answerOf(estate({ date, beneficiaries: [S(o)], residue: [{ beneficiary: "S", share: "1" }] })).beneficiaires.S;
  // Taxed: 100,000 − 15,932 = 84,068; 35 % × 24,430 + 45 % × 59,638 = 8,550.50 + 26,837.10 = 35,387.60 → 35,388 €.
  const TAXED = { part_taxable: 84_068, droits: 35_388 };
  it("death of 2026-06-15, a sibling of 66: séparé de corps is exempt, in a PACS or married is not (Cass. com. 28 May 2025)", () => {
    expect(sib({ maritalStatus: "separated" })).toEqual({ part_taxable: 0, droits: 0 });
    expect(sib({ maritalStatus: "pacs" })).toEqual(TAXED);
    expect(sib({ maritalStatus: "married" })).toEqual(TAXED);
  });
  it("born 1972-02-29: his 50th birthday is 2022-03-01; a death that day is not after it, a death on 2022-03-02 is", () => {
    expect(sib({ birthDate: "1972-02-29" }, "2022-02-28")).toEqual(TAXED);
    expect(sib({ birthDate: "1972-02-29" }, "2022-03-01")).toEqual(TAXED);
    expect(sib({ birthDate: "1972-02-29" }, "2022-03-02")).toEqual({ part_taxable: 0, droits: 0 });
  });
});

describe("one age rule for the whole engine (leap days)", () => {
  it("born 2004-02-29: 17 on 2022-02-28, 18 on 2022-03-01; 20 on 2024-02-29", () => {
    expect(anniversary(day("2004-02-29"), 18)).toEqual(day("2022-03-01"));
    expect(ageOn(day("2004-02-29"), day("2022-02-28"))).toBe(17);
    expect(ageOn(day("2004-02-29"), day("2022-03-01"))).toBe(18);
    expect(ageOn(day("2004-02-29"), day("2024-02-29"))).toBe(20);
    expect(olderThan(day("1972-02-29"), 50, day("2022-03-01"))).toBe(false);
    expect(olderThan(day("1972-02-29"), 50, day("2022-03-02"))).toBe(true);
  });
  it("a gift of 2008-02-29 is 15 years old on 2023-03-01 (not recalled), not yet on 2023-02-28 (recalled)", () => {
    expect(withinYearsBefore(day("2008-02-29"), day("2023-02-28"), 15)).toBe(true);
    expect(withinYearsBefore(day("2008-02-29"), day("2023-03-01"), 15)).toBe(false);
  });
  it("art. 790 G (gift of 2022-03-01, cgi): a donee born 2004-02-29 is 18, so 10,000 € of cash is exempt; the day before, he is 17", () => {
    const g = (date: string) =>
      answerOf({ kind: "gift", law: "cgi", date, person: { name: "P", birthDate: "1960-01-10" }, beneficiaries: [{ id: "D", name: "D", relationship: "grandchild", birthDate: "2004-02-29" }], gifts: [{ label: "Somme", value: 40_000, cash: true, to: [{ beneficiary: "D", fraction: "1" }] }] }).beneficiaires.D;
    // 2022-03-01: 40,000 − 31,865 (790 G) − 31,865 (790 B) = 0. 2022-02-28: 40,000 − 31,865 = 8,135; 5 % × 8,072 + 10 % × 63 = 403.60 + 6.30 = 409.90 → 410 €.
    expect(g("2022-03-01")).toEqual({ part_taxable: 0, droits: 0 });
    expect(g("2022-02-28")).toEqual({ part_taxable: 8_135, droits: 410 });
  });
});

describe("seed: the amounts its rules state, whatever the act's date", () => {
  // A child inheriting 151,500 − 1,500 = 150,000 €: 150,000 − 100,000 = 50,000;
  // 403.60 + 403.70 + 573.45 + 20 % × 34,068 = 8,194.35 → 8,194 € (2026), and the same on any date.
  const d = (date: string) => ({ kind: "estate", date, person: { name: "P", birthDate: "1930-01-10" }, beneficiaries: [C], assets: [{ label: "Biens", value: 151_500 }], funeralCosts: 2_000, residue: [{ beneficiary: "C", share: "1" }] });
  it("dated 2012-08-16 (when the law's child allowance was 159,325 €), 2010-06-01 and 1999-12-31: 8,194 € each", () => {
    for (const date of ["2012-08-16", "2010-06-01", "1999-12-31", "2026-05-14"]) expect(answerOf(d(date)).beneficiaires.C, date).toEqual({ part_taxable: 50_000, droits: 8_194 });
  });
});
