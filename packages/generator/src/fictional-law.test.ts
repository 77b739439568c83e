import { constantLaw, lawOn, type Band, type Law } from "@succ/rules";
import { answerOf } from "@succ/engine";
import { describe, expect, it } from "vitest";
import { fictionalLaw, fictionalLawSource } from "./fictional-law.js";

/** The real law the fictional ones are moved from (acts of 2026). */
const REAL = lawOn("2026-05-14");
const laws = Array.from({ length: 300 }, (_, i) => fictionalLaw(7, i, REAL));

function increasing(bands: readonly Band[]): boolean {
  for (let i = 1; i < bands.length; i++) {
    if (!(bands[i]!.ratePercent > bands[i - 1]!.ratePercent)) return false;
    const lo = bands[i - 1]!.upTo;
    const hi = bands[i]!.upTo;
    if (lo === null || (hi !== null && hi <= lo)) return false;
  }
  return bands.at(-1)!.upTo === null && bands.every((b) => Number.isInteger(b.ratePercent * 100));
}

describe("a fictional law (acts of 2026 moved)", () => {
  it("depends only on (seed, index)", () => {
    expect(fictionalLaw(7, 12, REAL)).toEqual(laws[12]);
    expect(fictionalLaw(8, 12, REAL)).not.toEqual(laws[12]);
    expect(new Set(laws.map((l) => JSON.stringify(l))).size).toBe(laws.length);
  });
  it("moves every amount, rate, age and period a model could know by heart", () => {
    for (const l of laws) {
      expect(l.allowances.personal.estate.child).not.toBe(REAL.allowances.personal.estate.child);
      expect(l.allowances.personal.gift.child).toBe(l.allowances.personal.estate.child);
      expect(l.recallYears).not.toBe(15);
      expect(l.recallYears).toBeGreaterThanOrEqual(10);
      expect(l.recallYears).toBeLessThanOrEqual(20);
      expect(l.funeralDeduction).not.toBe(REAL.funeralDeduction);
      expect(l.cashGift790G.ceiling).not.toBe(REAL.cashGift790G.ceiling);
      expect(l.cashGift790G.donorAgeBelow).not.toBe(80);
      expect(l.lifeInsurance.allowance990I).not.toBe(REAL.lifeInsurance.allowance990I);
      expect(l.usufruct669.map((r) => r.maxAge)).not.toEqual(REAL.usufruct669.map((r) => r.maxAge));
    }
  });
  it("stays coherent: progressive scales, a decreasing art. 669 table, allowances in the real law's order", () => {
    for (const l of laws) {
      for (const bands of Object.values(l.scales)) expect(increasing(bands)).toBe(true);
      expect(increasing(l.lifeInsurance.scale990I)).toBe(true);
      expect(l.scales.unrelated[0]!.ratePercent).toBeGreaterThan(l.scales.nephew[0]!.ratePercent);
      const rows = l.usufruct669;
      for (let i = 1; i < rows.length; i++) {
        expect(rows[i]!.usufructPercent).toBeLessThan(rows[i - 1]!.usufructPercent);
        if (rows[i]!.maxAge !== null) expect(rows[i]!.maxAge!).toBeGreaterThan(rows[i - 1]!.maxAge!);
      }
      const a = l.allowances;
      expect(a.personal.estate.child).toBeGreaterThan(a.personal.gift.grandchild);
      expect(a.personal.gift.grandchild).toBeGreaterThan(a.personal.estate.sibling);
      expect(a.personal.estate.sibling).toBeGreaterThan(a.personal.estate.nephew);
      expect(a.personal.estate.nephew).toBeGreaterThan(a.default);
      expect(l.exemptions.smallEstate.directLineBelow).toBeGreaterThan(l.exemptions.smallEstate.everyoneBelow);
      expect(Object.isFrozen(l.scales.directLine)).toBe(true);
    }
  });
  it("is frozen throughout, as the real law is (the engine and the prompts' caches key on it)", () => {
    const open = (x: unknown, path: string): string[] =>
      typeof x !== "object" || x === null ? [] : [...(Object.isFrozen(x) ? [] : [path]), ...Object.entries(x).flatMap(([k, v]) => open(v, `${path}.${k}`))];
    for (const l of laws.slice(0, 20)) expect(open(l, "law")).toEqual([]);
    const { source } = fictionalLawSource(7, 3);
    // A day without the housing regime of art. 790 A bis: the law without it is frozen too.
    expect(open(source.on("2024-06-01"), "law")).toEqual([]);
    expect(source.on("2024-06-01").housingGift790ABis.ceiling).toBeNull();
  });
  it("is the law the engine computes with", () => {
    // A child inherits 400,000 € under the fictional law of task 0: taxable = 400,000 − the
    // fictional funeral deduction (the invoice is higher) − the fictional child allowance; the
    // tax is that law's direct-line scale, written out here band by band.
    const law: Law = laws[0]!;
    const d = {
      kind: "estate",
      date: "2026-05-14",
      person: { name: "Défunt", birthDate: "1940-01-10" },
      beneficiaries: [{ id: "C", name: "Enfant", relationship: "child", birthDate: "1970-01-10" }],
      assets: [{ label: "Biens", value: 400_000 }],
      funeralCosts: 10_000,
      residue: [{ beneficiary: "C", share: "1" }],
    };
    const taxable = 400_000 - law.funeralDeduction - law.allowances.personal.estate.child;
    let cents = 0;
    let lower = 0;
    for (const b of law.scales.directLine) {
      const top = b.upTo === null ? taxable : Math.min(taxable, b.upTo);
      if (top > lower) cents += (top - lower) * Math.round(b.ratePercent * 100);
      if (b.upTo === null || taxable <= b.upTo) break;
      lower = b.upTo;
    }
    // cents is in 1/10,000 €: half up to the euro.
    const tax = Math.floor((cents + 5_000) / 10_000);
    expect(answerOf(d, { source: constantLaw(law) }).beneficiaires.C).toEqual({ part_taxable: taxable, droits: tax });
    expect(answerOf(d).beneficiaires.C).not.toEqual({ part_taxable: taxable, droits: tax });
  });
});
