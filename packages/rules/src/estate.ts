import { ENACTED } from "./enactments.js";
import { ref, SOURCES } from "./references.js";
import type { Relationship } from "./relationships.js";
import { period, series } from "./series.js";

/** The estate's assets and deductions: funeral costs (art. 775), furniture (764), main residence (764 bis). */

/** Art. 775: funeral costs are deducted at this flat amount (or the gross assets, if lower). */
export const FUNERAL_DEDUCTION = series("déduction forfaitaire des frais funéraires", "EUR", ref("775", "775", SOURCES.BOI_775), [
  period(1_500, "2003-01-01", null, ENACTED.LF2003),
]);

/**
 * Art. 764 I 3°: without a public sale or an inventory, the furniture (meubles meublants) is the
 * parties' estimate, never below this percent of the other assets ("la valeur imposable ne peut
 * être inférieure à 5 % de l'ensemble des autres valeurs mobilières et immobilières de la
 * succession", "sans que l'administration ait à en justifier l'existence"): a minimum, not a flat
 * rate; the heirs who declare no value above it declare exactly it (the « forfait »).
 */
export const FURNITURE_FLAT_RATE = series("minimum des meubles meublants (forfait), en pourcentage des autres biens", "percent", ref("764 I 3°", "764", SOURCES.BOFIP_764), [
  period(5, "2011-01-01", null, ENACTED.CGI),
]);

/**
 * Art. 764 bis: the value of the deceased's main residence is reduced when, on the day of death,
 * it is also the main residence of the spouse, the PACS partner, or a child (of the deceased, the
 * spouse or the partner) who is a minor, a protected adult, or an adult unable to work through an
 * infirmity (art. 779 II) (BOI-ENR-DMTG-10-40-10-30 § 10).
 */
export const MAIN_RESIDENCE = {
  reductionPercent: series("abattement sur la valeur de la résidence principale", "percent", ref("764 bis", "764 bis", SOURCES.F14198), [
    period(20, "2007-08-22", null, ENACTED.TEPA),
  ]),
  partners: series<readonly Relationship[]>("occupants ouvrant droit à l'abattement : conjoint et partenaire de PACS", "relationships", ref("764 bis", "764 bis", SOURCES.F14198), [
    period(["spouse", "pacs"], "2007-08-22", null, ENACTED.TEPA),
  ]),
  children: series<readonly Relationship[]>("occupants ouvrant droit à l'abattement s'ils sont mineurs, majeurs protégés ou handicapés : enfants", "relationships", ref("764 bis", "764 bis", SOURCES.F14198), [
    period(["child"], "2007-08-22", null, ENACTED.TEPA),
  ]),
  minorBelow: series("âge en deçà duquel l'enfant occupant est mineur", "years", ref("764 bis", "764 bis", SOURCES.F14198), [
    period(18, "2007-08-22", null, ENACTED.TEPA),
  ]),
} as const;

/** Art. 784: gifts of the last so many years before the act are recalled. */
export const RECALL_YEARS = series("délai du rappel fiscal des donations antérieures", "years", ref("784", "784", SOURCES.F14198), [
  period(6, "2006-01-01", "2011-07-30", ENACTED.LF2006),
  period(10, "2011-07-31", "2012-08-16", ENACTED.LFR2011),
  period(15, "2012-08-17", null, ENACTED.LFR2012),
]);
