import type Fraction from "fraction.js";
import type { Band } from "@succ/rules";
import { fraction, ratio, ZERO } from "./exact.js";

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
 * A band crossed, kept as whole units of 1/q euro; its amounts become fractions only when read
 * (most computations never read them: the sheet and the tests do).
 */
class Slice implements BandDetail {
  readonly to: number | null;
  readonly ratePercent: number;
  constructor(
    band: Band,
    readonly from: number,
    private readonly lo: Int,
    private readonly hi: Int,
    private readonly units: Int,
    private readonly q: Int,
    private readonly make: (n: Int, d: Int) => Fraction,
  ) {
    this.to = band.upTo;
    this.ratePercent = band.ratePercent;
  }
  get sliceFrom(): Fraction {
    return this.make(this.lo, this.q);
  }
  get sliceTo(): Fraction {
    return this.make(this.hi, this.q);
  }
  get base(): Fraction {
    return this.make(((this.hi as number) - (this.lo as number)) as Int, this.q);
  }
  get tax(): Fraction {
    return this.make(this.units, ((this.q as number) * ((typeof this.q === "bigint" ? 10_000n : 10_000) as number)) as Int);
  }
}

/**
 * The one walk of a progressive scale over its bands, in whole units of 1/q euro: for each band
 * crossed by [s, e], the slice [lo, hi] and its tax in units of 1/(10,000 q) euro (rates have at
 * most two decimals), pushed onto `out` as a {@link Slice}; returns the total tax. Written once for
 * both integer kinds: the caller passes numbers when every product stays a safe integer, BigInts
 * otherwise; JavaScript's operators do the same on both.
 */
function walk<T extends Int>(bands: readonly Band[], s: T, e: T, q: T, zero: T, int: (n: number) => T, make: (n: Int, d: Int) => Fraction, out: BandDetail[]): T {
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
      const tax = (((hi as number) - (lo as number)) * (int(hundredths(band.ratePercent)) as number)) as T;
      total = ((total as number) + (tax as number)) as T;
      out.push(new Slice(band, from, lo, hi, tax, q, make));
    }
    if (upper === null || e <= upper) break;
    lower = upper;
    from = band.upTo!;
  }
  return total;
}

const asNumber = (n: number): number => n;
const makeSmall = (n: Int, d: Int): Fraction => ratio(n as number, d as number);
const makeBig = (n: Int, d: Int): Fraction => fraction(n as bigint, d as bigint);

/** Below this, unit counts times a rate in hundredths (at most 10,000) stay safe integers. */
const SAFE_UNITS = Math.floor(Number.MAX_SAFE_INTEGER / 10_000);
const SMALL_BIG = BigInt(SAFE_UNITS);

/**
 * The slices of the interval [start, start + amount] in each band of a scale, each taxed at its
 * rate, and their exact sum, `scale(start + amount) − scale(start)`, with that sum rounded half
 * up to the euro. Nothing else is rounded.
 */
export function scaleSlices(bands: readonly Band[], start: Fraction, amount: Fraction): { bands: BandDetail[]; taxExact: Fraction; tax: number } {
  const top = bands.length > 1 ? bands[bands.length - 2]!.upTo! : 0;
  // The unit 1/q euro: q the product (or the common value) of the two denominators.
  let small = start.s > 0n || start.n === 0n;
  let q = 0;
  let s = 0;
  let e = 0;
  if (small && start.n <= SMALL_BIG && start.d <= SMALL_BIG && amount.n <= SMALL_BIG && amount.d <= SMALL_BIG) {
    const sd = Number(start.d);
    const ad = Number(amount.d);
    q = sd === ad ? sd : sd * ad;
    s = Number(start.n) * (q / sd);
    e = s + Number(amount.n) * (q / ad);
    small = Number.isSafeInteger(q) && e <= SAFE_UNITS && top * q <= SAFE_UNITS;
  } else small = false;
  const out: BandDetail[] = [];
  if (small) {
    const total = walk(bands, s, e, q, 0, asNumber, makeSmall, out);
    const unit = q * 10_000;
    // Half up to the euro: floor((total + unit / 2) / unit), in exact integers.
    const up = 2 * total + unit;
    return { bands: out, taxExact: ratio(total, unit), tax: (up - (up % (2 * unit))) / (2 * unit) };
  }
  const qb = start.d === amount.d ? start.d : start.d * amount.d;
  const sb = (start.s * start.n * qb) / start.d;
  const eb = sb + (amount.s * amount.n * qb) / amount.d;
  const total = walk(bands, sb, eb, qb, 0n, BigInt, makeBig, out);
  const unit = qb * 10_000n;
  return { bands: out, taxExact: total === 0n ? ZERO : fraction(total, unit), tax: Number((2n * total + unit) / (2n * unit)) };
}
/** The tax of a scale on an amount from 0, exactly. */
export function scaleTax(bands: readonly Band[], amount: Fraction): Fraction {
  return scaleSlices(bands, ZERO, amount).taxExact;
}
