import type Fraction from "fraction.js";
import { compareDates, formatDate, parseDate, roundEuro, withinYearsBefore, type CivilDate } from "@succ/engine";
import { lawAt, mulRatio, ratio, scaleSlices, scaleTax } from "@succ/engine/internal";
import { DATED_LAW, dayAfter, HOUSING_GIFT_790ABIS_CONFIRMED_THROUGH, LAW_COVERAGE, LAW_SERIES, personalAllowance, type Band, type Law, type Relationship, type TransferKind } from "@succ/rules";
import { listOf, type Deed, type PriorGift } from "./draft.js";
import { addDays, dateBetween, LAW_DATE, LAW_DAY, MAX_DAY } from "./dates.js";
import type { CgiLevel } from "./levels.js";
import type { Rng } from "./random.js";

/**
 * The generator's reads of the law: the law of a day comes from @succ/rules (`lawOn`), the walk
 * of a scale and the rounding from @succ/engine; this file turns their exact amounts into the
 * whole cents the drawing and the worked examples of the prompts use, under the seed rules
 * (levels 1-4) and under the real law (levels 5-6: the allowances, the dates of the acts, the
 * figures an earlier deed states). No amount of the law is written here: every one is read from
 * the `Law` of the day.
 */

/** The law in force on a day: the act's date for a dossier. */
export function lawOf(day: CivilDate): Law {
  // The engine's cache of the dated tables by day (`lawOn(formatDate(day))` without writing the date out).
  return lawAt(DATED_LAW, day);
}

/** The law the numbered rules of the prompts state, and their worked examples apply: the law of {@link LAW_DAY}. */
export function promptLaw(): Law {
  return lawAt(DATED_LAW, LAW_DATE);
}

/** An exact amount that must be a whole number (of euros or of cents), as a number. */
function whole(x: Fraction): number {
  if (x.d !== 1n) throw new RangeError(`generator: expected a whole number, got ${x.toFraction()}`);
  return Number(x.s * x.n);
}

/**
 * The allowance of a relationship under the rules of levels 1-4, in euros: the personal
 * allowance of the kind of transfer, or in an estate the default allowance of art. 788 IV for a
 * relationship without one (0 for the exempt spouse or PACS partner); plus the disability
 * allowance, which the rules of levels 1-4 add to any other. For drawing amounts only: the
 * engine computes the answer.
 */
export function allowanceEuros(law: Law, kind: TransferKind, rel: Relationship, disabled = false): number {
  // No relationship has a personal allowance of 0: 0 is "none of its own".
  const personal = personalAllowance(law, kind, rel);
  const own = kind === "estate" && law.exemptions.spouseEstate.includes(rel) ? 0 : personal > 0 ? personal : kind === "estate" ? law.allowances.default : 0;
  return own + (disabled ? law.allowances.disability : 0);
}

/** {@link allowanceEuros} in cents. */
export function allowanceCents(law: Law, kind: TransferKind, rel: Relationship, disabled = false): number {
  return allowanceEuros(law, kind, rel, disabled) * 100;
}

export interface BandPart {
  from: number;
  to: number;
  ratePercent: number;
  /** Tax of this part, in cents (exact: euros × percent). */
  cents: number;
}

/*
 * The amounts below are whole numbers: made and multiplied with the engine's exact helpers
 * (`ratio`, `mulRatio`, in doubles while exact), not parsed and reduced in BigInts by
 * fraction.js. Every worked example of a prompt goes through them, and a fictional law's
 * examples are written for each task.
 */

/** The bands of a scale crossed by a whole-euro amount from `start`, each with its tax in cents (the engine's walk of the scale). */
export function bandParts(bands: readonly Band[], amountEuros: number, start = 0): BandPart[] {
  return listOf(scaleSlices(bands, ratio(start, 1), ratio(amountEuros, 1)).bands, (b) => ({
    from: whole(b.sliceFrom),
    to: whole(b.sliceTo),
    ratePercent: b.ratePercent,
    cents: whole(mulRatio(b.tax, 100, 1)),
  }));
}

/** Scale tax in cents of a whole-euro amount, from 0. */
export function scaleCents(bands: readonly Band[], amountEuros: number): number {
  return whole(mulRatio(scaleTax(bands, ratio(amountEuros, 1)), 100, 1));
}

/** The law's rounding to the euro (half up) of a whole number of cents (the engine's). */
export function roundCents(cents: number): number {
  return roundEuro(ratio(cents, 100));
}

/** Ages on either side of each bracket edge of art. 669 (20/21, 30/31, …, 90/91). */
export function usufructEdges(law: Law): readonly { last: number; first: number }[] {
  // Read once for each law's table (every draft with a usufruct, and every guard, asks for it).
  let edges = edgesOf.get(law.usufruct669);
  if (edges === undefined) {
    edges = Object.freeze(listOf(law.usufruct669.filter((r) => r.maxAge !== null), (r) => Object.freeze({ last: r.maxAge!, first: r.maxAge! + 1 })));
    edgesOf.set(law.usufruct669, edges);
  }
  return edges;
}

const edgesOf = new WeakMap<Law["usufruct669"], readonly { last: number; first: number }[]>();

/**
 * The age of the last, open row of art. 669 ("91 and over"): no usufructuary is drawn at exactly
 * this age, the legal text's bound being imprecise (seed's simplifications).
 */
export function openRowAge(law: Law): number {
  const edges = usufructEdges(law);
  return edges[edges.length - 1]!.first;
}

// --- the real law (levels 5-6) -------------------------------------------------------------

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
  const [y, m, d] = listOf(FIRST_ACT[level][kind].split("-"), Number) as [number, number, number];
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
