import {
  ALLOWANCES,
  DISABILITY_ALLOWANCE,
  SCALES,
  USUFRUCT_669,
  type Relationship,
  type ScaleName,
  type TransferKind,
} from "@succ/rules";

/**
 * Small exact helpers over @succ/rules, in whole cents, for drawing amounts and writing the
 * worked examples of the prompts. Scales are in whole euros and rates in whole percents, so a
 * tax in cents is a sum of integers.
 */

/** Allowance in cents of a relationship (0 for an exempt spouse). */
export function allowanceCents(kind: TransferKind, rel: Relationship, disabled = false): number {
  const p = ALLOWANCES[kind][rel];
  return ((p?.value ?? 0) + (disabled ? DISABILITY_ALLOWANCE.value : 0)) * 100;
}

export interface BandPart {
  from: number;
  to: number;
  ratePercent: number;
  /** Tax of this part, in cents (exact: euros × percent). */
  cents: number;
}

/** The bands of a scale crossed by a whole-euro amount from `start`, each with its tax in cents. */
export function bandParts(name: ScaleName, amountEuros: number, start = 0): BandPart[] {
  const end = start + amountEuros;
  const out: BandPart[] = [];
  let lower = 0;
  for (const band of SCALES[name].bands) {
    const hi = band.upTo === null ? end : Math.min(end, band.upTo);
    const lo = Math.max(start, lower);
    if (hi > lo) out.push({ from: lo, to: hi, ratePercent: band.ratePercent, cents: (hi - lo) * band.ratePercent });
    if (band.upTo === null || end <= band.upTo) break;
    lower = band.upTo;
  }
  return out;
}

/** Scale tax in cents of a whole-euro amount. */
export function scaleCents(name: ScaleName, amountEuros: number): number {
  return bandParts(name, amountEuros).reduce((s, b) => s + b.cents, 0);
}

/** The law's rounding to the euro (half up) of a non-negative amount in cents. */
export function roundCents(cents: number): number {
  return Math.floor((cents + 50) / 100);
}

/** Ages on either side of each bracket edge of art. 669 (20/21, 30/31, …, 90/91). */
export const USUFRUCT_EDGES: readonly { last: number; first: number }[] = USUFRUCT_669.rows
  .filter((r) => r.maxAge !== null)
  .map((r) => ({ last: r.maxAge!, first: r.maxAge! + 1 }));

/**
 * The age of the last, open row of art. 669 ("91 and over"): no usufructuary is drawn at exactly
 * this age, the legal text's bound being imprecise (seed's simplifications).
 */
export const OPEN_ROW_AGE = USUFRUCT_EDGES[USUFRUCT_EDGES.length - 1]!.first;
