import type Fraction from "fraction.js";
import type { Law } from "@succ/rules";
import type { Beneficiary, EstateDossier } from "./dossier.js";
import { add, mul, ZERO } from "./exact.js";
import { applies } from "./family.js";
import { LEVY_990I, levy990I } from "./families/levy-990-i.js";
import { base757B, PREMIUMS_757B, premiums757B } from "./families/premiums-757-b.js";
import type { BandDetail } from "./scale.js";

export { base757B };

/** A beneficiary's part of the life-insurance contracts (cgi): art. 990 I and art. 757 B. */
export interface LifeInsuranceShare {
  /** Art. 990 I: Σ of the sums due for premiums paid before 70 and from 1998-10-13 × the beneficiary's fraction. */
  capital990I: Fraction;
  /** Σ of the sums due for premiums paid before 1998-10-13 × the fraction: exempt from the levy and from death duties (shown on the sheet). */
  capitalBefore1998: Fraction;
  /** Exempt from the levy: the spouse, the PACS partner, a sibling exempt under art. 796-0 ter. */
  exempt990I: boolean;
  /** The allowance of art. 990 I, 0 when exempt. */
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
  /** The beneficiary's share of the global allowance, in proportion to its part of the taxable premiums. */
  allowance757B: Fraction;
  /** premiums − allowance share, at least 0: added to the value received from the estate. */
  excess757B: Fraction;
}

/**
 * Each beneficiary named on a contract: its levy of art. 990 I (families/levy-990-i.ts) and its
 * part of the premiums of art. 757 B (families/premiums-757-b.ts). `exempt(b)` says whether a
 * beneficiary is exempt from inheritance tax (art. 796-0 bis, 796-0 ter).
 */
export function lifeInsuranceOf(d: EstateDossier, law: Law, exempt: (b: Beneficiary) => boolean, ignore: ReadonlySet<string>): Map<string, LifeInsuranceShare> {
  const out = new Map<string, LifeInsuranceShare>();
  if (d.lifeInsurance.length === 0 || !applies(LEVY_990I, d.ruleSet) || !applies(PREMIUMS_757B, d.ruleSet)) return out;
  const capital = new Map<string, Fraction>();
  const premiums = new Map<string, Fraction>();
  const before1998 = new Map<string, Fraction>();
  for (let k = 0; k < d.lifeInsurance.length; k++) {
    const c = d.lifeInsurance[k]!;
    const base = base757B(c);
    for (let j = 0; j < c.beneficiaries.length; j++) {
      const s = c.beneficiaries[j]!;
      // Premiums paid before 1998-10-13: outside the levy and the death duties (RM n° 52843), in no base.
      if (c.capitalBefore1998 !== null) before1998.set(s.beneficiary, add(before1998.get(s.beneficiary) ?? ZERO, mul(c.capitalBefore1998, s.fraction)));
      capital.set(s.beneficiary, add(capital.get(s.beneficiary) ?? ZERO, mul(c.capitalBefore70, s.fraction)));
      premiums.set(s.beneficiary, add(premiums.get(s.beneficiary) ?? ZERO, mul(base, s.fraction)));
    }
  }
  const taxed757B = (b: Beneficiary): boolean => !exempt(b) && !ignore.has("premiums757B");
  let P = ZERO;
  const people = d.beneficiaries;
  for (let k = 0; k < people.length; k++) if (taxed757B(people[k]!)) P = add(P, premiums.get(people[k]!.id) ?? ZERO);
  for (let k = 0; k < people.length; k++) {
    const b = people[k]!;
    const cap = capital.get(b.id);
    const prem = premiums.get(b.id);
    if (cap === undefined || prem === undefined) continue;
    const taxed = taxed757B(b);
    const levy = levy990I(d, law, ignore, b, cap, exempt);
    const share = premiums757B(law, ignore, taxed, prem, P);
    // The fields written out, in the order of the two results' (an object spread costs more than the fields it copies).
    out.set(b.id, {
      capital990I: levy.capital990I,
      exempt990I: levy.exempt990I,
      allowance990I: levy.allowance990I,
      taxable990I: levy.taxable990I,
      bands990I: levy.bands990I,
      levyExact: levy.levyExact,
      levy: levy.levy,
      capitalBefore1998: before1998.get(b.id) ?? ZERO,
      premiums757B: prem,
      exempt757B: !taxed,
      allowance757B: share.allowance757B,
      excess757B: share.excess757B,
    });
  }
  return out;
}
