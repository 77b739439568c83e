import { ENACTED } from "./enactments.js";
import { ref, SOURCES } from "./references.js";
import { DESCENDANTS, type Relationship } from "./relationships.js";
import { period, regime, series } from "./series.js";

/** Art. 790 G: family cash gifts (don familial de sommes d'argent). */
export const CASH_GIFT_790G = {
  /** Exempt up to this amount per donor and donee, per renewal period. */
  ceiling: series("plafond du don familial de sommes d'argent, par donateur et donataire", "EUR", ref("790 G", "790 G", SOURCES.F14203), [
    period(31_865, "2011-01-01", null, ENACTED.INDEX2011),
  ]),
  /** The donor must be under this age (completed years) on the day of the gift. */
  donorAgeBelow: series("âge du donateur au jour du don, en deçà duquel le don est exonéré", "years", ref("790 G", "790 G", SOURCES.F14203), [
    period(65, "2011-01-01", "2011-07-30", ENACTED.TEPA),
    period(80, "2011-07-31", null, ENACTED.LFR2011),
  ]),
  /** The donee must be at least this age (or emancipated, which this project does not model). */
  doneeMinimumAge: series("âge minimal du donataire (majorité)", "years", ref("790 G", "790 G", SOURCES.F14203), [
    period(18, "2011-01-01", null, ENACTED.TEPA),
  ]),
  /** The ceiling is renewed every so many years. */
  renewalYears: series("délai de renouvellement du plafond", "years", ref("790 G", "790 G", SOURCES.F14203), [
    period(10, "2011-07-31", "2012-08-16", ENACTED.LFR2011),
    period(15, "2012-08-17", null, ENACTED.LFR2012),
  ]),
  /** Donees the exemption covers. */
  donees: series<readonly Relationship[]>("donataires : enfant, petit-enfant, arrière-petit-enfant", "relationships", ref("790 G", "790 G", SOURCES.F14203), [
    period(DESCENDANTS, "2011-01-01", null, ENACTED.TEPA),
  ]),
  /** Donees it also covers when the donor has no descendant. */
  doneesWithoutDescendants: series<readonly Relationship[]>("à défaut de descendance : neveux et nièces", "relationships", ref("790 G", "790 G", SOURCES.F14203), [
    period(["nephew"], "2011-01-01", null, ENACTED.TEPA),
  ]),
} as const;

/**
 * Art. 790 A bis (version of the finance law for 2025): cash given between 2025-02-15 and
 * 2026-12-31 to buy or build a main residence, or for energy renovation, exempt up to a ceiling
 * per donor and donee. A regime: on any other day it is not in force (`null`).
 *
 * In 2026 (see {@link HOUSING_GIFT_790ABIS_CONFIRMED_THROUGH}): no official text read so far says
 * what the finance law for 2026 made of the article, so the tables keep the text of the finance
 * law for 2025, and tasks draw no housing gift dated after the confirmed day.
 */
export const HOUSING_GIFT_790ABIS = {
  ceiling: regime("plafond du don de sommes d'argent pour le logement, par donateur et donataire", "EUR", ref("790 A bis", "790 A bis", SOURCES.F14203), [
    period(100_000, "2025-02-15", "2026-12-31", ENACTED.LF2025),
  ]),
  /** Over all donors (not modelled: one donor a dossier). */
  ceilingPerDonee: regime("plafond du don pour le logement, par donataire, tous donateurs", "EUR", ref("790 A bis", "790 A bis", SOURCES.F14203), [
    period(300_000, "2025-02-15", "2026-12-31", ENACTED.LF2025),
  ]),
  donees: regime<readonly Relationship[]>("donataires : enfant, petit-enfant, arrière-petit-enfant", "relationships", ref("790 A bis", "790 A bis", SOURCES.F14203), [
    period(DESCENDANTS, "2025-02-15", "2026-12-31", ENACTED.LF2025),
  ]),
  doneesWithoutDescendants: regime<readonly Relationship[]>("à défaut de descendance : neveux et nièces", "relationships", ref("790 A bis", "790 A bis", SOURCES.F14203), [
    period(["nephew"], "2025-02-15", "2026-12-31", ENACTED.LF2025),
  ]),
} as const;

/**
 * The last day for which an official text read by this project confirms the wording of art. 790
 * A bis that the tables hold. The text of the finance law for 2025 (art. 71) runs to 2026-12-31;
 * the finance bill for 2026 carried amendments to it (Sénat I-1592, I-1668, I-2020, I-2372;
 * Assemblée nationale, 3 November 2025: old housing for first-time buyers from 2026-01-01), and
 * no promulgated text of the finance law for 2026 nor BOFiP update read so far says which of
 * them, if any, was kept (press reports say none was). Until one does, generated tasks date no
 * housing gift after this day; the engine still computes the text of 2025 through 2026-12-31.
 */
export const HOUSING_GIFT_790ABIS_CONFIRMED_THROUGH = { day: "2025-12-31", source: SOURCES.PLF2026_790ABIS } as const;
