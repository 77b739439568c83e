import type Fraction from "fraction.js";
import type { Band } from "@succ/rules";
import { den, fraction, integer, num, ratio, ZERO } from "./exact.js";

/** One band of a scale crossed by a taxable amount: the band, the slice of it taxed, and that slice's tax. */
export interface BandDetail {
  /** The band's own bounds, in euros (`to` null: no upper bound). */
  readonly from: number;
  readonly to: number | null;
  readonly ratePercent: number;
  /** The slice taxed in this band: from the higher of the band's start and the scale's start (T). */
  readonly sliceFrom: Fraction;
  readonly sliceTo: Fraction;
  /** sliceTo − sliceFrom. */
  readonly base: Fraction;
  readonly tax: Fraction;
}

/** A rate in percent with at most two decimals, as hundredths of a percent (exact: 31.25 → 3125). */
function hundredths(ratePercent: number): number {
  return Math.round(ratePercent * 100);
}

type Int = number | bigint;

/**
 * A band crossed, kept as whole units of 1/q euro (numbers, or BigInts when they would not stay
 * safe integers); its amounts become fractions only when read (most computations never read
 * them: the sheet and the tests do).
 */
class Slice implements BandDetail {
  readonly to: number | null;
  readonly ratePercent: number;
  constructor(
    band: Band,
    readonly from: number,
    private readonly lo: Int,
    private readonly hi: Int,
    private readonly q: Int,
  ) {
    this.to = band.upTo;
    this.ratePercent = band.ratePercent;
  }
  get sliceFrom(): Fraction {
    return typeof this.q === "bigint" ? fraction(this.lo as bigint, this.q) : ratio(this.lo as number, this.q);
  }
  get sliceTo(): Fraction {
    return typeof this.q === "bigint" ? fraction(this.hi as bigint, this.q) : ratio(this.hi as number, this.q);
  }
  get base(): Fraction {
    return typeof this.q === "bigint" ? fraction((this.hi as bigint) - (this.lo as bigint), this.q) : ratio((this.hi as number) - (this.lo as number), this.q);
  }
  /** The slice's tax in units of 1/(10,000 q) euro, as the walk computed it, over 10,000 q. */
  get tax(): Fraction {
    const rate = hundredths(this.ratePercent);
    return typeof this.q === "bigint"
      ? fraction(((this.hi as bigint) - (this.lo as bigint)) * BigInt(rate), this.q * 10_000n)
      : ratio(((this.hi as number) - (this.lo as number)) * rate, this.q * 10_000);
  }
}

/**
 * The one walk of a progressive scale over its bands, in whole units of 1/q euro: for each band
 * crossed by [s, e], the slice [lo, hi] and its tax in units of 1/(10,000 q) euro (rates have at
 * most two decimals), the slice pushed onto `out` as a {@link Slice}; returns the total tax.
 * Written once for both integer kinds: the caller passes numbers when every product stays a safe
 * integer, BigInts otherwise; JavaScript's operators do the same on both.
 */
function walk<T extends Int>(bands: readonly Band[], s: T, e: T, q: T, zero: T, int: (n: number) => T, out: BandDetail[]): T {
  let total = zero;
  let lower = zero;
  let from = 0;
  // An indexed loop: a law's frozen bands iterated with for-of allocated an iterator result a step.
  for (let k = 0; k < bands.length; k++) {
    const band = bands[k]!;
    const upper = band.upTo === null ? null : ((int(band.upTo) as number) * (q as number)) as T;
    const hi = upper === null || e < upper ? e : upper;
    const lo = s > lower ? s : lower;
    if (hi > lo) {
      total = ((total as number) + ((hi as number) - (lo as number)) * (int(hundredths(band.ratePercent)) as number)) as T;
      out.push(new Slice(band, from, lo, hi, q));
    }
    if (upper === null || e <= upper) break;
    lower = upper;
    from = band.upTo!;
  }
  return total;
}

const asNumber = (n: number): number => n;

