import type Fraction from "fraction.js";
import { LAW_SERIES, type Law, type Relationship } from "@succ/rules";
import { formatDate, formatDateFr, parseDate } from "../dates.js";
import type { Beneficiary, EstateDossier } from "../dossier.js";
import { euro, lt, positive, sub, ZERO } from "../exact.js";
import { euros, exactEuros } from "../french.js";
import { agree, family, line, pct, switchOn, type Checks, type Context } from "../family.js";
import { scaleSlices, type BandDetail } from "../scale.js";
import { exemptSpouseFr } from "./spouse-796-0-bis.js";

const LI = LAW_SERIES.lifeInsurance;

/**
 * Art. 990 I (cgi): the sums due under life-insurance contracts for premiums paid before the
 * insured's 70th birthday and from 1998-10-13 ("seules les sommes correspondant aux primes
 * versées avant le soixante-dixième anniversaire de l'assuré et à compter du 13 octobre 1998
 * seront soumises au prélèvement", RM n° 52843, JOAN) bear a levy of their own; those of the
 * premiums paid before that day (`capitalBefore1998`, which a contract subscribed before it must
 * state and a later one may not carry above 0) bear neither the levy nor death duties. The levy
 * is per beneficiary, all contracts together:
 * an allowance, then 20 % and 31.25 % above a threshold. The spouse, the PACS partner and an
 * exempt sibling (art. 796-0 ter) owe none. Counterfactuals: `levy990I`, `levyExemption990I`.
 */
export const LEVY_990I = family({
  name: "prélèvement sur les capitaux d'assurance-vie",
  articles: [LI.allowance990I.reference.article],
  ruleSets: ["cgi"],
  step: "lifeInsurance",
  fields: [
    { path: "lifeInsurance", ruleSets: ["cgi"], checks: ["estates only"] },
    { path: "lifeInsurance[].subscribedOn", ruleSets: ["cgi"], checks: ["a date before the death", "not before the first day of the contracts the tables hold"] },
    { path: "lifeInsurance[].beneficiaries", ruleSets: ["cgi"], checks: ["known beneficiaries, each once", "fractions summing to 1"] },
    { path: "lifeInsurance[].capitalBefore70", ruleSets: ["cgi"], checks: ["an amount (default 0)"] },
    { path: "lifeInsurance[].capitalBefore1998", ruleSets: ["cgi"], checks: ["an amount, required on a contract subscribed before the day of art. 990 I (premiumsFrom990I)", "0 or absent on a later one"] },
  ],
  switches: {
    levy990I: { ruleSets: ["cgi"], fr: "prélèvement sur les capitaux d'assurance-vie (art. 990 I)" },
    levyExemption990I: { ruleSets: ["cgi"], fr: "exonération du prélèvement de l'art. 990 I pour le conjoint, le partenaire et le frère ou la sœur exonéré (le prélèvement appliqué à la place)" },
  },
  check(c: Context, out: Checks): void {
    if (c.d.kind !== "estate") return;
    const from = c.law.lifeInsurance.contractsFrom;
    for (const k of c.d.lifeInsurance) {
      if (formatDate(k.subscribedOn) < from) out.fail(`lifeInsurance[${k.index}].subscribedOn`, `a contract subscribed before ${from} falls under older regimes, out of the scope of this engine`);
      // Art. 990 I taxes only the premiums paid from its day: an earlier contract states the capital of the earlier ones.
      const split = c.law.lifeInsurance.premiumsFrom990I;
      const before = formatDate(k.subscribedOn) < split;
      if (before && k.capitalBefore1998 === null) out.fail(`lifeInsurance[${k.index}].capitalBefore1998`, `missing: a contract subscribed before ${split} states the capital due for the premiums paid before that day (0 when there were none), as the insurer's statement splits it`);
      if (!before && k.capitalBefore1998 !== null && positive(k.capitalBefore1998)) out.fail(`lifeInsurance[${k.index}].capitalBefore1998`, `a contract subscribed on or after ${split} has no premiums paid before that day`);
    }
  },
});

/** A beneficiary's levy on `capital` (Σ of the sums due for premiums before 70 × its fraction); `exempt(b)`: exempt from inheritance tax. */
export function levy990I(d: Pick<EstateDossier, "ruleSet">, law: Law, ignore: ReadonlySet<string>, b: Beneficiary, capital: Fraction, exempt: (b: Beneficiary) => boolean) {
  const li = law.lifeInsurance;
  const levyExempt = switchOn(LEVY_990I, d.ruleSet, ignore, "levyExemption990I") && (li.exempt990I.includes(b.relationship) || (b.relationship === "sibling" && exempt(b)));
  const noLevy = levyExempt || ignore.has("levy990I");
  const allowance990I = noLevy ? 0 : li.allowance990I;
  const taxable990I = noLevy || !lt(euro(allowance990I), capital) ? ZERO : sub(capital, euro(allowance990I));
  const slices = scaleSlices(li.scale990I, ZERO, taxable990I);
  return { capital990I: capital, exempt990I: levyExempt, allowance990I, taxable990I, bands990I: slices.bands as BandDetail[], levyExact: slices.taxExact, levy: slices.tax };
}

/** Its lines of a beneficiary's sheet. */
export function levyLines(
  li: { capital990I: Fraction; capitalBefore1998: Fraction; exempt990I: boolean; allowance990I: number; taxable990I: Fraction; bands990I: BandDetail[]; levy: number },
  sex: "F" | "M" | null,
  relationship: Relationship,
  law: Law,
): string[] {
  const out: string[] = [];
  const split = formatDateFr(parseDate(law.lifeInsurance.premiumsFrom990I)!);
  if (li.capitalBefore1998.gt(0)) out.push(line(`Assurance-vie, primes versées avant le ${split} : exonérées du prélèvement et des droits de succession`, exactEuros(li.capitalBefore1998), 2));
  if (!li.capital990I.gt(0)) return out;
  out.push(`  Assurance-vie, primes versées avant 70 ans et à compter du ${split} (art. ${LI.allowance990I.reference.article}, prélèvement distinct des droits de succession) :`);
  out.push(line("Capitaux reçus", exactEuros(li.capital990I), 4));
  if (li.exempt990I) {
    // Exempt of the levy as of the inheritance tax: the spouse and the PACS partner (art. 796-0
    // bis), a brother or sister who meets art. 796-0 ter.
    const who =
      relationship === "sibling"
        ? `${agree(sex, "frère", "sœur", "frère ou sœur")} ${agree(sex, "exonéré", "exonérée", "exonéré")} de droits de succession, art. ${LAW_SERIES.exemptions.sibling.olderThan.reference.article}`
        : `${exemptSpouseFr(relationship, sex)}, art. ${LAW_SERIES.exemptions.spouseEstate.reference.article}`;
    out.push(`    ${agree(sex, "Exonéré", "Exonérée", "Exonéré")} du prélèvement (${who}) : 0 €.`);
  }
  else {
    out.push(line("Abattement par bénéficiaire", euros(li.allowance990I), 4));
    out.push(line("Assiette du prélèvement", exactEuros(li.taxable990I), 4));
    for (const b of li.bands990I) {
      const band = b.to === null ? `au-delà de ${euros(b.from)}` : `jusqu'à ${euros(b.to)}`;
      out.push(line(`${band} à ${pct(b.ratePercent)} : ${exactEuros(b.base)} × ${pct(b.ratePercent)}`, exactEuros(b.tax), 6));
    }
    out.push(line("Prélèvement arrondi à l'euro", euros(li.levy), 4));
  }
  return out;
}
