import type Fraction from "fraction.js";
import { disposableShareFor, type Law } from "@succ/rules";
import type { EstateDossier } from "../dossier.js";
import { DossierError } from "../errors.js";
import { add, lt, mul, mulRatio, ONE, positive, sub, sum, ZERO } from "../exact.js";
import type { GrossEstate } from "../assets.js";
import type { CivilFile, FamilyNode, SpouseOption } from "./family.js";
import { aliveParents, bySouche, formsSouche, heirsByLaw, lawFraction, siblingsFrom, type Distribution, type Order, type Representation } from "./heirs.js";
import type { EstateAsset, Liquidation } from "./liquidation.js";
import { listOf } from "../lists.js";

/**
 * Steps 3-5 of computed mode: the heirs by law, the reserve and the reduction of legacies, the
 * surviving spouse; the result is each beneficiary's full ownership, usufruct and bare ownership
 * of the net estate N, its legacies and its family property of art. 757-3 (§10.4 of the
 * contract, docs/dossier.md "Computed mode"). The civil computation never values a usufruct.
 */

export type CivilTitle = "heir" | "legatee" | "spouse" | "retour757-3";

/** What one beneficiary takes, exactly. */
export interface CivilShare {
  id: string;
  title: CivilTitle;
  /** The articles it takes under ("art. 738", "art. 1003"); "exclu" heirs: the article that excludes them. */
  basis: string;
  fullOwnership: Fraction;
  usufruct: Fraction;
  bareOwnership: Fraction;
  /** Legacies after reduction (particular, fractional, universal, of the disposable share). */
  legacies: Fraction;
  /** Art. 757-3 property, net of its part of the debts and funeral costs (art. 870). */
  retour: Fraction;
}

export type LegacyKind = "bequest" | "fractional" | "disposableShare" | "universal";

export interface Legacy {
  beneficiary: string;
  kind: LegacyKind;
  /** Its value before reduction, and after. */
  before: Fraction;
  after: Fraction;
  /** The fraction of a fractional legacy. */
  share: Fraction | null;
}

export interface Devolution {
  liquidation: Liquidation | null;
  /** N: the net estate, as valued for the tax (decision D1). */
  netEstate: Fraction;
  grossEstate: Fraction;
  /** Σ of the prior gifts at their value at death (art. 922). */
  gifts: Fraction;
  /** M = N + Σ gifts (art. 922). */
  calculationMass: Fraction;
  /** q (art. 913, 914-1, 916) and the number of children it counted. */
  disposableShare: Fraction;
  childrenCounted: number;
  /** A = q × M − Σ gifts: the room left for legacies. */
  available: Fraction;
  legacies: Legacy[];
  /** Whether the legacies other than the universal one exceeded A and were reduced (art. 926). */
  reduced: boolean;
  /** E = N − Σ legacies to others after reduction: the property the deceased did not dispose of. */
  heirsMass: Fraction;
  /** The order that inherits (without a spouse, or the descendants beside one). */
  order: Order | null;
  /** The spouse's rule: with descendants (757 or 1094-1), with parents (757-1), alone (757-2), a 1094 liberality without descendants. */
  spouseRule: "757" | "1094-1" | "757-1" | "757-2" | "1094" | null;
  option: SpouseOption | null;
  /** The spouse's full ownership before the caps of art. 758-5, when it is capped. */
  spouseCapped: boolean;
  /** Art. 757-3: the parent the family property came from, its half, and its net value shared. */
  retour: { parent: "father" | "mother"; gross: Fraction; net: Fraction } | null;
  /** The souches of the line that inherits (children, or siblings), for the sheet. */
  souches: { node: FamilyNode; share: Fraction }[];
  /** Who takes in another's place, for the tax allowances (art. 779 I and IV). */
  representation: Map<string, Representation>;
  shares: CivilShare[];
}

const fail = (path: string, message: string): never => {
  throw new DossierError([{ path, message }]);
};

