import type Fraction from "fraction.js";
import { LAW_SERIES, usufructPercent, type Law, type ScaleName } from "@succ/rules";
import type { Beneficiary, EstateDossier } from "../dossier.js";
import { ageOn } from "../dates.js";
import { mul, mulRatio, ONE, positive } from "../exact.js";
import type { Devolution } from "./devolution.js";

/**
 * The bridge from the civil devolution to the tax modules, which stay as they are: what each
 * beneficiary receives (full ownership, bare ownership valued by art. 669 CGI at the spouse's
 * age, legacies, art. 757-3 property), and how one who takes in another's place is taxed
 * (art. 779 I and IV CGI, BOI-ENR-DMTG-20-30-20-10 § 40; decision D11).
 */

export interface CivilPart {
  kind: "fullOwnership" | "bareOwnership" | "usufruct" | "legacy" | "retour757-3";
  label: string;
  base: Fraction;
  barePercent: number;
  usufructuaryAge: number | null;
  amount: Fraction;
}

/** The usufructuary's age and the usufruct percent of art. 669 (the spouse's, the only usufructuary here). */
export function usufructOf(d: EstateDossier, law: Law): { age: number; percent: number } | null {
  const id = d.civil?.family.spouse ?? null;
  if (id === null) return null;
  const b = d.beneficiaries.find((x) => x.id === id)!;
  const age = ageOn(b.birthDate, d.date);
  return { age, percent: usufructPercent(law.usufruct669, age) };
}

export function civilParts(dev: Devolution, d: EstateDossier, law: Law, b: Beneficiary, ignore: ReadonlySet<string>): CivilPart[] {
  const s = dev.shares.find((x) => x.id === b.id);
  if (s === undefined) return [];
  const out: CivilPart[] = [];
  if (positive(s.fullOwnership)) out.push({ kind: "fullOwnership", label: "part en pleine propriété", base: s.fullOwnership, barePercent: 100, usufructuaryAge: null, amount: s.fullOwnership });
  // The usufructuary's age, read only for a share split between usufruct and bare ownership.
  if (positive(s.bareOwnership) || positive(s.usufruct)) {
    const u = usufructOf(d, law);
    const split = u !== null && !ignore.has("usufruct669");
    if (positive(s.bareOwnership)) {
      const bare = split ? 100 - u!.percent : 100;
      out.push({ kind: "bareOwnership", label: "part en nue-propriété", base: s.bareOwnership, barePercent: bare, usufructuaryAge: split ? u!.age : null, amount: bare === 100 ? s.bareOwnership : mulRatio(s.bareOwnership, bare, 100) });
    }
    if (positive(s.usufruct)) {
      const pct = split ? u!.percent : 0;
      out.push({ kind: "usufruct", label: "usufruit", base: s.usufruct, barePercent: pct, usufructuaryAge: u?.age ?? null, amount: mulRatio(s.usufruct, pct, 100) });
    }
  }
  if (positive(s.legacies)) out.push({ kind: "legacy", label: "legs", base: s.legacies, barePercent: 100, usufructuaryAge: null, amount: s.legacies });
  if (positive(s.retour)) out.push({ kind: "retour757-3", label: "biens de famille (art. 757-3 C. civ.)", base: s.retour, barePercent: 100, usufructuaryAge: null, amount: s.retour });
  return out;
}

/**
 * The allowance of one who takes in another's place: a share of the represented child's
 * allowance (art. 779 I) or sibling's (art. 779 IV), "d'après les règles de la dévolution
 * légale", when representation holds for the tax: two souches or more, or a single souche of a
 * predeceased child (RM Le Nay, JOAN 23 Nov. 2010). `null`: the beneficiary comes in its own right.
 */
export function representationAllowance(dev: Devolution | null, law: Law, b: Beneficiary): { amount: Fraction; article: string; scale: ScaleName } | null {
  const rep = dev?.representation.get(b.id);
  if (rep === undefined) return null;
  const refs = LAW_SERIES.allowances.personal.estate;
  if (rep.line === "child") {
    if (rep.souches < 2 && rep.head.status !== "predeceased") return null;
    return { amount: mul(rep.ofSouche, ONE.mul(law.allowances.personal.estate.child)), article: refs.child.reference.article, scale: law.scaleOf.child };
  }
  if (rep.souches < 2) return null;
  return { amount: mul(rep.ofSouche, ONE.mul(law.allowances.personal.estate.sibling)), article: refs.sibling.reference.article, scale: law.scaleOf.sibling };
}

/** A collateral beyond the degree of art. 777 tableau III's relatives takes the scale of unrelated persons. */
export function collateralScale(d: EstateDossier, law: Law, b: Beneficiary): ScaleName | null {
  if (b.relationship !== "collateral") return null;
  const c = d.civil?.family.collaterals?.find((x) => x.id === b.id);
  return c !== undefined && c.degree > law.relativesMaxDegree ? "unrelated" : null;
}
