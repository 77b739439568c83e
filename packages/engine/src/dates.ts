/** A calendar date without time zone (the law counts in days and completed years). */
export interface CivilDate {
  y: number;
  m: number;
  d: number;
}

function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** Reads `YYYY-MM-DD`; `null` for anything else, including impossible dates like 2026-02-30. */
export function parseDate(text: string): CivilDate | null {
  // Character by character, each place written out (this runs for every date of every dossier;
  // a loop tested at each character which part it was in): 4, 2 and 2 ASCII digits.
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return null;
  const y0 = text.charCodeAt(0) - 48;
  const y1 = text.charCodeAt(1) - 48;
  const y2 = text.charCodeAt(2) - 48;
  const y3 = text.charCodeAt(3) - 48;
  const m0 = text.charCodeAt(5) - 48;
  const m1 = text.charCodeAt(6) - 48;
  const d0 = text.charCodeAt(8) - 48;
  const d1 = text.charCodeAt(9) - 48;
  // A digit is 0 to 9 once 48 is taken off: unsigned, anything else is above 9.
  if ((y0 >>> 0) > 9 || (y1 >>> 0) > 9 || (y2 >>> 0) > 9 || (y3 >>> 0) > 9 || (m0 >>> 0) > 9 || (m1 >>> 0) > 9 || (d0 >>> 0) > 9 || (d1 >>> 0) > 9) return null;
  const y = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  const mo = m0 * 10 + m1;
  const d = d0 * 10 + d1;
  if (y < 1800 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null;
  return { y, m: mo, d };
}

/** Negative, zero or positive as `a` is before, on or after `b`. */
export function compareDates(a: CivilDate, b: CivilDate): number {
  return a.y - b.y || a.m - b.m || a.d - b.d;
}

/**
 * The one age rule of the engine: the day on which `years` years have passed since `from` (a
 * birth, a gift): the same day and month `years` years later, and for a 29 February in a common
 * year, 1 March (the years are complete once 28 February has ended). Ages, the 50 years of
 * art. 796-0 ter, the 15 years of the recall and of art. 790 G all read it.
 */
export function anniversary(from: CivilDate, years: number): CivilDate {
  const y = from.y + years;
  return from.d <= daysInMonth(y, from.m) ? { y, m: from.m, d: from.d } : { y, m: 3, d: 1 };
}

/** Age in completed years on `on`: the last anniversary of the birth on or before `on`. */
export function ageOn(birth: CivilDate, on: CivilDate): number {
  let n = on.y - birth.y;
  if (n > 0 && compareDates(anniversary(birth, n), on) > 0) n--;
  return n;
}

/** Whether, on `on`, more than `years` years have passed since `birth`: `on` is after the anniversary ("âgé de plus de 50 ans"). */
export function olderThan(birth: CivilDate, years: number, on: CivilDate): boolean {
  return compareDates(on, anniversary(birth, years)) > 0;
}

/**
 * Whether `date` falls within the `years` years before `act`: its `years`-th anniversary is after
 * the act (a gift made exactly 15 years before the act is not recalled).
 */
export function withinYearsBefore(date: CivilDate, act: CivilDate, years: number): boolean {
  return compareDates(anniversary(date, years), act) > 0;
}

/** "00" to "31": a month or a day of month written on two digits (`String(n).padStart(2, "0")`). */
const TWO_DIGITS: readonly string[] = Array.from({ length: 32 }, (_, n) => String(n).padStart(2, "0"));

export function formatDate(d: CivilDate): string {
  // Months and days from the table of two digits, years of four digits as they are (the
  // generator writes some dates of every dossier it draws); anything else padded as written.
  const m = TWO_DIGITS[d.m];
  const day = TWO_DIGITS[d.d];
  if (m !== undefined && day !== undefined && d.y >= 1000) return `${d.y}-${m}-${day}`;
  return `${String(d.y).padStart(4, "0")}-${String(d.m).padStart(2, "0")}-${String(d.d).padStart(2, "0")}`;
}

/** `14/05/2026`, as French documents write dates. */
export function formatDateFr(d: CivilDate): string {
  const m = TWO_DIGITS[d.m];
  const day = TWO_DIGITS[d.d];
  if (m !== undefined && day !== undefined) return `${day}/${m}/${d.y}`;
  return `${String(d.d).padStart(2, "0")}/${String(d.m).padStart(2, "0")}/${d.y}`;
}