/** Computes the devolution of a liquidated estate whose net estate is `net`. */
export function devolve(d: EstateDossier, c: CivilFile, law: Law, assets: readonly EstateAsset[], gross: GrossEstate, net: Fraction, liquidation: Liquidation | null): Devolution {
  const cl = law.civil;
  const f = c.family;
  const m = c.marriage;
  const w = c.will;
  const spouse = f.spouse;
  const N = net;

  // Step 4: the reserve and the disposable share.
  const childSouches = f.children.filter(formsSouche);
  const k = childSouches.length;
  let q: Fraction;
  if (k > 0) {
    q = lawFraction(disposableShareFor(cl.disposableShare, k));
  } else if (spouse !== null) q = lawFraction(cl.disposableShareWithSpouse);
  else q = ONE;
  let G = ZERO;
  for (let i = 0; i < d.priorGifts.length; i++) G = add(G, c.gifts[i]!.valueAtDeath ?? d.priorGifts[i]!.value);
  const M = add(N, G);
  const A = sub(mul(q, M), G);
  if (lt(A, ZERO)) fail("priorGifts", `the prior gifts (${G.toString(2)} €) exceed the disposable share (${mul(q, M).toString(2)} €): their reduction (art. 923) is out of scope`);

  // Legacies to others than the spouse, valued, then reduced au marc le franc (art. 926).
  let bequests = ZERO;
  const legacies: Legacy[] = [];
  for (const b of d.bequests) {
    bequests = add(bequests, b.amount);
    legacies.push({ beneficiary: b.beneficiary, kind: "bequest", before: b.amount, after: b.amount, share: null });
  }
  for (const l of w.fractionalLegacies) {
    const v = mul(l.share, sub(N, bequests));
    legacies.push({ beneficiary: l.beneficiary, kind: "fractional", before: v, after: v, share: l.share });
  }
  if (w.disposableShareTo !== null) legacies.push({ beneficiary: w.disposableShareTo, kind: "disposableShare", before: A, after: A, share: null });
  let others = ZERO;
  for (const l of legacies) others = add(others, l.before);
  let reduced = false;
  if (lt(A, others)) {
    reduced = true;
    const ratio = A.div(others);
    for (const l of legacies) l.after = mul(l.before, ratio);
  }
  if (w.universalLegatee !== null) {
    const rest = sub(A, sumAfter(legacies));
    const v = positive(rest) ? rest : ZERO;
    legacies.push({ beneficiary: w.universalLegatee, kind: "universal", before: v, after: v, share: null });
  }
  const E = sub(N, sumAfter(legacies));

  // Step 3 and 5: the heirs, the spouse.
  const pp = new Map<string, Fraction>();
  const us = new Map<string, Fraction>();
  const np = new Map<string, Fraction>();
  const retourOf = new Map<string, Fraction>();
  // The article each one takes under: the heirs by law's own map when they come (made for this devolution).
  let basis: Map<string, string>;
  const credit = (mp: Map<string, Fraction>, id: string, x: Fraction): void => {
    if (positive(x)) mp.set(id, add(mp.get(id) ?? ZERO, x));
  };
  let order: Order | null = null;
  let spouseRule: Devolution["spouseRule"] = null;
  let spouseCapped = false;
  let souches: Devolution["souches"] = [];
  let representation = new Map<string, Representation>();
  let retour: Devolution["retour"] = null;
  const share = (dist: Distribution, mass: Fraction, into: Map<string, Fraction>): void => {
    for (const [id, s] of dist.shares) credit(into, id, mul(s, mass));
  };
  const liberality = m !== null && (m.donationEntreEpoux || w.spouseLargestDisposable);

  if (spouse === null) {
    const legal = heirsByLaw(f, law);
    order = legal.order;
    share(legal.dist, E, pp);
    souches = legal.dist.souches;
    representation = legal.dist.representation;
    basis = legal.basis;
  } else if (k > 0) {
    // Art. 757, or an option of art. 1094-1; the descendants take the rest by step 3.
    order = 1;
    // The descendants' heirs by law: their souches, and the article of each.
    const legal = heirsByLaw(f, law);
    const dist = legal.dist;
    souches = dist.souches;
    representation = dist.representation;
    basis = legal.basis;
    const option = m!.spouseOption!;
    spouseRule = option.startsWith("ddv_") ? "1094-1" : "757";
    basis.set(spouse, option.startsWith("ddv_") ? "art. 1094-1" : "art. 757");
    if (option === "legal_usufruct") {
      credit(us, spouse, E);
      share(dist, E, np);
    } else if (option === "legal_quarter") {
      // Art. 758-5: on N, but only on what was not disposed of, and without touching the reserve.
      const quarter = mul(lawFraction(cl.spouseQuarter), N);
      const room = sub(E, mul(sub(ONE, q), M));
      const s = lt(quarter, room) ? quarter : positive(room) ? room : ZERO;
      spouseCapped = !s.equals(quarter);
      credit(pp, spouse, s);
      share(dist, sub(E, s), pp);
    } else if (option === "ddv_disposable") {
      const s = mul(q, N);
      credit(pp, spouse, s);
      share(dist, sub(N, s), pp);
    } else if (option === "ddv_quarter_usufruct") {
      const quarter = mul(lawFraction(cl.spouseLiberalityQuarter), N);
      credit(pp, spouse, quarter);
      credit(us, spouse, sub(N, quarter));
      share(dist, sub(N, quarter), np);
    } else {
      credit(us, spouse, N);
      share(dist, N, np);
    }
  } else if (liberality) {
    // Art. 1094: without descendants, "tout ce dont il pourrait disposer en faveur d'un étranger" (decision D7).
    basis = new Map();
    spouseRule = "1094";
    credit(pp, spouse, N);
    basis.set(spouse, "art. 1094");
  } else {
    basis = new Map();
    const parents = aliveParents(f);
    if (parents.length > 0) {
      // Art. 757-1, capped by E (art. 758-5); the parents share the rest equally.
      spouseRule = "757-1";
      order = 2;
      const part = lawFraction(parents.length === 2 ? cl.spouseWithBothParents : cl.spouseWithOneParent);
      const want = mul(part, N);
      const s = lt(want, E) ? want : E;
      spouseCapped = !s.equals(want);
      credit(pp, spouse, s);
      for (const p of parents) {
        credit(pp, p.id!, mulRatio(sub(E, s), 1, parents.length));
        basis.set(p.id!, "art. 757-1");
      }
      basis.set(spouse, "art. 757-1");
    } else {
      // Art. 757-2, except the family property of art. 757-3.
      spouseRule = "757-2";
      basis.set(spouse, "art. 757-2");
      let spouseTakes = E;
      const family = assets.filter((a) => a.civil.receivedFrom !== null);
      if (family.length > 0) {
        const parent = family[0]!.civil.receivedFrom!.parent;
        const dist = bySouche(siblingsFrom(f, parent), "sibling");
        if (dist.shares.size > 0) {
          // The values as taxed (the main residence after art. 764 bis), half of each (art. 757-3), bearing the passive in proportion (art. 870).
          const valueOf = (a: EstateAsset): Fraction => (gross.mainResidence !== null && gross.mainResidence.asset === a.asset ? sub(a.asset.value, gross.mainResidence.reduction) : a.asset.value);
          const half = mul(lawFraction(cl.familyPropertyToSiblings), sum(listOf(family, valueOf)));
          const netPart = positive(gross.gross) ? mul(half, N).div(gross.gross) : ZERO;
          retour = { parent, gross: half, net: netPart };
          share(dist, netPart, retourOf);
          souches = dist.souches;
          representation = dist.representation;
          for (const id of dist.shares.keys()) basis.set(id, dist.representation.has(id) ? "art. 757-3, 752-2" : "art. 757-3");
          spouseTakes = sub(E, netPart);
        }
      }
      credit(pp, spouse, spouseTakes);
    }
  }

  // Legacies and titles, for every beneficiary (those the law excludes too, with 0).
  const legacyOf = new Map<string, Fraction>();
  const legacyBasis = new Map<string, string>();
  for (const l of legacies) {
    credit(legacyOf, l.beneficiary, l.after);
    const before = legacyBasis.get(l.beneficiary);
    legacyBasis.set(l.beneficiary, before ? `${before}, ${ARTICLE[l.kind]}` : ARTICLE[l.kind]);
  }
  const shares: CivilShare[] = listOf(d.beneficiaries, (b) => {
    const id = b.id;
    const fullOwnership = pp.get(id) ?? ZERO;
    const usufruct = us.get(id) ?? ZERO;
    const bareOwnership = np.get(id) ?? ZERO;
    const legaciesOf = legacyOf.get(id) ?? ZERO;
    const retourShare = retourOf.get(id) ?? ZERO;
    const byLaw = basis.get(id);
    let title: CivilTitle;
    if (id === spouse) title = "spouse";
    else if (byLaw !== undefined && byLaw.startsWith("art. 757-3")) title = "retour757-3";
    else if (byLaw !== undefined) title = "heir";
    else title = legacyBasis.has(id) ? "legatee" : "heir";
    const byWill = legacyBasis.get(id);
    const basisOf = byLaw ? (byWill ? `${byLaw} ; ${byWill}` : byLaw) : byWill || excludedBasis(b.relationship, f.partner === id);
    return { id, title, basis: basisOf, fullOwnership, usufruct, bareOwnership, legacies: legaciesOf, retour: retourShare };
  });
  return { liquidation, netEstate: N, grossEstate: gross.gross, gifts: G, calculationMass: M, disposableShare: q, childrenCounted: k, available: A, legacies, reduced, heirsMass: E, order, spouseRule, option: m?.spouseOption ?? null, spouseCapped, retour, souches, representation, shares };
}

/** The article of each kind of legacy. */
const ARTICLE: Readonly<Record<LegacyKind, string>> = { bequest: "art. 1014", fractional: "art. 1010", disposableShare: "art. 913, 1010", universal: "art. 1003" };

/** Σ of the legacies after reduction. */
function sumAfter(legacies: readonly Legacy[]): Fraction {
  let s = ZERO;
  for (const l of legacies) s = add(s, l.after);
  return s;
}

/** Why a person of the family takes nothing by law. */
function excludedBasis(rel: string, partner: boolean): string {
  if (partner) return "art. 731-732 (le partenaire de PACS n'est pas successible)";
  return "art. 734 (exclu par un ordre ou un degré plus proche)";
}
