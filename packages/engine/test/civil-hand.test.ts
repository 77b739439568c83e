/**
 * Computed mode worked by hand: each rule of the civil devolution (C. civ.), each decision of the
 * project and the tax of those who take in another's place, with the arithmetic in comments. The
 * law is that of 2025-06-12 (date of every death here, "cgi" rules): flat funeral deduction
 * 1,500 € (art. 775 CGI), allowances 100,000 € (child, parent, ascendant, art. 779 I), 15,932 €
 * (sibling, 779 IV), 7,967 € (nephew, 779 V), 1,594 € (788 IV), art. 669 usufruct 30 % from 71 to
 * 80 years, 40 % from 61 to 70.
 */
import { describe, expect, it } from "vitest";
import { compute, devolutionJson, explain, readDossier, type ComputeResult, type Devolution } from "../src/index.js";

type Json = Record<string, any>;

/** A person of the dossier: id, relationship; names and births made up. */
function who(id: string, relationship: string, birthDate = "1975-01-01"): Json {
  return { id, name: `Personne ${id}`, relationship, birthDate };
}

/** An estate of 2025-06-12 of one account of `gross` euros, no debt: N = gross − 1,500. */
function estate(beneficiaries: Json[], family: Json, more: Json = {}, gross = 601_500): Json {
  return {
    kind: "estate",
    law: "cgi",
    date: "2025-06-12",
    person: { name: "Claude Martin", birthDate: "1948-05-05" },
    beneficiaries,
    assets: [{ label: "Comptes", value: gross }],
    family: { children: [], father: { status: "predeceased" }, mother: { status: "predeceased" }, siblings: [], ...family },
    ...more,
  };
}

function run(d: Json): ComputeResult & { devolution: Devolution } {
  const r = compute(readDossier(d));
  if (r.kind !== "estate" || r.devolution === undefined) throw new Error("expected computed mode");
  return r as ComputeResult & { devolution: Devolution };
}

/** The shares of the devolution as exact strings. */
function shares(d: Json): Record<string, { fullOwnership: string; usufruct: string; bareOwnership: string; legacies: string; retour757_3: string; title: string }> {
  return devolutionJson(run(d).devolution).shares;
}

describe("liquidation of the matrimonial regime (art. 1441, 1475, 1485, 1524, 1526, 1536)", () => {
  const kids = [who("S", "spouse", "1950-01-01"), who("A", "child"), who("B", "child")];
  const fam = { spouse: "S", children: [{ id: "A", common: true }, { id: "B", common: true }] };
  it("community of acquests, récompense owed to the survivor: the estate takes (C − r) / 2", () => {
    // Common: 300,000 + 100,000 − 20,000 = 380,000; r = −40,000 (to the survivor): (380,000 − 40,000) / 2 = 170,000.
    // Estate: own 50,000 + ½ × 400,000 − ½ × 20,000 − 40,000 / 2 = 50,000 + 200,000 − 10,000 − 20,000 = 220,000; N = 218,500.
    const d = estate(kids, fam, {
      assets: [
        { label: "Maison", value: 300_000, ownership: "common" },
        { label: "Comptes", value: 100_000, ownership: "common" },
        { label: "Terre", value: 50_000, ownership: "own" },
      ],
      debts: [{ label: "Prêt", value: 20_000, ownership: "common" }],
      marriage: { regime: "communaute_legale", recompense: { to: "survivor", amount: 40_000 }, spouseOption: "legal_quarter" },
    });
    const r = run(d);
    expect(r.devolution.liquidation!.estatePart.toFraction()).toBe("170000");
    expect(r.devolution.liquidation!.survivorPart.toFraction()).toBe("210000");
    expect(r.devolution.netEstate.toFraction()).toBe("218500");
    // Quarter 54,625; children 3/8 each = 81,937.50, below the 100,000 allowance.
    expect(shares(d).A!.fullOwnership).toBe("81937.5");
    expect(r.answer.total_droits).toBe(0);
  });
  it("universal community: every asset not written own is common; attribution intégrale leaves only the own ones", () => {
    // Common 500,000 (no ownership written), own 150,000. Attribution intégrale: the estate is 150,000; N = 148,500.
    // Children, usufruct to the spouse: bare ownership ½ × 148,500 = 74,250 each, × 70 % (spouse 75) = 51,975 < 100,000.
    const d = estate(kids, fam, {
      assets: [
        { label: "Maison", value: 500_000, ownership: "common" },
        { label: "Titres reçus de sa mère", value: 150_000, ownership: "own" },
      ],
      marriage: { regime: "communaute_universelle", attributionIntegrale: true, spouseOption: "legal_usufruct" },
    });
    const r = run(d);
    expect(r.devolution.netEstate.toFraction()).toBe("148500");
    expect(r.devolution.liquidation!.survivorPart.toFraction()).toBe("500000");
    expect(shares(d).A!.bareOwnership).toBe("74250");
    expect(r.beneficiaries.find((b) => b.id === "A")!.received.toFraction()).toBe("51975");
  });
  it("universal community without the clause: half of the common mass, written as half of each item", () => {
    // 500,000 common → 250,000; own 150,000: gross 400,000, N = 398,500.
    const d = estate(kids, fam, {
      assets: [
        { label: "Maison", value: 500_000, ownership: "common" },
        { label: "Titres", value: 150_000, ownership: "own" },
      ],
      marriage: { regime: "communaute_universelle", spouseOption: "legal_quarter" },
    });
    expect(run(d).devolution.netEstate.toFraction()).toBe("398500");
  });
});

