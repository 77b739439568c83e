/**
 * Dossiers recomputed by hand, line by line, and the official examples of service-public.gouv.fr.
 * Every expected amount below comes from the arithmetic in the comment next to it, never from
 * the engine.
 *
 * Direct-line scale (art. 777 tableau I), cumulative tax at each band edge, used below:
 *   0 → 8,072 at 5 %        : 8,072 × 0.05              =     403.60  (cum.     403.60)
 *   8,072 → 12,109 at 10 %  : 4,037 × 0.10              =     403.70  (cum.     807.30)
 *   12,109 → 15,932 at 15 % : 3,823 × 0.15              =     573.45  (cum.   1,380.75)
 *   15,932 → 552,324 at 20 %: 536,392 × 0.20            = 107,278.40  (cum. 108,659.15)
 * so, for 15,932 ≤ x ≤ 552,324: scale(x) = 1,380.75 + 0.20 × (x − 15,932).
 */
import { describe, expect, it } from "vitest";
import Fraction from "fraction.js";
import { answerOf, compute, readDossier } from "../src/index.js";
import { estateOf } from "./helpers.js";

/** Asserts an exact amount, shown as a fraction in the diff. */
const exact = (f: Fraction, decimal: string) => expect(f.toFraction()).toBe(new Fraction(decimal).toFraction());

