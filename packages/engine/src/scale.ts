import type Fraction from "fraction.js";
import type { Band } from "@succ/rules";
import { add, euro, lt, mulRatio, sub, ZERO } from "./exact.js";

/** One band of a scale crossed by a taxable amount: the band, the slice of it taxed, and that slice's tax. */
export interface BandDetail {
  /** The band's own bounds, in euros (`to` null: no upper bound). */
  from: number;
  to: number | null;
  ratePercent: number;
  /** The slice taxed in this band: from the higher of the band's start and the scale's start (T). */
  sliceFrom: Fraction;
  sliceTo: Fraction;
  /** sliceTo − sliceFrom. */
  base: Fraction;
  tax: Fraction;
}

/** A rate in percent with at most two decimals, as hundredths of a percent (exact: 31.25 → 3125). */
function hundredths(ratePercent: number): number {
  return Math.round(ratePercent * 100);
}

/**
 * The one walk of a progressive scale over its bands: the slices of the interval
 * [start, start + amount] in each band, each taxed at its rate, and their exact sum,
 * `scale(start + amount) − scale(start)`. Nothing is rounded.
 */
export function scaleSlices(bands: readonly Band[], start: Fraction, amount: Fraction): { bands: BandDetail[]; taxExact: Fraction } {
  const end = add(start, amount);
  const out: BandDetail[] = [];
  let taxExact = ZERO;
  let lower = ZERO;
  let lowerEuros = 0;
  for (const band of bands) {
    const upper = band.upTo === null ? null : euro(band.upTo);
    const hi = upper === null || lt(end, upper) ? end : upper;
    const lo = lt(lower, start) ? start : lower;
    if (lt(lo, hi)) {
      const base = sub(hi, lo);
      const tax = mulRatio(base, hundredths(band.ratePercent), 10_000);
      taxExact = add(taxExact, tax);
      out.push({ from: lowerEuros, to: band.upTo, ratePercent: band.ratePercent, sliceFrom: lo, sliceTo: hi, base, tax });
    }
    if (upper === null || !lt(upper, end)) break;
    lower = upper;
    lowerEuros = band.upTo!;
  }
  return { bands: out, taxExact };
}

/** The tax of a scale on an amount from 0, exactly. */
export function scaleTax(bands: readonly Band[], amount: Fraction): Fraction {
  return scaleSlices(bands, ZERO, amount).taxExact;
}