describe("heirs by law without a spouse (art. 734-750)", () => {
  it("representation to the infinite in the direct line: a great-grandchild in a predeceased grandchild's place (art. 752-753)", () => {
    // Two souches: A ½; the predeceased child C's ½ goes per head to G1 (¼) and to the predeceased G2's children H1, H2 (⅛ each).
    const d = estate([who("A", "child"), who("G1", "grandchild"), who("H1", "greatgrandchild"), who("H2", "greatgrandchild")], {
      children: [{ id: "A" }, { id: "C", name: "Carl", status: "predeceased", descendants: [{ id: "G1" }, { id: "G2", name: "Gil", status: "predeceased", descendants: [{ id: "H1" }, { id: "H2" }] }] }],
    });
    const s = shares(d);
    // N = 600,000: A 300,000, G1 150,000, H1 and H2 75,000.
    expect([s.A!.fullOwnership, s.G1!.fullOwnership, s.H1!.fullOwnership, s.H2!.fullOwnership]).toEqual(["300000", "150000", "75000", "75000"]);
    // Tax: two souches, C's 100,000 split in proportion to the shares in the souche: G1 ½ (50,000), H1 and H2 ¼ (25,000).
    const r = run(d);
    expect(r.beneficiaries.find((b) => b.id === "H1")!.allowance.total.toFraction()).toBe("25000");
    expect(r.answer.beneficiaires.H1!.part_taxable).toBe(50_000);
  });
  it("one parent with siblings: a quarter to the parent, three quarters to the siblings whatever their blood (art. 738, D9)", () => {
    // N = 600,000: mother 150,000; the germain and the consanguin sister 225,000 each.
    const d = estate([who("M", "parent", "1930-01-01"), who("X", "sibling"), who("Y", "sibling")], {
      mother: { id: "M" },
      siblings: [{ id: "X", blood: "germain" }, { id: "Y", blood: "consanguin" }],
    });
    expect(shares(d).M!.fullOwnership).toBe("150000");
    expect(shares(d).Y!.fullOwnership).toBe("225000");
  });
  it("both parents without siblings: half each (art. 736)", () => {
    const d = estate([who("F", "parent", "1930-01-01"), who("M", "parent", "1932-01-01")], { father: { id: "F" }, mother: { id: "M" } });
    expect(shares(d).F!.fullOwnership).toBe("300000");
    // 300,000 − 100,000 = 200,000 on the direct-line scale: 38,194 (as in the contract's case of a child of 300,000).
    expect(run(d).answer.beneficiaires.F!.droits).toBe(38_194);
  });
  it("a sole parent and ascendants of the other branch: half and half (art. 738-1)", () => {
    // Father alive, mother predeceased; the maternal grandmother G (degree 2) takes the other half; a paternal grandfather takes nothing.
    const d = estate([who("F", "parent", "1930-01-01"), who("G", "ascendant", "1910-01-01"), who("P", "ascendant", "1905-01-01")], {
      father: { id: "F" },
      ascendants: [{ id: "G", branch: "maternal", degree: 2 }, { id: "P", branch: "paternal", degree: 2 }],
    });
    const s = shares(d);
    expect([s.F!.fullOwnership, s.G!.fullOwnership, s.P!.fullOwnership]).toEqual(["300000", "300000", "0"]);
  });
  it("a sole parent without ascendants of the other branch takes all (art. 736, 738-1 a contrario)", () => {
    const d = estate([who("F", "parent", "1930-01-01")], { father: { id: "F" } });
    expect(shares(d).F!.fullOwnership).toBe("600000");
  });
  it("3rd order, one branch alone takes all; the nearest degree excludes the farther (art. 748, 744)", () => {
    // Maternal only: the grandmother (2) excludes the great-grandfather (3); no paternal ascendant: all to her.
    const d = estate([who("G", "ascendant", "1930-01-01"), who("T", "ascendant", "1910-01-01")], {
      ascendants: [{ id: "G", branch: "maternal", degree: 2 }, { id: "T", branch: "maternal", degree: 3 }],
    });
    expect(shares(d).G!.fullOwnership).toBe("600000");
    expect(shares(d).T!.fullOwnership).toBe("0");
  });
  it("an ascendant of one branch excludes the collaterals of the other (art. 734: each order excludes the next)", () => {
    const d = estate([who("G", "ascendant", "1930-01-01"), who("U", "collateral")], {
      ascendants: [{ id: "G", branch: "paternal", degree: 2 }],
      collaterals: [{ id: "U", branch: "maternal", degree: 3 }],
    });
    expect(shares(d).G!.fullOwnership).toBe("600000");
    expect(shares(d).U!.fullOwnership).toBe("0");
  });
  it("4th order by branches; a cousin of the 5th degree pays 60 % (art. 777 tableau III CGI), one of the 4th 55 %", () => {
    // Paternal: the cousin K4 (4th degree) alone; maternal: the nearest is K5 (5th) beside K6 (6th): ½ each branch.
    // K4: 300,000 − 1,594 = 298,406 × 55 % = 164,123.30; K5: 298,406 × 60 % = 179,043.60.
    const d = estate([who("K4", "collateral"), who("K5", "collateral"), who("K6", "collateral")], {
      ascendants: [],
      collaterals: [{ id: "K4", branch: "paternal", degree: 4 }, { id: "K5", branch: "maternal", degree: 5 }, { id: "K6", branch: "maternal", degree: 6 }],
    });
    const a = run(d).answer.beneficiaires;
    expect(a.K4).toEqual({ part_taxable: 298_406, droits: 164_123 });
    expect(a.K5).toEqual({ part_taxable: 298_406, droits: 179_044 });
    expect(a.K6).toEqual({ part_taxable: 0, droits: 0 });
  });
});

