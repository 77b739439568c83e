/**
 * Computed mode refuses what it does not model, naming the field (docs/dossier.md, "What computed
 * mode refuses"). Each case changes one thing of a valid dossier and expects exactly that path.
 */
import { describe, expect, it } from "vitest";
import { compute, readDossier } from "../src/index.js";
import { errorOf } from "./helpers.js";

type Json = Record<string, any>;

const who = (id: string, relationship: string, birthDate = "1975-01-01"): Json => ({ id, name: `Personne ${id}`, relationship, birthDate });

/** A valid file: a spouse under the community of acquests, two common children, a friend. */
function base(): Json {
  return {
    kind: "estate",
    law: "cgi",
    date: "2025-06-12",
    person: { name: "Claude Martin", birthDate: "1948-05-05" },
    beneficiaries: [who("S", "spouse", "1950-01-01"), who("A", "child"), who("B", "child"), who("F", "unrelated")],
    assets: [
      { label: "Maison", value: 400_000, ownership: "common" },
      { label: "Terre", value: 100_000, ownership: "own", receivedFrom: { parent: "mother", by: "succession" } },
    ],
    debts: [{ label: "Prêt", value: 20_000, ownership: "common" }],
    family: { spouse: "S", children: [{ id: "A", common: true }, { id: "B", common: true }], father: { status: "predeceased" }, mother: { status: "predeceased" }, siblings: [] },
    marriage: { regime: "communaute_legale", spouseOption: "legal_quarter" },
  };
}

/** A valid file without a spouse: parents, a sibling and nephews. */
function noSpouse(): Json {
  return {
    kind: "estate",
    law: "cgi",
    date: "2025-06-12",
    person: { name: "Claude Martin", birthDate: "1960-05-05" },
    beneficiaries: [who("P", "parent", "1935-01-01"), who("X", "sibling"), who("N", "nephew", "2000-01-01"), who("F", "unrelated")],
    assets: [{ label: "Comptes", value: 300_000 }],
    family: { children: [], father: { id: "P" }, mother: { status: "predeceased" }, siblings: [{ id: "X" }, { id: "Z", name: "Zoé", status: "predeceased", descendants: [{ id: "N" }] }] },
  };
}

function refusedAt(d: Json): string[] {
  return errorOf(() => compute(readDossier(d))).issues.map((i) => i.path);
}

