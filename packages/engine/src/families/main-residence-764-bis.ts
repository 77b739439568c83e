import type Fraction from "fraction.js";
import { LAW_SERIES, type Law } from "@succ/rules";
import { beneficiaryOf } from "../by-beneficiary.js";
import { ageOn } from "../dates.js";
import type { Asset, EstateDossier } from "../dossier.js";
import { mulRatio, ZERO } from "../exact.js";
import { euros } from "../french.js";
import { applies, family, line, pct, switchOn } from "../family.js";

/** The main residence's reduction of art. 764 bis, and who lives there that grants it. */
export interface MainResidenceDetail {
  asset: Asset;
  /** The occupants that grant the reduction (beneficiary ids), and whether a child of the spouse or partner does. */
  qualifyingOccupants: string[];
  spouseChild: boolean;
  reductionPercent: number;
  reduction: Fraction;
}

/**
 * Art. 764 bis (cgi): the main residence reduced by 20 % when it is also, on the day of death, the
 * main residence of the spouse or partner, or of a minor, protected or disabled child.
 * Counterfactual: `mainResidence764bis` forgets the 20 %.
 */
export const MAIN_RESIDENCE = family({
  name: "résidence principale",
  articles: [LAW_SERIES.mainResidence.reductionPercent.reference.article],
  ruleSets: ["cgi"],
  step: "grossEstate",
  fields: [
    { path: "assets[].mainResidence", ruleSets: ["cgi"], checks: ["true or false", "one asset at most"] },
    { path: "assets[].occupiedBy", ruleSets: ["cgi"], checks: ["known beneficiary ids", "only on the main residence"] },
    { path: "assets[].occupiedBySpouseChild", ruleSets: ["cgi"], checks: ["true or false", "only on the main residence"] },
    { path: "beneficiaries[].protectedAdult", ruleSets: ["cgi"], checks: ["true or false", "estates only"] },
  ],
  switches: {
    mainResidence764bis: { ruleSets: ["cgi"], fr: "abattement de 20 % sur la résidence principale (art. 764 bis)" },
  },
});

/** The reduction of the main residence, when the dossier has one (null otherwise, and under a rule set without the family). */
export function mainResidenceOf(d: Pick<EstateDossier, "ruleSet" | "assets" | "beneficiaries" | "date">, law: Law, ignore: ReadonlySet<string>): MainResidenceDetail | null {
  if (!applies(MAIN_RESIDENCE, d.ruleSet)) return null;
  const residence = d.assets.find((a) => a.mainResidence);
  if (residence === undefined) return null;
  const m = law.mainResidence;
  const qualifying = residence.occupiedBy.filter((id) => {
    const b = beneficiaryOf(d.beneficiaries, id)!;
    if (m.partners.includes(b.relationship)) return true;
    return m.children.includes(b.relationship) && (ageOn(b.birthDate, d.date) < m.minorBelow || b.protectedAdult || b.disabled);
  });
  const reduces = (qualifying.length > 0 || residence.occupiedBySpouseChild) && switchOn(MAIN_RESIDENCE, d.ruleSet, ignore, "mainResidence764bis");
  const reduction = reduces ? mulRatio(residence.value, m.reductionPercent, 100) : ZERO;
  return { asset: residence, qualifyingOccupants: qualifying, spouseChild: residence.occupiedBySpouseChild, reductionPercent: reduces ? m.reductionPercent : 0, reduction };
}

/** Its line of the sheet, under the asset. */
export function mainResidenceLine(m: MainResidenceDetail): string {
  const art = MAIN_RESIDENCE.articles[0];
  if (m.reductionPercent > 0) {
    const who = [...m.qualifyingOccupants, ...(m.spouseChild ? ["un enfant du conjoint ou du partenaire"] : [])].join(", ");
    return line(`abattement de ${pct(m.reductionPercent)} (art. ${art}, occupée par ${who})`, `− ${euros(m.reduction)}`, 6);
  }
  return `      pas d'abattement de l'art. ${art} : aucun occupant qui y ouvre droit`;
}