describe("the tax of those who take in another's place (art. 779 I and IV CGI; decision D11)", () => {
  it("a single souche of a predeceased only child shares the child's allowance (RM Le Nay)", () => {
    // N = 600,000: G1, G2 300,000 each; allowance 50,000 each: 250,000 taxable.
    const d = estate([who("G1", "grandchild"), who("G2", "grandchild")], { children: [{ id: "C", name: "Carl", status: "predeceased", descendants: [{ id: "G1" }, { id: "G2" }] }] });
    expect(run(d).answer.beneficiaires.G1!.part_taxable).toBe(250_000);
  });
  it("a single souche of a renouncing only child comes in its own right: 1,594 € each (rescrit 2011/22)", () => {
    // 300,000 − 1,594 = 298,406.
    const d = estate([who("G1", "grandchild"), who("G2", "grandchild")], { children: [{ id: "C", name: "Carl", status: "renounced", descendants: [{ id: "G1" }, { id: "G2" }] }] });
    expect(run(d).answer.beneficiaires.G1!.part_taxable).toBe(298_406);
  });
  it("nephews of the only, predeceased sibling come in their own right: 7,967 € and 55 % (RM JOAN 2010, 2013)", () => {
    // 300,000 − 7,967 = 292,033 × 55 % = 160,618.15.
    const d = estate([who("N1", "nephew"), who("N2", "nephew")], { siblings: [{ id: "S", name: "Sam", status: "predeceased", descendants: [{ id: "N1" }, { id: "N2" }] }] });
    expect(run(d).answer.beneficiaires.N1).toEqual({ part_taxable: 292_033, droits: 160_618 });
  });
  it("'representation' switched off: the representatives take their own allowance and scale", () => {
    // Two sibling souches: N1 ¼ of 600,000 = 150,000; own right: 150,000 − 7,967 = 142,033 at 55 % = 78,118.15.
    const d = estate([who("X", "sibling"), who("N1", "nephew"), who("N2", "nephew")], { siblings: [{ id: "X" }, { id: "S", name: "Sam", status: "predeceased", descendants: [{ id: "N1" }, { id: "N2" }] }] });
    expect(compute(readDossier(d), { ignore: ["representation"] }).answer.beneficiaires.N1).toEqual({ part_taxable: 142_033, droits: 78_118 });
  });
});

