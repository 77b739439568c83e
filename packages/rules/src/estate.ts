import { ENACTED } from "./enactments.js";
import { ref, SOURCES } from "./references.js";
import { period, series } from "./series.js";

/** The estate's assets and deductions: funeral costs (art. 775), furniture (764), main residence (764 bis). */

/** Art. 775: funeral costs are deducted at this flat amount (or the gross assets, if lower). */
export const FUNERAL_DEDUCTION = series("déduction forfaitaire des frais funéraires", "EUR", ref("775", "775", SOURCES.BOI_775), [
  period(1_500, "2003-01-01", null, ENACTED.LF2003),
]);

/** Art. 764 I 3°: furniture (meubles meublants) at this percent of the other assets, without an inventory or a sale. */
export const FURNITURE_FLAT_RATE = series("forfait mobilier, en pourcentage des autres biens", "percent", ref("764 I 3°", "764", SOURCES.BOFIP_764), [
  period(5, "2011-01-01", null, ENACTED.CGI),
]);

/** Art. 764 bis: reduction of the value of the main residence occupied by the spouse, the partner or a minor or protected child. */
export const MAIN_RESIDENCE_REDUCTION = series("abattement sur la résidence principale", "percent", ref("764 bis", "764 bis", SOURCES.F14198), [
  period(20, "2007-08-22", null, ENACTED.TEPA),
]);

/** Art. 784: gifts of the last so many years before the act are recalled. */
export const RECALL_YEARS = series("délai du rappel fiscal des donations antérieures", "years", ref("784", "784", SOURCES.F14198), [
  period(6, "2006-01-01", "2011-07-30", ENACTED.LF2006),
  period(10, "2011-07-31", "2012-08-16", ENACTED.LFR2011),
  period(15, "2012-08-17", null, ENACTED.LFR2012),
]);
