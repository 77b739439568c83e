import { PERSONAL_ALLOWANCES, DEFAULT_ALLOWANCE, DISABILITY_ALLOWANCE, DISABILITY_MINOR_BELOW } from "./allowances.js";
import { CASH_GIFT_790G, HOUSING_GIFT_790ABIS } from "./cash-gifts.js";
import { FUNERAL_DEDUCTION, FURNITURE_FLAT_RATE, MAIN_RESIDENCE, RECALL_YEARS } from "./estate.js";
import { SIBLING_EXEMPTION, SMALL_ESTATE_EXEMPTION, SPOUSE_ESTATE_EXEMPTION } from "./exemptions.js";
import { CONTRACTS_FROM, INSURED_AGE_LIMIT, LEVY_990I_ALLOWANCE, LEVY_990I_EXEMPT, LEVY_990I_PREMIUMS_FROM, LEVY_990I_SCALE, PREMIUMS_757B_ALLOWANCE } from "./life-insurance.js";
import { CIVIL } from "./civil.js";
import { RELATIVES_MAX_DEGREE, SCALES, SCALE_OF } from "./scales.js";
import { deepFreeze, isRegime, isSeries, type RegimeSeries } from "./series.js";
import type { Series } from "./types.js";
import { USUFRUCT_669 } from "./usufruct.js";
import { LAW_COVERAGE, type Coverage } from "./coverage.js";
import type { Relationship, TransferKind } from "./relationships.js";

/**
 * All the law this project applies, as one tree of dated series, frozen and read-only in its
 * type. Formulas never read it directly: they read the law of a date, {@link lawOn}, which has
 * the same shape with each series replaced by its value on that date.
 */
export const LAW_SERIES = deepFreeze({
  funeralDeduction: FUNERAL_DEDUCTION,
  allowances: {
    personal: PERSONAL_ALLOWANCES,
    default: DEFAULT_ALLOWANCE,
    disability: DISABILITY_ALLOWANCE,
    disabilityMinorBelow: DISABILITY_MINOR_BELOW,
  },
  exemptions: {
    spouseEstate: SPOUSE_ESTATE_EXEMPTION,
    sibling: SIBLING_EXEMPTION,
    smallEstate: SMALL_ESTATE_EXEMPTION,
  },
  scales: SCALES,
  scaleOf: SCALE_OF,
  relativesMaxDegree: RELATIVES_MAX_DEGREE,
  recallYears: RECALL_YEARS,
  cashGift790G: CASH_GIFT_790G,
  housingGift790ABis: HOUSING_GIFT_790ABIS,
  usufruct669: USUFRUCT_669,
  furnitureFlatRate: FURNITURE_FLAT_RATE,
  mainResidence: MAIN_RESIDENCE,
  lifeInsurance: {
    allowance990I: LEVY_990I_ALLOWANCE,
    scale990I: LEVY_990I_SCALE,
    exempt990I: LEVY_990I_EXEMPT,
    insuredAgeLimit: INSURED_AGE_LIMIT,
    allowance757B: PREMIUMS_757B_ALLOWANCE,
    contractsFrom: CONTRACTS_FROM,
    premiumsFrom990I: LEVY_990I_PREMIUMS_FROM,
  },
  /** What the tables are verified for (not a dated value: the bounds of the dated values). */
  coverage: LAW_COVERAGE,
  /** The civil devolution's fractions (Code civil), read in computed mode (a dossier with `family`). */
  civil: CIVIL,
} as const);

export type LawSeries = typeof LAW_SERIES;

/** A tree of series with each series replaced by its value (`null` for a regime not in force). */
export type ValuesOf<T> =
  T extends RegimeSeries<infer V> ? V | null : T extends Series<infer V> ? V : T extends object ? { readonly [K in keyof T]: ValuesOf<T[K]> } : T;

/**
 * The law in force on a day: every value of {@link LAW_SERIES} on that day, and the first and
 * last day of the stretch of days over which all of them stay the same.
 */
