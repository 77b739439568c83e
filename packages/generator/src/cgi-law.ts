import { compareDates, parseDate, withinYearsBefore, type CivilDate } from "@succ/engine";
import { dayAfter, HOUSING_GIFT_790ABIS_CONFIRMED_THROUGH, LAW_COVERAGE, LAW_SERIES, personalAllowance, type Law, type Relationship, type TransferKind } from "@succ/rules";
import type { Deed } from "./cgi-draft.js";
import { addDays, dateBetween, LAW_DATE, MAX_DAY } from "./dates.js";
import type { PriorGift } from "./draft.js";
import { lawOf } from "./law.js";
import type { CgiLevel } from "./levels.js";
import type { Rng } from "./random.js";

/**
 * The real law as the drafting of levels 5 and 6 reads it (the law of a day comes from
 * `lawOf`, law.ts): the allowances in cents under the real law, the dates of the acts, and the
 * figures an earlier deed states. No amount of the law is written here: every one is read from
 * the `Law` of the day.
 */

const EURO = 100;

/** The personal allowance of a relationship (art. 779, 790 B, 790 D, 790 E, 790 F), in cents; 0 when it has none. */
export function personalCents(law: Law, kind: TransferKind, rel: Relationship): number {
  return personalAllowance(law, kind, rel) * EURO;
}

/**
 * A beneficiary's allowances in an estate under the real law, in cents: its own allowance (or,
 * "à défaut d'autre abattement", the default one of art. 788 IV), and the disability allowance.
 */
export function estateAllowanceCents(law: Law, rel: Relationship, disabled: boolean): number {
  const own = personalCents(law, "estate", rel);
  const disability = disabled ? law.allowances.disability * EURO : 0;
  return own > 0 || disabled ? own + disability : law.allowances.default * EURO;
}

/** A donee's allowances in a gift, in cents. */
export function giftAllowanceCents(law: Law, rel: Relationship, disabled: boolean): number {
  return personalCents(law, "gift", rel) + (disabled ? law.allowances.disability * EURO : 0);
}

/** The first day of the acts of levels 5 and 6, as YYYY-MM-DD (the last is the law's date). */
export const FIRST_ACT: Readonly<Record<CgiLevel, { estate: string; gift: string }>> = {
  // Level 5: the law of 2025-2026; its gifts fall within the window of art. 790 A bis, as far as
  // an official text confirms it (see cgiActDate).
  5: { estate: "2025-01-02", gift: LAW_SERIES.housingGift790ABis.ceiling.periods[0]!.from },
  6: { estate: dayAfter(LAW_COVERAGE.verifiedFrom.day), gift: dayAfter(LAW_COVERAGE.verifiedFrom.day) },
};

/**
 * The last day of the gifts of level 5, which draw housing gifts of art. 790 A bis: the last day
 * an official text confirms the article's wording (@succ/rules), so no such gift is dated in 2026
 * until a source says what the finance law for 2026 made of it.
 */
const LEVEL5_GIFTS_TO: CivilDate = parseDate(HOUSING_GIFT_790ABIS_CONFIRMED_THROUGH.day)!;

/** The day of death or of the deed: between the level's first day and the generator's law date (level-5 gifts: {@link LEVEL5_GIFTS_TO}). */
export function cgiActDate(rng: Rng, level: CgiLevel, kind: TransferKind): CivilDate {
  const [y, m, d] = FIRST_ACT[level][kind].split("-").map(Number) as [number, number, number];
  const last = level === 5 && kind === "gift" && compareDates(LEVEL5_GIFTS_TO, LAW_DATE) < 0 ? LEVEL5_GIFTS_TO : LAW_DATE;
  for (;;) {
    const day = dateBetween(rng, { y, m, d }, last);
    if (!(day.m === 1 && day.d === 1)) return day;
  }
}

/**
 * The first day from which the recall of art. 784 replays the allowances an earlier gift used
 * under the law of its own date (`LAW_COVERAGE.replayFrom` of @succ/rules): the deeds of gifts
 * made before it state their figures.
 */
export const DEED_FIGURES_BEFORE: CivilDate = parseDate(LAW_COVERAGE.replayFrom.day)!;

/** The earliest day of a prior gift: the dated tables hold the law from 2011 on. */
export const FIRST_PRIOR_GIFT: CivilDate = { y: 2011, m: 1, d: 3 };

/**
 * The allowances an earlier deed applied, under the law of its own date: the personal allowance
 * then in force less what the gifts of the same donor to the same donee within the recall
 * period of that date had used, then the disability allowance the same way (art. 784).
 */
export function deedOf(g: PriorGift, earlier: ReadonlyMap<PriorGift, Deed>, rel: Relationship, disabled: boolean): Deed {
  const law = lawOf(g.date);
  let usedU = 0;
  let usedV = 0;
  for (const [h, x] of earlier) {
    if (h.beneficiary === g.beneficiary && compareDates(h.date, g.date) < 0 && withinYearsBefore(h.date, g.date, law.recallYears)) {
      usedU += x.allowanceUsed;
      usedV += x.disabilityAllowanceUsed;
    }
  }
  const u = Math.min(g.cents, Math.max(0, personalCents(law, "gift", rel) - usedU));
  const v = disabled ? Math.min(g.cents - u, Math.max(0, law.allowances.disability * EURO - usedV)) : 0;
  return { allowanceUsed: u, disabilityAllowanceUsed: v };
}

/** A date in [from, to] with day ≤ 28, or null when the range is shorter than a month. */
export function dateIn(rng: Rng, from: CivilDate, to: CivilDate): CivilDate | null {
  if (compareDates(addDays(from, 31), to) > 0) return null;
  return dateBetween(rng, from, to);
}

/** Whether every day of month of these dates is ≤ 28. */
export function daysOk(dates: readonly CivilDate[]): boolean {
  return dates.every((x) => x.d <= MAX_DAY);
}
