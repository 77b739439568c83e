import type Fraction from "fraction.js";
import type { Law } from "@succ/rules";
import type { Beneficiary, EstateDossier } from "./dossier.js";
import { add, euro, lt, mul, positive, sub, ZERO } from "./exact.js";
import type { Rule } from "./rules.js";
import { scaleSlices, type BandDetail } from "./scale.js";

/** A beneficiary's part of the life-insurance contracts (cgi). */
export interface LifeInsuranceShare {
  /** Art. 990 I: Σ of the sums due for premiums paid before 70 and from 1998-10-13 × the beneficiary's fraction. */
  capital990I: Fraction;
  /** Σ of the sums due for premiums paid before 1998-10-13 × the fraction: exempt from the levy and from death duties. */
  capitalBefore1998: Fraction;
  /** Exempt from the levy: the spouse, the PACS partner, a sibling exempt under art. 796-0 ter. */
  exempt990I: boolean;
  /** The allowance of art. 990 I (152,500 €), 0 when exempt. */
  allowance990I: number;
  /** capital − allowance, at least 0. */
  taxable990I: Fraction;
  bands990I: BandDetail[];
  levyExact: Fraction;
  /** The levy, rounded half up to the euro once. */
  levy: number;
  /** Art. 757 B: the beneficiary's part of the taxable premiums paid after 70 (each contract's base: the premiums, or the sums due if lower). */
  premiums757B: Fraction;
  /** Exempt from inheritance tax (spouse, partner, exempt sibling): the part is not taxed and takes no share of the allowance. */
  exempt757B: boolean;
  /** The beneficiary's share of the 30,500 € allowance, in proportion to its part of the taxable premiums. */
  allowance757B: Fraction;
  /** premiums − allowance share, at least 0: added to the value received from the estate. */
  excess757B: Fraction;
}

/** Art. 757 B: a contract's base, the premiums paid after 70, limited to the sums due for them when given. */
export function base757B(c: EstateDossier["lifeInsurance"][number]): Fraction {
  return c.capitalAfter70 !== null && lt(c.capitalAfter70, c.premiumsAfter70) ? c.capitalAfter70 : c.premiumsAfter70;
}

/**
 * Each beneficiary's part of the contracts: the levy of art. 990 I (per beneficiary, all contracts
 * together; 152,500 € allowance, then 20 % up to 700,000 € and 31.25 % above), and the premiums
 * paid after 70 of art. 757 B, whose 30,500 € allowance (all contracts, all beneficiaries) is
 * shared among the beneficiaries who are not exempt in proportion to their part of the taxable
 * premiums; each one's excess is taxed with what it receives from the estate. `exempt(b)` says
 * whether a beneficiary is exempt from inheritance tax (art. 796-0 bis, 796-0 ter).
 */
export function lifeInsuranceOf(d: EstateDossier, law: Law, exempt: (b: Beneficiary) => boolean, ignore: ReadonlySet<Rule>): Map<string, LifeInsuranceShare> {
  const out = new Map<string, LifeInsuranceShare>();
  if (d.lifeInsurance.length === 0) return out;
  const li = law.lifeInsurance;
  const capital = new Map<string, Fraction>();
  const premiums = new Map<string, Fraction>();
  const before1998 = new Map<string, Fraction>();
  for (const c of d.lifeInsurance) {
    const base = base757B(c);
    for (const s of c.beneficiaries) {
      // Premiums paid before 1998-10-13: outside the levy and the death duties (RM n° 52843), shown on the sheet only.
      if (c.capitalBefore1998 !== null) before1998.set(s.beneficiary, add(before1998.get(s.beneficiary) ?? ZERO, mul(c.capitalBefore1998, s.fraction)));
      capital.set(s.beneficiary, add(capital.get(s.beneficiary) ?? ZERO, mul(c.capitalBefore70, s.fraction)));
      premiums.set(s.beneficiary, add(premiums.get(s.beneficiary) ?? ZERO, mul(base, s.fraction)));
    }
  }
  const taxed757B = (b: Beneficiary): boolean => !exempt(b) && !ignore.has("premiums757B");
  let P = ZERO;
  for (const b of d.beneficiaries) if (taxed757B(b)) P = add(P, premiums.get(b.id) ?? ZERO);
  const allowance = euro(li.allowance757B);
  for (const b of d.beneficiaries) {
    const cap = capital.get(b.id);
    const prem = premiums.get(b.id);
    if (cap === undefined || prem === undefined) continue;
    // Art. 990 I: the spouse, the partner and an exempt sibling owe no levy.
    const levyExempt = !ignore.has("levyExemption990I") && (li.exempt990I.includes(b.relationship) || (b.relationship === "sibling" && exempt(b)));
    const noLevy = levyExempt || ignore.has("levy990I");
    const allowance990I = noLevy ? 0 : li.allowance990I;
    const taxable990I = noLevy || !lt(euro(allowance990I), cap) ? ZERO : sub(cap, euro(allowance990I));
    const slices = scaleSlices(li.scale990I, ZERO, taxable990I);
    // Art. 757 B.
    const taxed = taxed757B(b) && positive(prem);
    let share = ZERO;
    if (taxed) share = ignore.has("allowance757BShared") ? allowance : mulRatioF(allowance, prem, P);
    const excess = taxed && lt(share, prem) ? sub(prem, share) : ZERO;
    out.set(b.id, {
      capital990I: cap,
      capitalBefore1998: before1998.get(b.id) ?? ZERO,
      exempt990I: levyExempt,
      allowance990I,
      taxable990I,
      bands990I: slices.bands,
      levyExact: slices.taxExact,
      levy: slices.tax,
      premiums757B: prem,
      exempt757B: !taxed757B(b),
      allowance757B: share,
      excess757B: excess,
    });
  }
  return out;
}

/** a × p / q for fractions (p ≤ q, q > 0). */
function mulRatioF(a: Fraction, p: Fraction, q: Fraction): Fraction {
  return p.equals(q) ? a : mul(a, p.div(q));
}

