import { ENACTED } from "./enactments.js";
import { ref, SOURCES } from "./references.js";
import { period, series } from "./series.js";
import type { UsufructRow } from "./types.js";

/**
 * Art. 669 I: value of the usufruct by the usufructuary's age in completed years (each row up to
 * and including `maxAge`); the bare ownership is 100 % minus the usufruct.
 */
export const USUFRUCT_669 = series("barème de l'usufruit et de la nue-propriété", "table", ref("669 I", "669", SOURCES.BOFIP_669), [
  period<readonly UsufructRow[]>(
    [
      { maxAge: 20, usufructPercent: 90 },
      { maxAge: 30, usufructPercent: 80 },
      { maxAge: 40, usufructPercent: 70 },
      { maxAge: 50, usufructPercent: 60 },
      { maxAge: 60, usufructPercent: 50 },
      { maxAge: 70, usufructPercent: 40 },
      { maxAge: 80, usufructPercent: 30 },
      { maxAge: 90, usufructPercent: 20 },
      { maxAge: null, usufructPercent: 10 },
    ],
    "2004-01-01",
    null,
    ENACTED.LF2004,
  ),
]);

/** Usufruct percent of a table of art. 669 (`lawOn(date).usufruct669`) for an age in completed years. */
export function usufructPercent(rows: readonly UsufructRow[], age: number): number {
  // An indexed loop: for-of over the law's frozen rows allocated an iterator result a row (the
  // engine asks for each gift and each estate).
  for (let k = 0; k < rows.length; k++) {
    const row = rows[k]!;
    if (row.maxAge === null || age <= row.maxAge) return row.usufructPercent;
  }
  throw new RangeError("an art. 669 table ends with an open row");
}
