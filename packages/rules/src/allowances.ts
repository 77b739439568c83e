import { ENACTED } from "./enactments.js";
import { ref, SOURCES } from "./references.js";
import { period, series } from "./series.js";

/**
 * Personal allowances (abattements, art. 779, 788 IV, 790 B, 790 D, 790 E, 790 F) and the
 * disability allowance (art. 779 II). Each amount is written once: the child allowance of
 * art. 779 I is the same in an estate and in a gift, and the representatives of a predeceased
 * child share it.
 */

/** Art. 779 I: each child, in an estate or a gift (and each ascendant in an estate); shared by the representatives of a predeceased child. */
export const CHILD_ALLOWANCE = series("abattement en ligne directe (enfant)", "EUR", ref("779 I", "779", SOURCES.F14198), [
  period(159_325, "2011-01-01", "2012-08-16", ENACTED.INDEX2011),
  period(100_000, "2012-08-17", null, ENACTED.LFR2012),
]);

/** Art. 779 II: a disabled beneficiary, on top of the personal allowance. */
export const DISABILITY_ALLOWANCE = series("abattement des personnes handicapées", "EUR", ref("779 II", "779", SOURCES.F14198), [
  period(159_325, "2011-01-01", null, ENACTED.INDEX2011),
]);

/**
 * Art. 779 II and annexe II au CGI, art. 294: below this age the infirmity is the one that
 * prevents the beneficiary « d'acquérir une instruction ou une formation professionnelle d'un
 * niveau normal »; from it, the one that prevents him « de se livrer dans des conditions
 * normales de rentabilité à toute activité professionnelle ».
 */
export const DISABILITY_MINOR_BELOW = series("âge en deçà duquel l'infirmité s'apprécie sur l'instruction ou la formation (annexe II, art. 294)", "years", ref("779 II", "779", SOURCES.DB_779_II), [
  period(18, "2011-01-01", null, ENACTED.CGI),
]);

/** Art. 779 IV: between brothers and sisters. */
export const SIBLING_ALLOWANCE = series("abattement entre frères et sœurs", "EUR", ref("779 IV", "779", SOURCES.F14198), [
  period(15_932, "2011-01-01", null, ENACTED.INDEX2011),
]);

/** Art. 779 V: nephews and nieces. */
export const NEPHEW_ALLOWANCE = series("abattement des neveux et nièces", "EUR", ref("779 V", "779", SOURCES.F14198), [
  period(7_967, "2011-01-01", null, ENACTED.INDEX2011),
]);

/** Art. 788 IV: in an estate, for a beneficiary who has no other allowance. */
export const DEFAULT_ALLOWANCE = series("abattement à défaut d'autre abattement (succession)", "EUR", ref("788 IV", "788", SOURCES.DB_788), [
  period(1_594, "2011-01-01", null, ENACTED.INDEX2011),
]);

/** Art. 790 B: gift to a grandchild. */
export const GRANDCHILD_GIFT_ALLOWANCE = series("abattement des petits-enfants donataires", "EUR", ref("790 B", "790 B", SOURCES.F14203), [
  period(31_865, "2011-01-01", null, ENACTED.INDEX2011),
]);

/** Art. 790 D: gift to a great-grandchild. */
export const GREATGRANDCHILD_GIFT_ALLOWANCE = series("abattement des arrière-petits-enfants donataires", "EUR", ref("790 D", "790 D", SOURCES.F14203), [
  period(5_310, "2011-01-01", null, ENACTED.INDEX2011),
]);

/** Art. 790 E: gift to the spouse. */
export const SPOUSE_GIFT_ALLOWANCE = series("abattement du conjoint donataire", "EUR", ref("790 E", "790 E", SOURCES.F14203), [
  period(80_724, "2011-01-01", null, ENACTED.INDEX2011),
]);

/** Art. 790 F: gift to the PACS partner. */
export const PACS_GIFT_ALLOWANCE = series("abattement du partenaire de PACS donataire", "EUR", ref("790 F", "790 F", SOURCES.F14203), [
  period(80_724, "2011-01-01", null, ENACTED.INDEX2011),
]);

/**
 * The personal allowance of each relationship, by kind of transfer. A relationship absent here
 * has none of its own: in an estate it takes the default allowance of art. 788 IV; in a gift
 * between unrelated persons there is no allowance at all.
 */
export const PERSONAL_ALLOWANCES = {
  // Art. 779 I: "sur la part de chacun des ascendants et sur la part de chacun des enfants".
  estate: { child: CHILD_ALLOWANCE, parent: CHILD_ALLOWANCE, ascendant: CHILD_ALLOWANCE, sibling: SIBLING_ALLOWANCE, nephew: NEPHEW_ALLOWANCE },
  gift: {
    spouse: SPOUSE_GIFT_ALLOWANCE,
    pacs: PACS_GIFT_ALLOWANCE,
    child: CHILD_ALLOWANCE,
    grandchild: GRANDCHILD_GIFT_ALLOWANCE,
    greatgrandchild: GREATGRANDCHILD_GIFT_ALLOWANCE,
    sibling: SIBLING_ALLOWANCE,
    nephew: NEPHEW_ALLOWANCE,
  },
} as const;
