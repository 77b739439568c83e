import { ENACTED } from "./enactments.js";
import { ref, SOURCES } from "./references.js";
import { DESCENDANTS, type Relationship } from "./relationships.js";
import { period, series } from "./series.js";

/** Exemptions of inheritance tax: the spouse (art. 796-0 bis), siblings (796-0 ter), small estates (796-0, 800 I). */

/** Art. 796-0 bis: the surviving spouse and the PACS partner pay no inheritance tax. */
export const SPOUSE_ESTATE_EXEMPTION = series<readonly Relationship[]>(
  "exonération du conjoint survivant et du partenaire de PACS",
  "relationships",
  ref("796-0 bis", "796-0 bis", SOURCES.BOFIP_796),
  [period(["spouse", "pacs"], "2007-08-22", null, ENACTED.TEPA)],
);

/**
 * Art. 796-0 ter: a brother or sister who is single, widowed, divorced or separated, older than
 * this age on the day of death (or disabled), and who lived with the deceased for the years below
 * before the death, is exempt.
 */
export const SIBLING_EXEMPTION = {
  /** Célibataire, veuf, divorcé ou séparé de corps. */
  statuses: series<readonly string[]>("situations ouvrant droit à l'exonération : célibataire, veuf, divorcé, séparé de corps", "relationships", ref("796-0 ter", "796-0 ter", SOURCES.F14198), [
    period(["single", "widowed", "divorced", "separated"], "2007-08-22", null, ENACTED.TEPA),
  ]),
  olderThan: series("âge que le frère ou la sœur doit dépasser au jour du décès", "years", ref("796-0 ter", "796-0 ter", SOURCES.F14198), [
    period(50, "2007-08-22", null, ENACTED.TEPA),
  ]),
  cohabitationYears: series("durée de vie commune avec le défunt avant le décès", "years", ref("796-0 ter", "796-0 ter", SOURCES.F14198), [
    period(5, "2007-08-22", null, ENACTED.TEPA),
  ]),
} as const;

/**
 * Art. 796-0 with art. 800 I: below these gross estates, heirs dispensed from filing a return owe
 * no inheritance tax (BOI-ENR-DMTG-10-20-10 § 1: « les personnes visées au I de l'article 800 du
 * CGI dispensées de dépôt de déclaration de succession sont exonérées »): the direct line and the
 * spouse or PACS partner below the first amount (800 I 1°, provided no prior gift to them is
 * unregistered); below the second, « les personnes autres que celles visées au 1° » (800 I 2°),
 * read literally: a direct-line heir, spouse or partner with an unregistered prior gift is not
 * exempt, whatever the gross estate.
 */
export const SMALL_ESTATE_EXEMPTION = {
  directLineBelow: series("actif brut en deçà duquel la ligne directe et le conjoint sont dispensés", "EUR", ref("800 I", "800", SOURCES.BOFIP_796), [
    period(50_000, "2012-09-12", null, ENACTED.BOFIP2012),
  ]),
  directLine: series<readonly Relationship[]>("héritiers exonérés en deçà du premier seuil : ligne directe, conjoint et partenaire de PACS", "relationships", ref("796-0", "796-0", SOURCES.BOFIP_796), [
    // Art. 800 I 1°: "les ayants cause en ligne directe": descendants and ascendants alike.
    period([...DESCENDANTS, "parent", "ascendant", "spouse", "pacs"], "2012-09-12", null, ENACTED.BOFIP2012),
  ]),
  everyoneBelow: series("actif brut en deçà duquel les autres héritiers sont dispensés (800 I 2°)", "EUR", ref("800 I", "800", SOURCES.BOFIP_796), [
    period(3_000, "2012-09-12", null, ENACTED.BOFIP2012),
  ]),
} as const;