describe("reserve, disposable share and reduction (art. 912-926)", () => {
  const three = [who("A", "child"), who("B", "child"), who("C", "child"), who("F", "unrelated"), who("G", "unrelated")];
  const fam3 = { children: [{ id: "A" }, { id: "B" }, { id: "C" }] };
  it("three children: a quarter; a bequest and a fractional legacy above it are reduced au marc le franc (art. 913, 926)", () => {
    // N = 600,000, q = ¼: A = 150,000. Bequest 100,000 to F; ½ of (600,000 − 100,000) = 250,000 to G: Σ 350,000 > 150,000.
    // Reduced by 150,000 / 350,000 = 3/7: F 300,000/7, G 750,000/7; E = 450,000: 150,000 per child.
    const d = estate(three, fam3, { bequests: [{ beneficiary: "F", amount: 100_000 }], will: { fractionalLegacies: [{ beneficiary: "G", share: "1/2" }] } });
    const s = shares(d);
    expect(s.F!.legacies).toBe("300000/7");
    expect(s.G!.legacies).toBe("750000/7");
    expect(s.A!.fullOwnership).toBe("150000");
    expect(devolutionJson(run(d).devolution).reductions.length).toBe(2);
  });
  it("a universal legatee with a reserve takes the disposable share left by the other legacies (art. 1003, 1009)", () => {
    // q = ¼ of 600,000 = 150,000; bequest 30,000 to F: the universal legatee G takes 120,000; the children 150,000 each.
    const d = estate(three, fam3, { bequests: [{ beneficiary: "F", amount: 30_000 }], will: { universalLegatee: "G" } });
    expect(shares(d).G!.legacies).toBe("120000");
    expect(shares(d).C!.fullOwnership).toBe("150000");
  });
  it("prior gifts enter the masse de calcul at their value at death and are imputed on the disposable share (art. 922, 919-2)", () => {
    // One child A, a 2010 gift to the friend F worth 100,000 at death: M = 600,000 + 100,000 = 700,000; q × M = 350,000;
    // A = 350,000 − 100,000 = 250,000: the friend G, legatee of the disposable share, takes 250,000; A keeps 350,000.
    const d = estate([who("A", "child"), who("F", "unrelated"), who("G", "unrelated")], { children: [{ id: "A" }] }, {
      will: { disposableShareTo: "G" },
      priorGifts: [{ beneficiary: "F", date: "2010-01-01", value: 60_000, valueAtDeath: 100_000, allowanceUsed: 0 }],
    });
    const r = run(d);
    expect(r.devolution.calculationMass.toFraction()).toBe("700000");
    expect(shares(d).G!.legacies).toBe("250000");
    expect(shares(d).A!.fullOwnership).toBe("350000");
  });
  it("gifts above the disposable share are refused (reduction of gifts, art. 923)", () => {
    const d = estate([who("A", "child"), who("F", "unrelated")], { children: [{ id: "A" }] }, { priorGifts: [{ beneficiary: "F", date: "2020-01-01", value: 700_000 }] });
    expect(() => run(d)).toThrow(/priorGifts/);
  });
});