const cases: [string, () => Json, string][] = [
  ["family under the seed rules", () => ({ ...base(), law: "seed" }), "family"],
  ["family in a gift", () => ({ kind: "gift", law: "cgi", date: "2025-06-12", person: { name: "X", birthDate: "1950-01-01" }, beneficiaries: [who("A", "child")], gifts: [{ label: "Don", value: 1000, to: [{ beneficiary: "A", fraction: "1" }] }], family: {} }), "family"],
  ["residue with family", () => ({ ...base(), residue: [{ beneficiary: "A", share: "1" }] }), "residue"],
  ["spouseUsufruct with family", () => ({ ...base(), spouseUsufruct: "S" }), "spouseUsufruct"],
  ["represents with family", () => { const d = noSpouse(); d.beneficiaries[2].represents = "Z"; return d; }, "beneficiaries[2].represents"],
  ["a spouse beneficiary not named in family", () => { const d = base(); delete d.family.spouse; delete d.marriage; d.family.children = [{ id: "A" }, { id: "B" }]; d.assets.forEach((a: Json) => delete a.ownership); delete d.debts[0].ownership; return d; }, "family.spouse"],
  ["a spouse and a partner together", () => { const d = base(); d.beneficiaries.push(who("Q", "pacs")); d.family.partner = "Q"; return d; }, "beneficiaries"],
  ["an id repeated in family", () => { const d = base(); d.family.children.push({ id: "A", common: true }); return d; }, "family.children[2].id"],
  ["a living node that is not a beneficiary", () => { const d = base(); d.family.children.push({ id: "Z9", common: true }); return d; }, "family.children[2].id"],
  ["a predeceased node whose id is a beneficiary", () => { const d = base(); d.family.children[1] = { id: "B", name: "B", status: "predeceased", common: true }; return d; }, "family.children[1].id"],
  ["a relationship that disagrees with the place", () => { const d = base(); d.beneficiaries[2].relationship = "grandchild"; return d; }, "family.children[1].id"],
  ["descendants beyond the great-grandchildren", () => {
    const d = noSpouse();
    d.family.children = [{ id: "C", name: "C", status: "predeceased", descendants: [{ id: "D", name: "D", status: "predeceased", descendants: [{ id: "E", name: "E", status: "predeceased", descendants: [{ id: "N" }] }] }] }];
    return d;
  }, "family.children[0].descendants[0].descendants[0].descendants"],
  ["descendants on the father", () => { const d = noSpouse(); d.family.father = { id: "P", descendants: [] }; return d; }, "family.father.descendants"],
  ["common missing with a spouse", () => { const d = base(); delete d.family.children[0].common; return d; }, "family.children[0].common"],
  ["common without a spouse", () => { const d = noSpouse(); d.beneficiaries.push(who("K", "child")); d.family.children = [{ id: "K", common: true }]; return d; }, "family.children[0].common"],
  ["ascendants missing when needed", () => { const d = noSpouse(); d.beneficiaries = [who("F", "unrelated")]; d.family = { children: [], father: { status: "predeceased" }, mother: { status: "predeceased" }, siblings: [] }; d.will = { universalLegatee: "F" }; return d; }, "family.ascendants"],
  ["collaterals missing when ascendants are none", () => { const d = noSpouse(); d.beneficiaries = [who("F", "unrelated")]; d.family = { children: [], father: { status: "predeceased" }, mother: { status: "predeceased" }, siblings: [], ascendants: [] }; d.will = { universalLegatee: "F" }; return d; }, "family.collaterals"],
  ["a collateral beyond the 6th degree", () => { const d = noSpouse(); d.beneficiaries.push(who("K", "collateral")); d.family.collaterals = [{ id: "K", branch: "paternal", degree: 7 }]; return d; }, "family.collaterals[0].degree"],
  ["an ascendant of degree 1", () => { const d = noSpouse(); d.beneficiaries.push(who("G", "ascendant", "1920-01-01")); d.family.ascendants = [{ id: "G", branch: "paternal", degree: 1 }]; return d; }, "family.ascendants[0].degree"],
  ["marriage without a spouse", () => ({ ...noSpouse(), marriage: { regime: "separation_de_biens" } }), "marriage"],
  ["a spouse without marriage", () => { const d = base(); delete d.marriage; d.assets.forEach((a: Json) => delete a.ownership); delete d.debts[0].ownership; return d; }, "marriage"],
  ["ownership missing under a community", () => { const d = base(); delete d.assets[0].ownership; return d; }, "assets[0].ownership"],
  ["common under separation", () => { const d = base(); d.marriage.regime = "separation_de_biens"; d.debts[0].ownership = "own"; return d; }, "assets[0].ownership"],
  ["a récompense above the net common mass", () => { const d = base(); d.marriage.recompense = { to: "deceased", amount: 400_000 }; return d; }, "marriage.recompense"],
  ["a récompense under separation", () => { const d = base(); d.marriage = { regime: "separation_de_biens", recompense: { to: "deceased", amount: 1000 }, spouseOption: "legal_quarter" }; d.assets.forEach((a: Json) => (a.ownership = "own")); d.debts[0].ownership = "own"; return d; }, "marriage.recompense"],
  ["a récompense with attribution intégrale", () => { const d = base(); d.marriage.attributionIntegrale = true; d.marriage.recompense = { to: "deceased", amount: 1000 }; return d; }, "marriage.recompense"],
  ["attribution intégrale under separation", () => { const d = base(); d.marriage = { regime: "separation_de_biens", attributionIntegrale: true, spouseOption: "legal_quarter" }; d.assets.forEach((a: Json) => (a.ownership = "own")); d.debts[0].ownership = "own"; return d; }, "marriage.attributionIntegrale"],
  ["attribution intégrale with a child of another union (art. 1527 al. 2)", () => { const d = base(); d.marriage.attributionIntegrale = true; d.family.children[1].common = false; return d; }, "marriage.attributionIntegrale"],
  ["the option missing with descendants", () => { const d = base(); delete d.marriage.spouseOption; return d; }, "marriage.spouseOption"],
  ["an option without descendants", () => { const d = base(); d.beneficiaries = [d.beneficiaries[0], who("F", "unrelated")]; d.family.children = []; d.assets.pop(); return d; }, "marriage.spouseOption"],
  ["legal usufruct with a child of another union", () => { const d = base(); d.family.children[1].common = false; d.marriage.spouseOption = "legal_usufruct"; return d; }, "marriage.spouseOption"],
  ["a ddv option without a liberality", () => { const d = base(); d.marriage.spouseOption = "ddv_usufruct"; return d; }, "marriage.spouseOption"],
  ["a ddv option with both liberalities", () => { const d = base(); d.marriage.spouseOption = "ddv_usufruct"; d.marriage.donationEntreEpoux = true; d.will = { spouseLargestDisposable: true }; return d; }, "marriage.spouseOption"],
  ["a ddv option with a prior gift (D6)", () => { const d = base(); d.marriage.spouseOption = "ddv_disposable"; d.marriage.donationEntreEpoux = true; d.priorGifts = [{ beneficiary: "F", date: "2020-01-01", value: 1000 }]; return d; }, "marriage.spouseOption"],
  ["a 1094 liberality without descendants beside another legacy (D6)", () => { const d = base(); d.beneficiaries = [d.beneficiaries[0], who("F", "unrelated")]; d.family.children = []; delete d.marriage.spouseOption; d.marriage.donationEntreEpoux = true; d.bequests = [{ beneficiary: "F", amount: 1000 }]; d.assets.pop(); return d; }, "marriage.donationEntreEpoux"],
  ["a bequest to the spouse (art. 758-6)", () => ({ ...base(), bequests: [{ beneficiary: "S", amount: 1000 }] }), "bequests[0].beneficiary"],
  ["a universal legacy to the spouse", () => ({ ...base(), will: { universalLegatee: "S" } }), "will.universalLegatee"],
  ["a legacy to one who inherits by representation (D8)", () => ({ ...noSpouse(), bequests: [{ beneficiary: "N", amount: 1000 }] }), "bequests[0].beneficiary"],
  ["the disposable share with another legacy", () => ({ ...base(), bequests: [{ beneficiary: "F", amount: 1000 }], will: { disposableShareTo: "F" } }), "will.disposableShareTo"],
  ["fractions above 1", () => ({ ...base(), will: { fractionalLegacies: [{ beneficiary: "F", share: "2/3" }, { beneficiary: "A", share: "1/2" }] } }), "will.fractionalLegacies"],
  ["bequests above the net estate", () => ({ ...base(), bequests: [{ beneficiary: "F", amount: 900_000 }] }), "bequests"],
  ["a gift to an heir not outside share (art. 843)", () => ({ ...base(), priorGifts: [{ beneficiary: "A", date: "2020-01-01", value: 1000 }] }), "priorGifts[0].outsideShare"],
  ["a gift to an heir outside share set to false", () => ({ ...base(), priorGifts: [{ beneficiary: "A", date: "2020-01-01", value: 1000, outsideShare: false }] }), "priorGifts[0].outsideShare"],
  ["a prior gift to the spouse (art. 758-6)", () => ({ ...base(), priorGifts: [{ beneficiary: "S", date: "2020-01-01", value: 1000 }] }), "priorGifts[0].beneficiary"],
  ["a prior gift to a representing heir (D14)", () => ({ ...noSpouse(), priorGifts: [{ beneficiary: "N", date: "2020-01-01", value: 1000, outsideShare: true }] }), "priorGifts[0].beneficiary"],
  ["gifts above the disposable share (art. 923)", () => ({ ...base(), priorGifts: [{ beneficiary: "F", date: "2020-01-01", value: 500_000 }] }), "priorGifts"],
  ["received by gift from a living parent (art. 738-2)", () => { const d = noSpouse(); d.assets.push({ label: "Terre", value: 1000, receivedFrom: { parent: "father", by: "gift" } }); return d; }, "assets[1].receivedFrom"],
  ["received from a parent on a common asset of the community of acquests (art. 1405)", () => { const d = base(); d.assets[0].receivedFrom = { parent: "father", by: "succession" }; return d; }, "assets[0].receivedFrom"],
  ["art. 757-3 property with a legacy (D7)", () => {
    const d = base();
    d.beneficiaries = [d.beneficiaries[0], who("X", "sibling"), who("F", "unrelated")];
    d.family.children = [];
    d.family.siblings = [{ id: "X" }];
    delete d.marriage.spouseOption;
    d.bequests = [{ beneficiary: "F", amount: 1000 }];
    return d;
  }, "assets[1].receivedFrom"],
  ["no heir and no universal legatee (art. 768)", () => ({ ...noSpouse(), beneficiaries: [who("F", "unrelated")], family: { children: [], father: { status: "predeceased" }, mother: { status: "predeceased" }, siblings: [], ascendants: [], collaterals: [] } }), "family"],
  ["a collateral without family", () => ({ kind: "estate", law: "cgi", date: "2025-06-12", person: { name: "X", birthDate: "1950-01-01" }, beneficiaries: [who("K", "collateral")], assets: [{ label: "C", value: 1000 }], residue: [{ beneficiary: "K", share: "1" }] }), "beneficiaries[0].relationship"],
  ["a parent under the seed rules", () => ({ kind: "estate", date: "2025-06-12", person: { name: "X", birthDate: "1950-01-01" }, beneficiaries: [who("P", "parent", "1930-01-01")], assets: [{ label: "C", value: 1000 }], residue: [{ beneficiary: "P", share: "1" }] }), "beneficiaries[0].relationship"],
  ["ownership without family", () => ({ kind: "estate", law: "cgi", date: "2025-06-12", person: { name: "X", birthDate: "1950-01-01" }, beneficiaries: [who("A", "child")], assets: [{ label: "C", value: 1000, ownership: "own" }], residue: [{ beneficiary: "A", share: "1" }] }), "assets[0].ownership"],
];

describe("computed mode refuses, naming the field", () => {
  it("the base dossiers are valid", () => {
    expect(compute(readDossier(base())).answer.total_droits).toBeGreaterThanOrEqual(0);
    expect(compute(readDossier(noSpouse())).answer.total_droits).toBeGreaterThan(0);
  });
  it.each(cases)("%s", (_name, make, path) => {
    expect(refusedAt(make())).toEqual([path]);
  });
});