describe("the seed's five dossiers, recomputed by hand", () => {
  it("(a) only-child estate: net estate with the funeral cap, direct-line scale", () => {
    const dossier = {
      kind: "estate",
      date: "2026-03-12",
      person: { name: "Odette Lambert", birthDate: "1950-06-10" },
      beneficiaries: [{ id: "B1", name: "Julien Lambert", relationship: "child", birthDate: "1980-04-02", disabled: false }],
      assets: [
        { label: "Maison à Dijon", value: 250000 },
        { label: "Compte courant", value: "37412.35" },
      ],
      debts: [{ label: "Facture de travaux", value: 4210.1 }],
      funeralCosts: 4800,
      residue: [{ beneficiary: "B1", share: "1" }],
      spouseUsufruct: null,
    };
    // Assets 250,000 + 37,412.35 = 287,412.35; debts 4,210.10; funeral 4,800 capped at 1,500.
    // Net estate = 287,412.35 − 4,210.10 − 1,500 = 281,702.25 (no bequest: residue = net).
    // B1 (only child, share 1): received 281,702.25; allowance 100,000 (art. 779 I).
    // Taxable 181,702.25 → 181,702.
    // Tax = 1,380.75 + 0.20 × (181,702 − 15,932 = 165,770) = 1,380.75 + 33,154 = 34,534.75 → 34,535.
    expect(answerOf(dossier)).toEqual({ beneficiaires: { B1: { part_taxable: 181702, droits: 34535 } }, total_droits: 34535 });
    const r = compute(readDossier(dossier));
    exact(estateOf(r).netEstate, "281702.25");
    exact(estateOf(r).funeralDeducted, "1500");
  });

  it("(b) gift with art. 790 G and a recall", () => {
    const dossier = {
      kind: "gift",
      date: "2026-06-15",
      person: { name: "Gérard Morel", birthDate: "1958-04-20" },
      beneficiaries: [
        { id: "B1", name: "Sophie Morel", relationship: "child", birthDate: "1990-09-01", disabled: false },
        { id: "B2", name: "Léo Morel", relationship: "grandchild", birthDate: "2004-06-16", disabled: false },
      ],
      gifts: [
        { label: "Somme d'argent", value: 40000, cash: true, reservedUsufruct: false, to: [{ beneficiary: "B1", fraction: "1" }] },
        {
          label: "Portefeuille de titres",
          value: 120000,
          cash: false,
          reservedUsufruct: false,
          to: [
            { beneficiary: "B1", fraction: "1/2" },
            { beneficiary: "B2", fraction: "1/2" },
          ],
        },
        { label: "Virement", value: 20000, cash: true, reservedUsufruct: false, to: [{ beneficiary: "B2", fraction: "1" }] },
      ],
      priorGifts: [
        { beneficiary: "B1", date: "2014-02-03", value: 70000, cash790G: false },
        { beneficiary: "B1", date: "2020-05-05", value: 10000, cash790G: true },
        { beneficiary: "B2", date: "2011-06-15", value: 25000, cash790G: false },
        { beneficiary: "B2", date: "2011-06-16", value: 5000, cash790G: false },
      ],
    };
    // Donor born 20/04/1958, deed 15/06/2026: 68 years (< 80). Recall cut-off: 15/06/2011.
    // B1 child, 35 years (≥ 18). Received: cash 40,000 + 120,000 × 1/2 = 100,000.
    //   790 G: prior 790 G gift of 2020 (10,000) within 15 years → ceiling left 31,865 − 10,000
    //   = 21,865; exemption = min(40,000, 21,865) = 21,865. The 2020 gift is not recalled.
    //   Recall: 2014 gift (70,000) recalled: S = 70,000, A = 100,000, U = 70,000,
    //   remaining 30,000, T = 0.
    //   Taxable = 100,000 − 21,865 − 30,000 = 48,135.
    //   Tax = 1,380.75 + 0.20 × (48,135 − 15,932 = 32,203) = 1,380.75 + 6,440.60 = 7,821.35 → 7,821.
    // B2 grandchild born 16/06/2004: on 15/06/2026 (eve of the birthday) 21 years (≥ 18).
    //   Received: 120,000 × 1/2 + 20,000 = 80,000. 790 G: no prior → exemption min(20,000, 31,865) = 20,000.
    //   Recall: the gift of 15/06/2011 is exactly 15 years old → not recalled; 16/06/2011 (5,000)
    //   recalled: S = 5,000, A = 31,865 (art. 790 B), U = 5,000, remaining 26,865, T = 0.
    //   Taxable = 80,000 − 20,000 − 26,865 = 33,135.
    //   Tax = 1,380.75 + 0.20 × (33,135 − 15,932 = 17,203) = 1,380.75 + 3,440.60 = 4,821.35 → 4,821.
    // Total 7,821 + 4,821 = 12,642.
    expect(answerOf(dossier)).toEqual({
      beneficiaires: { B1: { part_taxable: 48135, droits: 7821 }, B2: { part_taxable: 33135, droits: 4821 } },
      total_droits: 12642,
    });
    const r = compute(readDossier(dossier));
    const b2 = r.beneficiaries[1]!;
    expect(b2.recall.recalled.map((g) => g.gift.index)).toEqual([3]);
    expect(b2.recall.notRecalled.map((x) => [x.gift.index, x.why])).toEqual([[2, "older"]]);
    const b1 = r.beneficiaries[0]!;
    expect(b1.recall.notRecalled.map((x) => [x.gift.index, x.why])).toEqual([[1, "cash790G"]]);
    exact(b1.exemption790G!.amount, "21865");
  });

  it("(c) bare-ownership gift (reserved usufruct, art. 669 by the donor's age) with a recall above the allowance", () => {
    const dossier = {
      kind: "gift",
      date: "2026-11-29",
      person: { name: "Hélène Caron", birthDate: "1955-11-30" },
      beneficiaries: [
        { id: "B1", name: "Marc Caron", relationship: "child", birthDate: "1985-01-10", disabled: false },
        { id: "B2", name: "Inès Caron", relationship: "child", birthDate: "2009-12-01", disabled: false },
      ],
      gifts: [
        {
          label: "Maison à Nantes",
          value: 512345,
          cash: false,
          reservedUsufruct: true,
          to: [
            { beneficiary: "B1", fraction: "1/2" },
            { beneficiary: "B2", fraction: "1/2" },
          ],
        },
        { label: "Chèque", value: 30000, cash: true, reservedUsufruct: false, to: [{ beneficiary: "B1", fraction: "1" }] },
        { label: "Livret", value: 10000, cash: true, reservedUsufruct: false, to: [{ beneficiary: "B2", fraction: "1" }] },
      ],
      priorGifts: [
        { beneficiary: "B1", date: "2016-03-01", value: 110000, cash790G: false },
        { beneficiary: "B2", date: "2012-01-01", value: 20000, cash790G: false },
      ],
    };
    // Donor born 30/11/1955, deed 29/11/2026 (eve of the 71st birthday): 70 years →
    // usufruct 40 % (61–70), bare ownership 60 %.
    // House: 512,345 × 1/2 = 256,172.50, × 60 % = 153,703.50 for each child.
    // B1, 41 years: received 153,703.50 + 30,000 = 183,703.50; 790 G: donor < 80, donee ≥ 18,
    //   exemption min(30,000, 31,865) = 30,000.
    //   Recall: 2016 gift 110,000 (cut-off 29/11/2011): S = 110,000, A = 100,000, U = 100,000,
    //   remaining 0, T = 10,000 (lower bands already used).
    //   Taxable = 183,703.50 − 30,000 − 0 = 153,703.50 → 153,704 (0.50 rounds up).
    //   Tax = scale(10,000 + 153,704) − scale(10,000), band by band from 10,000:
    //     10,000 → 12,109 at 10 %: 2,109 × 0.10 = 210.90
    //     12,109 → 15,932 at 15 %: 3,823 × 0.15 = 573.45
    //     15,932 → 163,704 at 20 %: 147,772 × 0.20 = 29,554.40
    //   = 30,338.75 → 30,339.
    // B2, born 01/12/2009: 16 years → no 790 G. Received 153,703.50 + 10,000 = 163,703.50.
    //   Recall: 2012-01-01 (after 29/11/2011) 20,000: S = 20,000, U = 20,000, remaining 80,000, T = 0.
    //   Taxable = 163,703.50 − 80,000 = 83,703.50 → 83,704.
    //   Tax = 1,380.75 + 0.20 × (83,704 − 15,932 = 67,772) = 1,380.75 + 13,554.40 = 14,935.15 → 14,935.
    // Total 30,339 + 14,935 = 45,274.
    expect(answerOf(dossier)).toEqual({
      beneficiaires: { B1: { part_taxable: 153704, droits: 30339 }, B2: { part_taxable: 83704, droits: 14935 } },
      total_droits: 45274,
    });
    const r = compute(readDossier(dossier));
    expect(r.kind === "gift" && r.donorAge).toBe(70);
    exact(r.beneficiaries[0]!.recall.T, "10000");
    const f = (x: string) => new Fraction(x).toFraction();
    expect(r.beneficiaries[0]!.bands.map((b) => [b.ratePercent, b.base.toFraction(), b.tax.toFraction()])).toEqual([
      [10, f("2109"), f("210.90")],
      [15, f("3823"), f("573.45")],
      [20, f("147772"), f("29554.40")],
    ]);
    expect(r.beneficiaries[1]!.exemption790G!.reason).toBe("doneeAge");
  });

  it("(d) estate with the spouse's usufruct, a representation and a bequest", () => {
    const dossier = {
      kind: "estate",
      date: "2026-02-14",
      person: { name: "Bernard Petit", birthDate: "1944-08-08" },
      beneficiaries: [
        { id: "B1", name: "Monique Petit", relationship: "spouse", birthDate: "1947-02-15", disabled: false },
        { id: "B2", name: "Anne Petit", relationship: "child", birthDate: "1970-05-05", disabled: false },
        { id: "B3", name: "Tom Petit", relationship: "grandchild", birthDate: "1999-01-20", disabled: false, represents: "Luc Petit" },
        { id: "B4", name: "Zoé Petit", relationship: "grandchild", birthDate: "2001-03-03", disabled: false, represents: "Luc Petit" },
        { id: "B5", name: "Max Petit", relationship: "grandchild", birthDate: "2005-10-10", disabled: false, represents: "Luc Petit" },
        { id: "B6", name: "Paul Girard", relationship: "nephew", birthDate: "1975-12-12", disabled: false },
      ],
      assets: [
        { label: "Maison à Tours", value: 612000 },
        { label: "Comptes bancaires", value: "48250.80" },
      ],
      debts: [{ label: "Impôts dus", value: 9800 }],
      funeralCosts: 1500,
      bequests: [{ beneficiary: "B6", amount: 30000 }],
      residue: [
        { beneficiary: "B2", share: "1/2" },
        { beneficiary: "B3", share: "1/6" },
        { beneficiary: "B4", share: "1/6" },
        { beneficiary: "B5", share: "1/6" },
      ],
      spouseUsufruct: "B1",
      priorGifts: [
        { beneficiary: "B2", date: "2013-05-01", value: 45000, cash790G: false },
        { beneficiary: "B3", date: "2020-01-01", value: 15000, cash790G: true },
      ],
    };
    // Net estate = 612,000 + 48,250.80 − 9,800 − 1,500 (funeral at the cap) = 648,950.80.
    // Bequest 30,000 to B6 → residue 618,950.80.
    // Spouse born 15/02/1947, death 14/02/2026 (eve of the birthday): 78 years → usufruct 30 %,
    // bare ownership 70 %.
    // B1 spouse: exempt (art. 796-0 bis) → 0, 0.
    // B2 child, 1/2: 618,950.80 × 1/2 × 70 % = 309,475.40 × 0.7 = 216,632.78.
    //   Recall 2013 gift 45,000 (cut-off 14/02/2011): S = 45,000, U = 45,000, remaining 55,000, T = 0.
    //   Taxable 216,632.78 − 55,000 = 161,632.78 → 161,633.
    //   Tax = 1,380.75 + 0.20 × (161,633 − 15,932 = 145,701) = 1,380.75 + 29,140.20 = 30,520.95 → 30,521.
    // B3, B4, B5 represent Luc: 1/6 each: 618,950.80 × 1/6 × 70 % = 618,950.80 × 7/60
    //   = 4,332,655.60 / 60 = 72,210.92666…
    //   Allowance: Luc's 100,000 shared by 3 → 33,333.33333… each (exact 100,000/3).
    //   Taxable 72,210.92666… − 33,333.33333… = 38,877.59333… → 38,878.
    //   (B3's 790 G gift of 2020 is not recalled in an estate.)
    //   Tax = 1,380.75 + 0.20 × (38,878 − 15,932 = 22,946) = 1,380.75 + 4,589.20 = 5,969.95 → 5,970.
    // B6 nephew: 30,000 − 7,967 = 22,033; tax 55 % × 22,033 = 12,118.15 → 12,118.
    // Total 30,521 + 3 × 5,970 + 12,118 = 60,549.
    expect(answerOf(dossier)).toEqual({
      beneficiaires: {
        B1: { part_taxable: 0, droits: 0 },
        B2: { part_taxable: 161633, droits: 30521 },
        B3: { part_taxable: 38878, droits: 5970 },
        B4: { part_taxable: 38878, droits: 5970 },
        B5: { part_taxable: 38878, droits: 5970 },
        B6: { part_taxable: 22033, droits: 12118 },
      },
      total_droits: 60549,
    });
    const r = compute(readDossier(dossier));
    expect(estateOf(r).usufruct).toEqual({ beneficiary: "B1", age: 78, usufructPercent: 30 });
    expect(r.beneficiaries[2]!.allowance.total.toFraction()).toBe("100000/3");
    // The spouse's usufruct is worth 30 % of the residue: 618,950.80 × 0.3 = 185,685.24.
    exact(r.beneficiaries[0]!.received, "185685.24");
  });

  it("(e) siblings: a taxable share of exactly x.50 rounds up, a disabled heir", () => {
    const dossier = {
      kind: "estate",
      date: "2026-09-20",
      person: { name: "Yvonne Faure", birthDate: "1950-01-15" },
      beneficiaries: [
        { id: "B1", name: "Roger Faure", relationship: "sibling", birthDate: "1948-03-03", disabled: false },
        { id: "B2", name: "Simone Faure", relationship: "sibling", birthDate: "1953-07-07", disabled: true },
        { id: "B3", name: "Nadia Benali", relationship: "unrelated", birthDate: "1960-02-02", disabled: false },
      ],
      assets: [{ label: "Appartement à Lille", value: 500001 }],
      funeralCosts: "1200",
      bequests: [{ beneficiary: "B3", amount: 10000 }],
      residue: [
        { beneficiary: "B1", share: "1/2" },
        { beneficiary: "B2", share: "1/2" },
      ],
    };
    // Net = 500,001 − 1,200 (funeral below the cap, deducted in full) = 498,801.
    // Bequest 10,000 → residue 488,801; each sibling 244,400.50.
    // B1: 244,400.50 − 15,932 = 228,468.50 → 228,469 (0.50 rounds up).
    //   Tax = 24,430 × 35 % = 8,550.50, + 45 % × (228,469 − 24,430 = 204,039) = 91,817.55
    //   → 100,368.05 → 100,368.
    // B2 (disabled): 244,400.50 − 15,932 − 159,325 = 69,143.50 → 69,144.
    //   Tax = 8,550.50 + 45 % × (69,144 − 24,430 = 44,714) = 20,121.30 → 28,671.80 → 28,672.
    // B3 unrelated: 10,000 − 1,594 = 8,406; 60 % → 5,043.60 → 5,044.
    // Total 100,368 + 28,672 + 5,044 = 134,084.
    expect(answerOf(dossier)).toEqual({
      beneficiaires: {
        B1: { part_taxable: 228469, droits: 100368 },
        B2: { part_taxable: 69144, droits: 28672 },
        B3: { part_taxable: 8406, droits: 5044 },
      },
      total_droits: 134084,
    });
    const r = compute(readDossier(dossier));
    exact(r.beneficiaries[0]!.taxableExact, "228468.50");
    expect(r.beneficiaries[1]!.allowance.items.map((i) => [i.source, i.amount.toString(0)])).toEqual([
      ["relationship", "15932"],
      ["disability", "159325"],
    ]);
  });
});