describe("the surviving spouse (art. 757, 757-1, 757-2, 757-3, 758-5, 1094, 1094-1)", () => {
  const S = who("S", "spouse", "1950-01-01");
  it("the quarter is capped by the reserve when a legacy takes the disposable share (art. 758-5)", () => {
    // Two common children, N = 600,000; a bequest of 200,000 to F (q = ⅓, A = 200,000: not reduced); E = 400,000.
    // Quarter 150,000, but E − (1 − ⅓) × 600,000 = 0: the spouse takes 0, the children 200,000 each.
    const d = estate([S, who("A", "child"), who("B", "child"), who("F", "unrelated")], { spouse: "S", children: [{ id: "A", common: true }, { id: "B", common: true }] }, {
      bequests: [{ beneficiary: "F", amount: 200_000 }],
      marriage: { regime: "separation_de_biens", spouseOption: "legal_quarter" },
    });
    const s = shares(d);
    expect(s.S!.fullOwnership).toBe("0");
    expect(s.A!.fullOwnership).toBe("200000");
    expect(run(d).devolution.spouseCapped).toBe(true);
  });
  it("one parent: three quarters to the spouse (art. 757-1 al. 2); capped by E with a legacy", () => {
    // N = 600,000: spouse 450,000, mother 150,000.
    const base = estate([S, who("M", "parent", "1925-01-01"), who("F", "unrelated")], { spouse: "S", mother: { id: "M" } }, { marriage: { regime: "separation_de_biens" } });
    expect(shares(base).S!.fullOwnership).toBe("450000");
    expect(shares(base).M!.fullOwnership).toBe("150000");
    // A universal legatee: q = ¾ (art. 914-1): F takes 450,000, E = 150,000: the spouse min(450,000, 150,000) = 150,000, the mother 0.
    const willed = { ...base, will: { universalLegatee: "F" } };
    expect(shares(willed).F!.legacies).toBe("450000");
    expect(shares(willed).S!.fullOwnership).toBe("150000");
    expect(shares(willed).M!.fullOwnership).toBe("0");
  });
  it("donation au dernier vivant, usufruct of all (art. 1094-1, 3e cas): the children take the bare ownership", () => {
    // Spouse 75: bare ownership 70 %; child with another union allowed: ½ × 600,000 × 70 % = 210,000 − 100,000 = 110,000.
    const d = estate([S, who("A", "child"), who("B", "child")], { spouse: "S", children: [{ id: "A", common: true }, { id: "B", common: false }] }, {
      marriage: { regime: "separation_de_biens", donationEntreEpoux: true, spouseOption: "ddv_usufruct" },
    });
    expect(run(d).answer.beneficiaires.B!.part_taxable).toBe(110_000);
  });
  it("a liberality of art. 1094 without descendants gives the spouse everything; the parents take nothing (D7)", () => {
    const d = estate([S, who("F1", "parent", "1925-01-01")], { spouse: "S", father: { id: "F1" } }, { marriage: { regime: "separation_de_biens", donationEntreEpoux: true } });
    expect(shares(d).S!.fullOwnership).toBe("600000");
    expect(shares(d).F1!.fullOwnership).toBe("0");
  });
  it("art. 757-3 with a predeceased sister's children: two souches, the nephews share her sibling allowance", () => {
    // Family house 300,000 from the father; gross 600,000, N = 598,500. Half 150,000 × 598,500 / 600,000 = 149,625 to the
    // souches of X (germain) and of the predeceased Z (germain): 74,812.50 to X, 37,406.25 to N1 and N2 each.
    // N1: 37,406.25 − 15,932 / 2 = 29,440.25 → 29,440 on the siblings' scale: 24,430 × 35 % + 5,010 × 45 % = 10,805.
    const d = estate([S, who("X", "sibling"), who("N1", "nephew"), who("N2", "nephew")], {
      spouse: "S",
      siblings: [{ id: "X" }, { id: "Z", name: "Zoé", status: "predeceased", descendants: [{ id: "N1" }, { id: "N2" }] }],
    }, {
      assets: [{ label: "Maison de famille", value: 300_000, receivedFrom: { parent: "father", by: "succession" } }, { label: "Comptes", value: 300_000 }],
      marriage: { regime: "separation_de_biens" },
    }, 0);
    const s = shares(d);
    expect(s.X!.retour757_3).toBe("74812.5");
    expect(s.N1!.retour757_3).toBe("37406.25");
    expect(run(d).answer.beneficiaires.N1).toEqual({ part_taxable: 29_440, droits: 10_805 });
  });
});

describe("the sheet", () => {
  it("prints the devolution before the tax, with the souches and the reserve", () => {
    const d = estate([who("A", "child"), who("G1", "grandchild"), who("G2", "grandchild")], { children: [{ id: "A" }, { id: "C", name: "Carl Martin", status: "renounced", descendants: [{ id: "G1" }, { id: "G2" }] }] });
    const text = explain(run(d));
    const dev = text.indexOf("2. Dévolution successorale");
    expect(dev).toBeGreaterThan(0);
    expect(text.indexOf("3. Droits par bénéficiaire")).toBeGreaterThan(dev);
    expect(text).toContain("souche de Carl Martin (enfant, renonciation");
    expect(text).toContain("Quotité disponible 1/3 de M");
  });
  it("a dossier without family keeps its sheet: no devolution section", () => {
    const d = { kind: "estate", law: "cgi", date: "2025-06-12", person: { name: "Claude", birthDate: "1948-05-05" }, beneficiaries: [who("A", "child")], assets: [{ label: "Comptes", value: 1000 }], residue: [{ beneficiary: "A", share: "1" }] };
    const r = compute(readDossier(d));
    expect(r.kind === "estate" && r.devolution).toBeFalsy();
    expect(explain(r)).not.toContain("Dévolution");
  });
});
