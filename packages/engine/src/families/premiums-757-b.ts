import type Fraction from "fraction.js";
import { LAW_SERIES, type Law } from "@succ/rules";
import type { EstateDossier } from "../dossier.js";
import { euro, lt, mul, positive, sub, ZERO } from "../exact.js";
import { euros, exactEuros } from "../french.js";
import { family, line } from "../family.js";

const LI = LAW_SERIES.lifeInsurance;

/**
 * Art. 757 B (cgi): the premiums paid after the insured's 70th birthday (or the sums due for them,
 * when lower) are taxed with the estate above a global allowance shared by the beneficiaries who
 * are not exempt, in proportion to their part of the taxable premiums. Counterfactuals:
 * `premiums757B`, `allowance757BShared`.
 */
export const PREMIUMS_757B = family({
  name: "primes versées après 70 ans",
  articles: [LI.allowance757B.reference.article],
  ruleSets: ["cgi"],
  step: "lifeInsurance",
  fields: [
    { path: "lifeInsurance[].premiumsAfter70", ruleSets: ["cgi"], checks: ["an amount (default 0)"] },
    { path: "lifeInsurance[].capitalAfter70", ruleSets: ["cgi"], checks: ["an amount, when known"] },
  ],
  switches: {
    premiums757B: { ruleSets: ["cgi"], fr: "droits sur les primes versées après 70 ans (art. 757 B)" },
    allowance757BShared: { ruleSets: ["cgi"], fr: `abattement global de ${euros(LI.allowance757B.periods.at(-1)!.value)} de l'art. 757 B, partagé entre les bénéficiaires (pris en entier par chacun à la place)` },
  },
});

/** A contract's base: the premiums paid after 70, limited to the sums due for them when given. */
export function base757B(c: EstateDossier["lifeInsurance"][number]): Fraction {
  return c.capitalAfter70 !== null && lt(c.capitalAfter70, c.premiumsAfter70) ? c.capitalAfter70 : c.premiumsAfter70;
}

/** A beneficiary's share of the allowance and its excess, from its premiums `prem` and the total `P` of the taxed ones. */
export function premiums757B(law: Law, ignore: ReadonlySet<string>, taxed: boolean, prem: Fraction, P: Fraction): { allowance757B: Fraction; excess757B: Fraction } {
  const allowance = euro(law.lifeInsurance.allowance757B);
  const on = taxed && positive(prem);
  let share = ZERO;
  if (on) share = ignore.has("allowance757BShared") ? allowance : prem.equals(P) ? allowance : mul(allowance, prem.div(P));
  return { allowance757B: share, excess757B: on && lt(share, prem) ? sub(prem, share) : ZERO };
}

/** Its lines of a beneficiary's sheet. */
export function premiumLines(li: { premiums757B: Fraction; exempt757B: boolean; allowance757B: Fraction; excess757B: Fraction }, law: Law): string[] {
  const out: string[] = [];
  out.push(`  Assurance-vie, primes versées après 70 ans (art. ${LI.allowance757B.reference.article}) :`);
  out.push(line("Primes taxables (part du bénéficiaire)", exactEuros(li.premiums757B), 4));
  if (li.exempt757B) out.push("    Non taxées : bénéficiaire exonéré de droits de succession.");
  else {
    out.push(line(`Quote-part de l'abattement global de ${euros(law.lifeInsurance.allowance757B)}, au prorata des primes taxables`, exactEuros(li.allowance757B), 4));
    out.push(line("Excédent ajouté à la valeur reçue", exactEuros(li.excess757B), 4));
  }
  return out;
}