/**
 * floor(a / m) for safe integers a ≥ 0 and m > 0, exactly: the quotient of the doubles is within
 * one of it, and the remainder, exact while a + m is a safe integer, corrects it. Beyond, the
 * remainder `%`, which TurboFan compiles as a call to C's fmod (a loop over the quotient's bits),
 * for each taxed beneficiary otherwise.
 */
function floorDiv(a: number, m: number): number {
  if (a + m > Number.MAX_SAFE_INTEGER) return (a - (a % m)) / m;
  let q = Math.floor(a / m);
  const r = a - q * m;
  if (r < 0) q -= 1;
  else if (r >= m) q += 1;
  return q;
}

/** Below this, unit counts times a rate in hundredths (at most 10,000) stay safe integers. */
const SAFE_UNITS = Math.floor(Number.MAX_SAFE_INTEGER / 10_000);

/**
 * The slices of the interval [start, start + amount] in each band of a scale, each taxed at its
 * rate, and their exact sum, `scale(start + amount) − scale(start)`, with that sum rounded half
 * up to the euro. Nothing else is rounded.
 */
export function scaleSlices(bands: readonly Band[], start: Fraction, amount: Fraction): { bands: BandDetail[]; taxExact: Fraction; tax: number } {
  return slices(bands, start, num(amount), den(amount), amount);
}

/** {@link scaleSlices} on a whole number of euros (a rounded taxable share): no fraction made for the amount. */
export function scaleSlicesOfEuros(bands: readonly Band[], start: Fraction, euros: number): { bands: BandDetail[]; taxExact: Fraction; tax: number } {
  return slices(bands, start, euros, 1, null);
}

/**
 * The walk in numbers when every unit count stays a safe integer, in BigInts otherwise: `an/ad`
 * is the amount read into doubles (its magnitude: the amount is never negative), `amount` the
 * amount itself (null: the whole number `an`).
 */
function slices(bands: readonly Band[], start: Fraction, an: number, ad: number, amount: Fraction | null): { bands: BandDetail[]; taxExact: Fraction; tax: number } {
  const out: BandDetail[] = [];
  if (start.s === 1n || start.n === 0n) {
    // The unit 1/q euro: q the product (or the common value) of the two denominators. A BigInt
    // above SAFE_UNITS converts to a double above it too, so the doubles are tested, not the BigInts.
    const sd = den(start);
    const sn = num(start);
    if (sn <= SAFE_UNITS && sd <= SAFE_UNITS && an <= SAFE_UNITS && ad <= SAFE_UNITS) {
      const top = bands.length > 1 ? bands[bands.length - 2]!.upTo! : 0;
      // A whole number of euros (ad 1: every taxable share) takes the start's denominator, without
      // a product (one TurboFan compiled without feedback until a start with a denominator came, then deopted).
      const q = ad === 1 || sd === ad ? sd : sd * ad;
      const s = sn * (q / sd);
      const e = s + an * (q / ad);
      if (Number.isSafeInteger(q) && e <= SAFE_UNITS && top * q <= SAFE_UNITS) {
        const total = walk(bands, s, e, q, 0, asNumber, out);
        const unit = q * 10_000;
        // Half up to the euro: floor((total + unit / 2) / unit), in exact integers.
        const up = 2 * total + unit;
        return { bands: out, taxExact: ratio(total, unit), tax: floorDiv(up, 2 * unit) };
      }
    }
  }
  const x = amount ?? integer(BigInt(an));
  const qb = start.d === x.d ? start.d : start.d * x.d;
  const sb = (start.s * start.n * qb) / start.d;
  const eb = sb + (x.s * x.n * qb) / x.d;
  const total = walk(bands, sb, eb, qb, 0n, BigInt, out);
  const unit = qb * 10_000n;
  return { bands: out, taxExact: total === 0n ? ZERO : fraction(total, unit), tax: Number((2n * total + unit) / (2n * unit)) };
}
/** The tax of a scale on an amount from 0, exactly. */
export function scaleTax(bands: readonly Band[], amount: Fraction): Fraction {
  return scaleSlices(bands, ZERO, amount).taxExact;
}
