/**
 * The recipe of a rule family (docs/architecture.md), proved with a fictitious one: a 1,000 €
 * allowance for godchildren from 2027-01-01 (test/__fixtures__/godchild-family.ts), registered
 * without touching the engine's source. Law of 2026-2027 in a copy of the tables: funeral
 * deduction 1,500 € (art. 775), the default allowance 1,594 € (art. 788 IV), 60 % between
 * unrelated persons (art. 777 tableau III).
 */
import { describe, expect, it } from "vitest";
import { compute, explain, isDossierError, readDossier, RULES } from "../src/index.js";
import { GODCHILD, SOURCE_2027, WITH_GODCHILD } from "./__fixtures__/godchild-family.js";

/** A godchild inherits everything (51,500 € of assets) from a godmother who died on `date`. */
function estate(date: string, law = "cgi", godchild: unknown = true) {
  return {
    kind: "estate",
    law,
    date,
    person: { name: "Jeanne Roche", birthDate: "1940-01-10", sex: "F" },
    beneficiaries: [{ id: "F", name: "Hugo Valat", relationship: "unrelated", birthDate: "1995-04-02", sex: "M", godchild }],
    assets: [{ label: "Comptes", value: 51_500 }],
    residue: [{ beneficiary: "F", share: "1" }],
  };
}

const read = (d: unknown) => readDossier(d, { families: WITH_GODCHILD });
const answer = (d: unknown, ignore: string[] = []) => compute(read(d), { source: SOURCE_2027, families: WITH_GODCHILD, ignore }).answer.beneficiaires.F;

describe("a rule family registered in a test: the godchild allowance of 2027", () => {
  it("a death of 2027: the 1,000 € allowance adds to the default one", () => {
    // 51,500 − 1,500 = 50,000 received; allowances 1,594 + 1,000 = 2,594; 47,406 × 60 % = 28,443.60 → 28,444.
    expect(answer(estate("2027-03-10"))).toEqual({ part_taxable: 47_406, droits: 28_444 });
  });

  it("without it (its switch off, not a godchild, or a death of 2026 before its first day), the default allowance alone", () => {
    // 50,000 − 1,594 = 48,406 × 60 % = 29,043.60 → 29,044.
    const without = { part_taxable: 48_406, droits: 29_044 };
    expect(answer(estate("2027-03-10"), ["godchildAllowance"])).toEqual(without);
    expect(answer(estate("2027-03-10", "cgi", false))).toEqual(without);
    expect(answer(estate("2026-06-10"))).toEqual(without);
    // The engine's own table ignores the flag (the dossier read with the family's field).
    expect(compute(read(estate("2027-03-10")), { source: SOURCE_2027 }).answer.beneficiaires.F).toEqual(without);
  });

  it("its field is read only when the family is registered, and only under its rule set", () => {
    const issues = (d: unknown, withFamily: boolean): string[] => {
      try {
        readDossier(d, withFamily ? { families: WITH_GODCHILD } : {});
        return [];
      } catch (e) {
        if (!isDossierError(e)) throw e;
        return e.issues.map((i) => `${i.path}: ${i.message}`);
      }
    };
    expect(issues(estate("2027-03-10"), false)).toEqual(["beneficiaries[0].godchild: unknown field"]);
    expect(issues(estate("2026-03-10", "seed"), true)).toEqual(['beneficiaries[0].godchild: only read under the "cgi" rules']);
    expect(issues(estate("2027-03-10", "cgi", "yes"), true)).toEqual(["beneficiaries[0].godchild: not true or false"]);
  });

  it("the sheet shows its line, its article and its switch; the engine's own switches are unchanged", () => {
    const sheet = explain(compute(read(estate("2027-03-10")), { source: SOURCE_2027, families: WITH_GODCHILD }));
    expect(sheet).toContain("  Abattement des filleuls, art. 779 VI (fictif) ");
    expect(sheet).toMatch(/Articles du Code général des impôts appliqués : .*art\. 779 VI \(fictif\)/);
    const off = explain(compute(read(estate("2027-03-10")), { source: SOURCE_2027, families: WITH_GODCHILD, ignore: ["godchildAllowance"] }));
    expect(off).toContain("Calcul contrefactuel, règles écartées : abattement des filleuls (fictif).");
    expect(RULES).not.toContain("godchildAllowance");
    expect(Object.keys(GODCHILD.switches)).toEqual(["godchildAllowance"]);
  });
});