describe("official examples (service-public.gouv.fr)", () => {
  it("F14198: a child inheriting 150,000 € pays 8,194 €", () => {
    // 150,000 − 100,000 = 50,000; 1,380.75 + 0.20 × (50,000 − 15,932 = 34,068) = 1,380.75 + 6,813.60
    // = 8,194.35 → 8,194.
    const a = answerOf({
      kind: "estate",
      date: "2026-01-10",
      person: { name: "P", birthDate: "1940-01-01" },
      beneficiaries: [{ id: "E", name: "Enfant", relationship: "child", birthDate: "1970-01-01" }],
      assets: [{ label: "Biens", value: 150000 }],
      residue: [{ beneficiary: "E", share: "1" }],
    });
    expect(a).toEqual({ beneficiaires: { E: { part_taxable: 50000, droits: 8194 } }, total_droits: 8194 });
  });

  const gift = (relationship: string, value: number) => ({
    kind: "gift",
    date: "2026-01-10",
    person: { name: "P", birthDate: "1950-01-01" },
    beneficiaries: [{ id: "D", name: "Donataire", relationship, birthDate: "1990-01-01" }],
    gifts: [{ label: "Appartement", value, to: [{ beneficiary: "D", fraction: "1" }] }],
  });

  it("F14203: a gift of 200,000 € to a child pays 18,194 €", () => {
    // 200,000 − 100,000 = 100,000; 1,380.75 + 0.20 × (100,000 − 15,932 = 84,068) = 1,380.75 + 16,813.60
    // = 18,194.35 → 18,194.
    expect(answerOf(gift("child", 200000))).toEqual({ beneficiaires: { D: { part_taxable: 100000, droits: 18194 } }, total_droits: 18194 });
  });

  it("F14203: a gift of 100,000 € to a grandchild pays 11,821 €", () => {
    // 100,000 − 31,865 = 68,135; 403.60 + 403.70 + 573.45 + 0.20 × (68,135 − 15,932 = 52,203)
    // = 1,380.75 + 10,440.60 = 11,821.35 → 11,821.
    expect(answerOf(gift("grandchild", 100000))).toEqual({ beneficiaires: { D: { part_taxable: 68135, droits: 11821 } }, total_droits: 11821 });
  });
});