export type Law = ValuesOf<Omit<LawSeries, "coverage">> & {
  readonly from: string;
  readonly to: string | null;
};

/**
 * A source of dated values: the law of each day, from the dated tables or a law of one's own (a
 * fictional law). `coverage`, when given, is what its values are verified for (the dated tables'
 * {@link LAW_COVERAGE} otherwise: see {@link coverageOf}).
 */
export interface LawSource {
  on(date: string): Law;
  readonly coverage?: Coverage;
}

/** What a source's values are verified for. */
export function coverageOf(source: LawSource): Coverage {
  return source.coverage ?? LAW_COVERAGE;
}

/** A value asked of the law on a day its tables do not cover. */
export class LawCoverageError extends RangeError {
  readonly code = "SUCC_LAW_COVERAGE";
  constructor(
    readonly article: string,
    readonly label: string,
    /** The first day of the stretch of days asked about. */
    readonly date: string,
    readonly first: string | null,
  ) {
    super(`art. ${article} (${label}): the law tables hold no value ${first !== null && date < first ? `before ${first}` : `on ${date}`}`);
    this.name = "LawCoverageError";
  }
}

export function isLawCoverageError(e: unknown): e is LawCoverageError {
  return e instanceof LawCoverageError || (e instanceof Error && (e as { code?: unknown }).code === "SUCC_LAW_COVERAGE");
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** Whether `text` is a real calendar day written YYYY-MM-DD. */
export function isDay(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

/** The day after a YYYY-MM-DD day. */
export function dayAfter(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const next = d < daysInMonth(y, m) ? { y, m, d: d + 1 } : m < 12 ? { y, m: m + 1, d: 1 } : { y: y + 1, m: 1, d: 1 };
  return `${String(next.y).padStart(4, "0")}-${String(next.m).padStart(2, "0")}-${String(next.d).padStart(2, "0")}`;
}

/** The value of one series on a day: `undefined` when no period covers it. */
export function valueOn<V>(s: Series<V>, day: string): V | undefined {
  for (const p of s.periods) if (p.from <= day && (p.to === null || day <= p.to)) return p.value;
  return undefined;
}

function forEachSeries(tree: object, f: (s: Series<unknown>) => void): void {
  for (const v of Object.values(tree)) {
    if (isSeries(v)) f(v);
    else if (typeof v === "object" && v !== null) forEachSeries(v, f);
  }
}

/** Every day on which some value of the tree starts or stops applying, in order. */
function breakpoints(tree: object): string[] {
  const days = new Set<string>();
  forEachSeries(tree, (s) => {
    for (const p of s.periods) {
      days.add(p.from);
      if (p.to !== null) days.add(dayAfter(p.to));
    }
  });
  return [...days].sort();
}

/**
 * The values of `tree` on `day`; a value not covered is a getter that throws, so only a
 * computation that needs it fails. The law's bounds, when given, come first (`from`, `to`).
 *
 * Every object is made the same way, an empty literal then the keys in the tree's order, so that
 * the laws of all the days whose values are all covered share one hidden class at each place of
 * the tree, and the engine's reads of a law stay monomorphic however many laws a run meets (the
 * replay of art. 784 reads the law of each prior gift's date). A spread `{ ...{ from, to } }`
 * gave each law a hidden class of its own (the spread's copy sized its object by the IC's state).
 */
function valuesOn(tree: object, day: string, from?: string, to?: string | null): object {
  const out: Record<string, unknown> = {};
  if (from !== undefined) {
    out.from = from;
    out.to = to;
  }
  for (const [k, v] of Object.entries(tree)) {
    if (isSeries(v)) {
      const value = valueOn(v, day);
      if (value !== undefined) out[k] = value;
      else if (isRegime(v)) out[k] = null;
      else {
        const first = v.periods[0]?.from ?? null;
        Object.defineProperty(out, k, {
          enumerable: true,
          get() {
            throw new LawCoverageError(v.reference.article, v.label, day, first);
          },
        });
      }
    } else if (typeof v === "object" && v !== null) out[k] = valuesOn(v, day);
    else out[k] = v;
  }
  return Object.freeze(out);
}

/**
 * The law of each date of a tree of series: `on(day)` finds the stretch of days that holds it
 * (a binary search over the days where a value changes) and returns that stretch's law, built
 * once and shared. Tests give it a copy of {@link LAW_SERIES} with a value added.
 */
export function datedLaw(tree: LawSeries): LawSource {
  const { coverage, ...values } = tree;
  const days = breakpoints(tree);
  const built: (Law | undefined)[] = new Array(days.length + 1);
  const build = (i: number): Law => {
    const from = i === 0 ? "0000-01-01" : days[i - 1]!;
    const to = i < days.length ? dayBefore(days[i]!) : null;
    // Not a spread: the getters of values the tables do not cover must stay getters.
    return valuesOn(values, from, from, to) as Law;
  };
  return {
    coverage,
    on(day: string): Law {
      if (!isDay(day)) throw new RangeError(`not a date (YYYY-MM-DD): ${JSON.stringify(day)}`);
      // i = the number of breakpoints on or before `day`.
      let lo = 0;
      let hi = days.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (days[mid]! <= day) lo = mid + 1;
        else hi = mid;
      }
      return (built[lo] ??= build(lo));
    },
  };
}

function dayBefore(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const prev = d > 1 ? { y, m, d: d - 1 } : m > 1 ? { y, m: m - 1, d: daysInMonth(y, m - 1) } : { y: y - 1, m: 12, d: 31 };
  return `${String(prev.y).padStart(4, "0")}-${String(prev.m).padStart(2, "0")}-${String(prev.d).padStart(2, "0")}`;
}

/** The law of the dated tables of this package. */
export const DATED_LAW: LawSource = datedLaw(LAW_SERIES);

/**
 * The dated law with some of its civil fractions replaced, each by one value on every day its
 * series covers: the law a notary applies when he makes a common civil mistake (the parents'
 * quarter ignored, the community not liquidated, the legacy not reduced), for the
 * counterfactuals of the generator's level 7 and their tests.
 */
export function lawWithCivil(changed: Partial<Record<keyof LawSeries["civil"], unknown>>): LawSource {
  const civil: Record<string, unknown> = { ...LAW_SERIES.civil };
  for (const [key, value] of Object.entries(changed)) {
    const s = LAW_SERIES.civil[key as keyof LawSeries["civil"]];
    civil[key] = { ...s, periods: s.periods.map((p) => ({ ...p, value })) };
  }
  return datedLaw({ ...LAW_SERIES, civil } as unknown as LawSeries);
}

/** The law in force on a day (YYYY-MM-DD), from the dated tables: the one way formulas read the law. */
export function lawOn(day: string): Law {
  return DATED_LAW.on(day);
}

/**
 * The personal allowance of a relationship in a kind of transfer under the values of a day, in
 * euros (art. 779, 790 B, 790 D, 790 E, 790 F); 0 when it has none of its own. The one reader of
 * that table for the engine and the generator.
 */
export function personalAllowance(law: Law, kind: TransferKind, rel: Relationship): number {
  return (law.allowances.personal[kind] as Partial<Record<Relationship, number>>)[rel] ?? 0;
}

/**
 * The `seed` rules (levels 1-4) state the amounts of 2026 and apply them whatever the act's date:
 * they are the rules the prompts state, not the law of a day. Their law is the law of this day.
 */
export const SEED_LAW_DAY = "2026-01-01";

/** One law for every date (a fictional law drawn for a task). */
export function constantLaw(law: Law): LawSource {
  return { on: () => law };
}

/** The first day from which every value of a tree of series is covered. */
export function coverageStart(tree: LawSeries = LAW_SERIES): string {
  let start = "0000-01-01";
  forEachSeries(tree, (s) => {
    if (!isRegime(s) && s.periods[0] && s.periods[0].from > start) start = s.periods[0].from;
  });
  return start;
}
