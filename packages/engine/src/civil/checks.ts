import type { EstateDossier, Reader } from "../dossier.js";
import { add, lt, ZERO } from "../exact.js";
import type { CivilFile } from "./family.js";
import { aliveParents, formsSouche, legalHeirIds, needsRemoteOrders, siblingsFrom, soucheIds } from "./heirs.js";
import { listOf } from "../lists.js";

/**
 * The checks of computed mode that need the whole file but no amount of the law (docs/dossier.md,
 * "Refused"): what the engine does not model is refused with the field named, never guessed.
 */
export function checkCivilFile(r: Reader, d: EstateDossier, c: CivilFile): void {
  const f = c.family;
  const m = c.marriage;
  const w = c.will;
  const spouse = f.spouse;
  const souches = f.children.filter(formsSouche);
  const hasDescendants = souches.length > 0;
  const community = m !== null && m.regime !== "separation_de_biens";

  // Ownership and the liquidation (art. 1400-1536).
  c.assets.forEach((a, i) => {
    const p = `assets[${i}]`;
    if (community && a.ownership === null) r.fail(`${p}.ownership`, `missing: under ${m!.regime} every asset is "own" or "common"`);
    if (!community && a.ownership === "common") r.fail(`${p}.ownership`, `"common" needs a community regime${m === null ? " (and a surviving spouse)" : ""}; write an asset held in indivision at the value of the deceased's part`);
    if (a.receivedFrom !== null) {
      const common = a.ownership === "common" || (m?.regime === "communaute_universelle" && a.ownership === null);
      if (m?.regime === "communaute_legale" && common) r.fail(`${p}.receivedFrom`, "under the community of acquests what a spouse receives by succession or gift is own property (art. 1405): write it \"own\"");
      const parent = a.receivedFrom.parent === "father" ? f.father : f.mother;
      if (a.receivedFrom.by === "gift" && parent.status === "alive") r.fail(`${p}.receivedFrom`, "a gift from a parent who survives brings the parent's droit de retour (art. 738-2), out of scope");
    }
  });
  c.debts.forEach((x, i) => {
    const p = `debts[${i}]`;
    if (community && x.ownership === null) r.fail(`${p}.ownership`, `missing: under ${m!.regime} every debt is "own" or "common"`);
    if (!community && x.ownership === "common") r.fail(`${p}.ownership`, '"common" needs a community regime');
  });
  if (m !== null && m.recompense !== null && community) {
    let mass = ZERO;
    const isCommon = (o: "own" | "common" | null): boolean => o === "common" || (o === null && m.regime === "communaute_universelle");
    d.assets.forEach((a, i) => {
      if (isCommon(c.assets[i]!.ownership)) mass = add(mass, a.value);
    });
    d.debts.forEach((x, i) => {
      if (isCommon(c.debts[i]!.ownership)) mass = mass.sub(x.value);
    });
    if (lt(mass, m.recompense.amount)) r.fail("marriage.recompense", `the récompense (${m.recompense.amount.toString(2)} €) is above the net common mass (${mass.toString(2)} €)`);
  }
  if (m !== null && m.attributionIntegrale && souches.some((s) => s.common === false)) {
    r.fail("marriage.attributionIntegrale", "with a child who is not the spouse's, the action en retranchement (art. 1527 al. 2) is out of scope");
  }

  // The spouse's option (art. 757, 758-3, 1094-1).
  const liberality = m !== null && (m.donationEntreEpoux || w.spouseLargestDisposable);
  const otherLegacies = d.bequests.length > 0 || w.fractionalLegacies.length > 0 || w.universalLegatee !== null || w.disposableShareTo !== null;
  if (m !== null) {
    const o = m.spouseOption;
    if (hasDescendants && o === null) r.fail("marriage.spouseOption", "missing: with descendants the spouse's option is needed (the project does not presume the usufruct of art. 758-4)");
    if (!hasDescendants && o !== null) r.fail("marriage.spouseOption", "the spouse has an option only with descendants (art. 757)");
    if (hasDescendants && o === "legal_usufruct" && souches.some((s) => s.common === false)) {
      r.fail("marriage.spouseOption", '"legal_usufruct" needs all children common to both spouses (art. 757); with a child of another union the spouse takes the quarter in full ownership');
    }
    if (hasDescendants && o !== null && o.startsWith("ddv_")) {
      if (!m.donationEntreEpoux && !w.spouseLargestDisposable) r.fail("marriage.spouseOption", `"${o}" needs a donation entre époux (marriage.donationEntreEpoux) or a will leaving the spouse the disposable share of art. 1094-1 (will.spouseLargestDisposable)`);
      else if (m.donationEntreEpoux && w.spouseLargestDisposable) r.fail("marriage.spouseOption", "a donation entre époux and a will to the spouse of the same disposable share together are out of scope");
      else if (otherLegacies || d.priorGifts.length > 0) r.fail("marriage.spouseOption", "a donation entre époux option with other legacies or prior gifts combines the disposable shares of art. 913 and 1094-1, out of scope");
    }
    if (!hasDescendants && liberality && (otherLegacies || d.priorGifts.length > 0)) {
      r.fail(m.donationEntreEpoux ? "marriage.donationEntreEpoux" : "will.spouseLargestDisposable", "a liberality of art. 1094 to the spouse with other legacies or prior gifts is out of scope (decision D6)");
    }
  }

  // The will.
  if (w.disposableShareTo !== null && (d.bequests.length > 0 || w.fractionalLegacies.length > 0 || w.universalLegatee !== null)) {
    r.fail("will.disposableShareTo", "a legacy of the disposable share stands alone: no other legacy with it");
  }
  if (spouse !== null) {
    d.bequests.forEach((b, i) => {
      if (b.beneficiary === spouse) r.fail(`bequests[${i}].beneficiary`, "a legacy to the spouse other than will.spouseLargestDisposable is out of scope (imputation of art. 758-6)");
    });
    w.fractionalLegacies.forEach((l) => {
      if (l.beneficiary === spouse) r.fail(`will.fractionalLegacies[${l.index}].beneficiary`, "a legacy to the spouse other than will.spouseLargestDisposable is out of scope (art. 758-6)");
    });
    if (w.universalLegatee === spouse) r.fail("will.universalLegatee", "a legacy to the spouse other than will.spouseLargestDisposable is out of scope (art. 758-6)");
    if (w.disposableShareTo === spouse) r.fail("will.disposableShareTo", "for the spouse, write will.spouseLargestDisposable (art. 1094-1); another legacy to the spouse is out of scope");
  }

  // Who inherits, and who takes in another's place.
  let heirs: Set<string>;
  let through: Set<string>;
  if (hasDescendants || spouse === null) ({ ids: heirs, through } = legalHeirIds(f));
  else {
    heirs = new Set<string>();
    through = new Set<string>();
    const parents = aliveParents(f);
    for (const p of parents) heirs.add(p.id!);
    // Art. 757-3: the siblings who take family property come through their souche too.
    if (parents.length === 0 && !liberality) {
      const from = new Set(listOf(c.assets.filter((a) => a.receivedFrom !== null), (a) => a.receivedFrom!.parent));
      for (const parent of from) soucheIds(siblingsFrom(f, parent), null, through);
    }
  }
  if (spouse !== null) heirs.add(spouse);
  const takesThrough = (id: string): boolean => through.has(id);
  d.bequests.forEach((b, i) => {
    if (takesThrough(b.beneficiary)) r.fail(`bequests[${i}].beneficiary`, `"${b.beneficiary}" inherits in another's place and is also a legatee: the split is out of scope (decisions D8, D14)`);
  });
  w.fractionalLegacies.forEach((l) => {
    if (takesThrough(l.beneficiary)) r.fail(`will.fractionalLegacies[${l.index}].beneficiary`, `"${l.beneficiary}" inherits in another's place and is also a legatee: out of scope (D8, D14)`);
  });
  for (const key of ["universalLegatee", "disposableShareTo"] as const) {
    const id = w[key];
    if (id !== null && takesThrough(id)) r.fail(`will.${key}`, `"${id}" inherits in another's place and is also a legatee: out of scope (D8, D14)`);
  }

  // Prior gifts (art. 843, 758-6, 922).
  d.priorGifts.forEach((g, i) => {
    const p = `priorGifts[${i}]`;
    const civil = c.gifts[i]!;
    if (g.beneficiary === spouse) r.fail(`${p}.beneficiary`, "a prior gift to the spouse is imputed on the spouse's rights (art. 758-6), out of scope");
    else if (takesThrough(g.beneficiary)) r.fail(`${p}.beneficiary`, `"${g.beneficiary}" inherits in another's place: a prior gift to him is out of scope (D14)`);
    else if (heirs.has(g.beneficiary) && civil.outsideShare !== true) {
      r.fail(`${p}.outsideShare`, 'required (true) for a gift to an heir: a gift "en avancement de part successorale" is reported (rapport, art. 843), which is out of scope');
    }
  });

  // The 3rd and 4th orders need their lists; without any heir the State would take (art. 768).
  if (spouse === null && needsRemoteOrders(f)) {
    if (f.ascendants === null) r.fail("family.ascendants", "missing: with no spouse, no descendant, no parent and no sibling, list the living ascendants (or [])");
    else if (f.ascendants.length === 0 && f.collaterals === null) r.fail("family.collaterals", "missing: with no ascendant either, list the living collaterals of the 4th order (or [])");
    else if (heirs.size === 0 && w.universalLegatee === null) r.fail("family", "no heir and no universal legatee: the estate would go to the State (art. 768), out of scope");
  }

  // Art. 757-3: the family property of a deceased without descendants nor parents, beside a spouse.
  if (spouse !== null && !hasDescendants && aliveParents(f).length === 0 && !liberality) {
    let first: "father" | "mother" | null = null;
    c.assets.forEach((a, i) => {
      if (a.receivedFrom === null) return;
      if (otherLegacies) r.fail(`assets[${i}].receivedFrom`, "family property of art. 757-3 with a legacy is out of scope (decision D7)");
      else if (first !== null && a.receivedFrom.parent !== first) r.fail(`assets[${i}].receivedFrom`, "art. 757-3 property received from both parents in one estate is out of scope (decision D15)");
      first ??= a.receivedFrom.parent;
    });
  }
}
