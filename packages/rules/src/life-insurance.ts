import { ENACTED } from "./enactments.js";
import { ref, SOURCES } from "./references.js";
import type { Relationship } from "./relationships.js";
import { period, series } from "./series.js";
import type { Band } from "./types.js";

/** Life insurance: the levy of art. 990 I and the inheritance tax on premiums paid after 70 (art. 757 B). */

/** Art. 990 I: allowance per beneficiary, all contracts together. */
export const LEVY_990I_ALLOWANCE = series("abattement par bénéficiaire (art. 990 I)", "EUR", ref("990 I", "990 I", SOURCES.BOFIP_990I), [
  period(152_500, "2011-07-31", null, ENACTED.LFR2011),
]);

/** Art. 990 I: the levy's rates on the part above the allowance. */
export const LEVY_990I_SCALE = series("taux du prélèvement (art. 990 I)", "scale", ref("990 I", "990 I", SOURCES.BOFIP_990I), [
  period<readonly Band[]>([{ upTo: 902_838, ratePercent: 20 }, { upTo: null, ratePercent: 25 }], "2011-07-31", "2014-06-30", ENACTED.LFR2011),
  period<readonly Band[]>([{ upTo: 700_000, ratePercent: 20 }, { upTo: null, ratePercent: 31.25 }], "2014-07-01", null, ENACTED.LFR2013),
]);

/** Art. 990 I: beneficiaries who owe no levy (besides a sibling exempt under art. 796-0 ter). */
export const LEVY_990I_EXEMPT = series<readonly Relationship[]>("bénéficiaires exonérés : conjoint et partenaire de PACS", "relationships", ref("990 I", "990 I", SOURCES.BOFIP_990I), [
  period(["spouse", "pacs"], "2007-08-22", null, ENACTED.TEPA),
]);

/** The insured's age that splits the regimes: premiums before it fall under 990 I, after it under 757 B. */
export const INSURED_AGE_LIMIT = series("âge de l'assuré séparant les primes (990 I avant, 757 B après)", "years", ref("757 B", "757 B", SOURCES.BOFIP_757B), [
  period(70, "1992-01-01", null, ENACTED.LF1992),
]);

/** Art. 757 B: one allowance for all contracts and beneficiaries, on premiums paid after 70. */
export const PREMIUMS_757B_ALLOWANCE = series("abattement global sur les primes versées après 70 ans (art. 757 B)", "EUR", ref("757 B", "757 B", SOURCES.BOFIP_757B), [
  period(30_500, "1992-01-01", null, ENACTED.LF1992),
]);

/**
 * Art. 990 I (as written by the LFR 1998): only the sums due for premiums paid before the insured's
 * 70th birthday *and from this day on* bear the levy; those of premiums paid before it are exempt
 * from the levy and from death duties. « Seules les sommes correspondant aux primes versées avant
 * le soixante-dixième anniversaire de l'assuré et à compter du 13 octobre 1998 seront soumises au
 * prélèvement » (RM n° 52843, JOAN); BOI-TCAS-AUT-60 § 1. A contract subscribed before this day
 * must state the capital of its earlier premiums, as the insurer's statement splits it.
 */
export const LEVY_990I_PREMIUMS_FROM = series("primes soumises au prélèvement : versées à compter du", "dates", ref("990 I", "990 I", SOURCES.BOFIP_990I), [
  period("1998-10-13", "1998-10-13", null, ENACTED.LFR1998),
]);

/** Contracts subscribed before this day are out of the scope of art. 757 B (and of this project). */
export const CONTRACTS_FROM = series("contrats souscrits à partir du", "dates", ref("757 B", "757 B", SOURCES.BOFIP_757B), [
  period("1991-11-20", "1992-01-01", null, ENACTED.LF1992),
]);
