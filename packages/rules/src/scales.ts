import { ENACTED } from "./enactments.js";
import { ref, SOURCES } from "./references.js";
import type { Relationship } from "./relationships.js";
import { period, series } from "./series.js";
import type { Band } from "./types.js";

/** Art. 777: the progressive scales of gift and inheritance tax. */

function bands(...rows: [number | null, number][]): readonly Band[] {
  return rows.map(([upTo, ratePercent]) => ({ upTo, ratePercent }));
}

/** Tableau I: direct line (children, grandchildren, great-grandchildren, the father and mother, ascendants). */
export const DIRECT_LINE_SCALE = series("barème en ligne directe", "scale", ref("777 tableau I", "777", SOURCES.BOI_777), [
  period(bands([8_072, 5], [12_109, 10], [15_932, 15], [552_324, 20], [902_838, 30], [1_805_677, 35], [null, 40]), "2011-01-01", "2011-07-30", ENACTED.INDEX2011),
  period(bands([8_072, 5], [12_109, 10], [15_932, 15], [552_324, 20], [902_838, 30], [1_805_677, 40], [null, 45]), "2011-07-31", null, ENACTED.LFR2011),
]);

/** Tableau II: between spouses and PACS partners (gifts; an estate exempts them, art. 796-0 bis). */
export const SPOUSE_SCALE = series("barème entre époux et partenaires de PACS", "scale", ref("777 tableau II", "777", SOURCES.BOI_777), [
  period(bands([8_072, 5], [15_932, 10], [31_865, 15], [552_324, 20], [902_838, 30], [1_805_677, 35], [null, 40]), "2011-01-01", "2011-07-30", ENACTED.INDEX2011),
  period(bands([8_072, 5], [15_932, 10], [31_865, 15], [552_324, 20], [902_838, 30], [1_805_677, 40], [null, 45]), "2011-07-31", null, ENACTED.LFR2011),
]);

/** Tableau III: between brothers and sisters. */
export const SIBLING_SCALE = series("barème entre frères et sœurs", "scale", ref("777 tableau III", "777", SOURCES.F14198), [
  period(bands([24_430, 35], [null, 45]), "2011-01-01", null, ENACTED.INDEX2011),
]);

/** Tableau III: relatives up to the fourth degree (nephews and nieces here). */
export const NEPHEW_SCALE = series("barème entre parents jusqu'au 4e degré", "scale", ref("777 tableau III", "777", SOURCES.F14198), [
  period(bands([null, 55]), "2011-01-01", null, ENACTED.CGI),
]);

/** Tableau III: beyond the fourth degree and unrelated persons. */
export const UNRELATED_SCALE = series("barème entre non-parents", "scale", ref("777 tableau III", "777", SOURCES.F14198), [
  period(bands([null, 60]), "2011-01-01", null, ENACTED.CGI),
]);

export const SCALES = {
  directLine: DIRECT_LINE_SCALE,
  spouse: SPOUSE_SCALE,
  sibling: SIBLING_SCALE,
  nephew: NEPHEW_SCALE,
  unrelated: UNRELATED_SCALE,
} as const;

export type ScaleName = keyof typeof SCALES;

/** Which table of art. 777 applies to each relationship. */
export const SCALE_OF: Readonly<Record<Relationship, ScaleName>> = Object.freeze({
  spouse: "spouse",
  pacs: "spouse",
  child: "directLine",
  grandchild: "directLine",
  greatgrandchild: "directLine",
  sibling: "sibling",
  nephew: "nephew",
  unrelated: "unrelated",
  parent: "directLine",
  ascendant: "directLine",
  // Up to the 4th degree; beyond it, the scale of unrelated persons (RELATIVES_MAX_DEGREE).
  collateral: "nephew",
});

/** Tableau III: the 55 % of relatives applies "entre parents jusqu'au 4e degré inclusivement"; beyond, 60 %. */
export const RELATIVES_MAX_DEGREE = series("degré de parenté jusqu'auquel s'applique le taux des parents (au-delà, celui des non-parents)", "degree", ref("777 tableau III", "777", SOURCES.F14198), [
  period(4, "2011-01-01", null, ENACTED.CGI),
]);
