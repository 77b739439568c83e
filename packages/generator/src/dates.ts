import { ageOn, compareDates, parseDate, type CivilDate } from "@succ/engine";
import type { Rng } from "./random.js";

/**
 * Dates of the dossiers. Every day of month is ≤ 28 (so that "the same day N years later" always
 * exists), and no birthday falls on the act date (an age is then never a matter of the hour).
 */

export const MAX_DAY = 28;
const DAY_MS = 86_400_000;
/** The largest time value a Date holds (±100,000,000 days from 1970-01-01). */
const MAX_TIME = 8.64e15;

/**
 * The generator's law date: the numbered rules of the prompts state the law in force on this day
 * ("montants en vigueur en 2026"), and acts are drawn in its year, up to it, so that the engine
 * computes each task under the law its prompt states (a test checks that every day drawn has
 * that law). Not a legal value: a choice of the task set, which moves with it.
 */
export const LAW_DAY = "2026-11-29";
export const LAW_DATE: CivilDate = parseDate(LAW_DAY)!;

export function addDays(d: CivilDate, days: number): CivilDate {
  return dateOfTime(Date.UTC(d.y, d.m - 1, d.d) + days * DAY_MS);
}

/**
 * The UTC calendar date of a time value at midnight (a whole number of days since 1970-01-01),
 * as `new Date(t)`'s getUTCFullYear, getUTCMonth + 1 and getUTCDate read it, by arithmetic
 * (H. Hinnant's civil_from_days, the proleptic Gregorian calendar of Date) without a Date.
 */
export function dateOfTime(t: number): CivilDate {
  if (!Number.isInteger(t / DAY_MS) || Math.abs(t) > MAX_TIME) {
    // Not a midnight, or out of Date's range: as Date reads it.
    const x = new Date(t);
    return { y: x.getUTCFullYear(), m: x.getUTCMonth() + 1, d: x.getUTCDate() };
  }
  const z = t / DAY_MS + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1_460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d: doy - Math.floor((153 * mp + 2) / 5) + 1 };
}

/** Same day and month, `years` later (negative: earlier). Safe because days are ≤ 28. */
export function addYears(d: CivilDate, years: number): CivilDate {
  return { y: d.y + years, m: d.m, d: d.d };
}

/** Days from `a` to `b` (negative when `b` is earlier). */
export function daysBetween(a: CivilDate, b: CivilDate): number {
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / DAY_MS);
}

export function sameMonthDay(a: CivilDate, b: CivilDate): boolean {
  return a.m === b.m && a.d === b.d;
}

/** The act (date of death or of the gift deed): a day of the law's year, up to the law's date. */
export function actDate(rng: Rng): CivilDate {
  for (;;) {
    const d = { y: LAW_DATE.y, m: rng.int(1, LAW_DATE.m), d: rng.int(1, MAX_DAY) };
    if (compareDates(d, LAW_DATE) <= 0 && !(d.m === 1 && d.d === 1)) return d;
  }
}

/** A day ≤ 28 whose month and day differ from the act's. */
function monthDay(rng: Rng, act: CivilDate): { m: number; d: number } {
  for (;;) {
    const m = rng.int(1, 12);
    const d = rng.int(1, MAX_DAY);
    if (m !== act.m || d !== act.d) return { m, d };
  }
}

/** A birth date giving exactly `age` completed years on the act date. */
export function birthForAge(rng: Rng, act: CivilDate, age: number): CivilDate {
  const { m, d } = monthDay(rng, act);
  const hadBirthday = m < act.m || (m === act.m && d < act.d);
  return { y: act.y - age - (hadBirthday ? 0 : 1), m, d };
}

/**
 * A birth date `age` years before, whose birthday falls within a few weeks of the act: just
 * past (`past`) or just ahead. The age traps of art. 790 G and 669 are made of these.
 */
export function birthNearBirthday(rng: Rng, act: CivilDate, age: number, past: boolean): CivilDate {
  for (;;) {
    const offset = rng.int(1, 45);
    const day = addDays(act, past ? -offset : offset);
    if (day.d > MAX_DAY) continue;
    const b = { y: day.y - age - (past ? 0 : 1), m: day.m, d: day.d };
    if (ageOn(b, act) === age) return b;
  }
}

/** A date between `from` and `to` (both included), day ≤ 28. */
export function dateBetween(rng: Rng, from: CivilDate, to: CivilDate): CivilDate {
  const a = Date.UTC(from.y, from.m - 1, from.d);
  const b = Date.UTC(to.y, to.m - 1, to.d);
  if (b - a < 31 * DAY_MS) throw new RangeError("dateBetween: the range must span a month or more");
  for (;;) {
    const d = dateOfTime(a + rng.int(0, Math.round((b - a) / DAY_MS)) * DAY_MS);
    if (d.d <= MAX_DAY) return d;
  }
}

export function maxDate(a: CivilDate, b: CivilDate): CivilDate {
  return compareDates(a, b) >= 0 ? a : b;
}

export function minDate(a: CivilDate, b: CivilDate): CivilDate {
  return compareDates(a, b) <= 0 ? a : b;
}
