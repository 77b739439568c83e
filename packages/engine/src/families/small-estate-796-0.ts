import type Fraction from "fraction.js";
import { LAW_SERIES, type Law } from "@succ/rules";
import type { Beneficiary, EstateDossier } from "../dossier.js";
import { euro, lt } from "../exact.js";
import { scanFor } from "../by-beneficiary.js";
import { euros, exactEuros } from "../french.js";
import { applies, family, type Context, type Exemption } from "../family.js";

const S = LAW_SERIES.exemptions.smallEstate;

/**
 * Art. 796-0 with art. 800 I (cgi): below a gross estate of 50,000 € the direct line, the spouse
 * and the PACS partner owe nothing, unless a prior gift to them was not registered (800 I 1°);
 * below 3,000 €, "les personnes autres que celles visées au 1°" owe nothing either (800 I 2°,
 * read literally: one of the first kind with an unregistered gift is not exempt, whatever the
 * gross estate). BOI-ENR-DMTG-10-20-10 § 1. Counterfactual: `smallEstate`.
 */
export const SMALL_ESTATE = family({
  name: "petites successions",
  articles: [S.directLine.reference.article, S.directLineBelow.reference.article],
  ruleSets: ["cgi"],
  step: "exemption",
  fields: [{ path: "priorGifts[].registered", ruleSets: ["cgi"], checks: ["true or false (default true)"] }],
  switches: {
    smallEstate: { ruleSets: ["cgi"], fr: "exonération des petites successions (art. 796-0 et 800 I)" },
  },
  exemptionWhy(e: Exemption, _sex: "F" | "M" | null, _law: Law, grossAssets: Fraction | null): string | null {
    return e.reason === "smallEstate" ? `petite succession, actif brut de ${grossAssets === null ? "" : exactEuros(grossAssets)}` : null;
  },
  exemption(c: Context, b: Beneficiary, estate: { smallEstate: string | null } | null): Exemption | null {
    const small = { reason: "smallEstate", article: S.directLine.reference.article } as const;
    if (estate === null || estate.smallEstate === null) return null;
    // 800 I 1° (both thresholds are below 50,000 €): the direct line, the spouse and the partner, without an unregistered gift.
    if (c.law.exemptions.smallEstate.directLine.includes(b.relationship)) return scanFor(c.d.priorGifts, b.id).some((g) => g.beneficiary === b.id && !g.registered) ? null : small;
    // 800 I 2°: the others, below 3,000 €.
    return estate.smallEstate === "everyone" ? small : null;
  },
});

/** Which threshold the gross estate is below, when the family applies. */
export function smallEstateOf(d: Pick<EstateDossier, "ruleSet">, law: Law, ignore: ReadonlySet<string>, assets: Fraction): "directLine" | "everyone" | null {
  if (!applies(SMALL_ESTATE, d.ruleSet) || ignore.has("smallEstate")) return null;
  const s = law.exemptions.smallEstate;
  if (lt(assets, euro(s.everyoneBelow))) return "everyone";
  if (lt(assets, euro(s.directLineBelow))) return "directLine";
  return null;
}

/** Its line of the sheet, under the estate. */
export function smallEstateLine(which: "directLine" | "everyone", law: Law): string {
  const s = law.exemptions.smallEstate;
  return which === "everyone"
    ? `  Actif brut inférieur à ${euros(s.everyoneBelow)} : les héritiers autres que la ligne directe, le conjoint et le partenaire de PACS sont exonérés ; ceux-ci le sont sauf donation antérieure non enregistrée (art. ${S.directLine.reference.article} et ${S.everyoneBelow.reference.article} 1° et 2°).`
    : `  Actif brut inférieur à ${euros(s.directLineBelow)} : la ligne directe, le conjoint et le partenaire de PACS sont exonérés, sauf donation antérieure non enregistrée (art. ${S.directLine.reference.article} et ${S.directLineBelow.reference.article}).`;
}
