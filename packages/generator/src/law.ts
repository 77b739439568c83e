import Fraction from "fraction.js";
import { formatDate, roundEuro, type CivilDate } from "@succ/engine";
import { scaleSlices, scaleTax } from "@succ/engine/internal";
import { lawOn, personalAllowance, type Band, type Law, type Relationship, type TransferKind } from "@succ/rules";
import { LAW_DAY } from "./dates.js";

/**
 * The generator's reads of the law: the law of a day comes from @succ/rules (`lawOn`), the walk
 * of a scale and the rounding from @succ/engine; this file only turns their exact amounts into
 * the whole cents the drawing and the worked examples of the prompts use.
 */

/** The law in force on a day: the act's date for a dossier. */
export function lawOf(day: CivilDate): Law {
  return lawOn(formatDate(day));
}

/** The law the numbered rules of the prompts state, and their worked examples apply: the law of {@link LAW_DAY}. */
export function promptLaw(): Law {
  return lawOn(LAW_DAY);
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

/** The bands of a scale crossed by a whole-euro amount from `start`, each with its tax in cents (the engine's walk of the scale). */
export function bandParts(bands: readonly Band[], amountEuros: number, start = 0): BandPart[] {
  return scaleSlices(bands, new Fraction(start), new Fraction(amountEuros)).bands.map((b) => ({
    from: whole(b.sliceFrom),
    to: whole(b.sliceTo),
    ratePercent: b.ratePercent,
    cents: whole(b.tax.mul(100)),
  }));
}

/** Scale tax in cents of a whole-euro amount, from 0. */
export function scaleCents(bands: readonly Band[], amountEuros: number): number {
  return whole(scaleTax(bands, new Fraction(amountEuros)).mul(100));
}

/** The law's rounding to the euro (half up) of an amount in cents (the engine's). */
export function roundCents(cents: number): number {
  return roundEuro(new Fraction(cents, 100));
}

/** Ages on either side of each bracket edge of art. 669 (20/21, 30/31, …, 90/91). */
export function usufructEdges(law: Law): readonly { last: number; first: number }[] {
  return law.usufruct669.filter((r) => r.maxAge !== null).map((r) => ({ last: r.maxAge!, first: r.maxAge! + 1 }));
}

/**
 * The age of the last, open row of art. 669 ("91 and over"): no usufructuary is drawn at exactly
 * this age, the legal text's bound being imprecise (seed's simplifications).
 */
export function openRowAge(law: Law): number {
  const edges = usufructEdges(law);
  return edges[edges.length - 1]!.first;
}
