import Fraction from "fraction.js";

/**
 * Fast paths over fraction.js for the engine's hot loops. Amounts of a dossier are mostly whole
 * euros or cents, and fractions small: while numerators and denominators stay safe integers,
 * these functions compute with doubles (exact there) and build the reduced result directly,
 * without fraction.js's argument parsing and BigInt gcd; anything larger goes through
 * fraction.js. Results are ordinary, fully reduced `Fraction` objects either way.
 */

type Fields = { s: bigint; n: bigint; d: bigint };

const PROTO = Fraction.prototype;
/** Below this, a BigInt converts to an exact double and products of two stay checkable. */
const SMALL = BigInt(Number.MAX_SAFE_INTEGER);

function make(s: bigint, n: bigint, d: bigint): Fraction {
  // Same fields in the same order as fraction.js's own objects (one hidden class).
  const f = Object.create(PROTO) as Fields;
  f.s = s;
  f.n = n;
  f.d = d;
  return f as unknown as Fraction;
}

/** A whole number as a Fraction. */
export function integer(n: bigint): Fraction {
  return n < 0n ? make(-1n, -n, 1n) : make(1n, n, 1n);
}

export const ZERO = integer(0n);
export const ONE = integer(1n);

/**
 * Whole euros of the law (allowances, band limits) as fractions, made once each: the last ones
 * asked for in a small table by the amount's low bits (a law has a few dozen amounts), the others
 * in a Map.
 */
const EUROS = new Map<number, Fraction>();
const RECENT_EUROS = 256;
/** NaN in an empty slot: equal to no amount. */
const recentAmounts = new Float64Array(RECENT_EUROS).fill(NaN);
const recentEuros = new Array<Fraction | undefined>(RECENT_EUROS).fill(undefined);
export function euro(n: number): Fraction {
  const slot = (n ^ (n >>> 8)) & (RECENT_EUROS - 1);
  if (recentAmounts[slot] === n) return recentEuros[slot]!;
  let f = EUROS.get(n);
  if (f === undefined) {
    f = integer(BigInt(n));
    if (EUROS.size < 4096) EUROS.set(n, f);
  }
  recentAmounts[slot] = n;
  recentEuros[slot] = f;
  return f;
}

function gcd(a: number, b: number): number {
  while (b !== 0) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/** The BigInts of 0 to SMALL_INTS − 1, made once: a reduced fraction's denominator mostly is one (BigInt(x) allocates each time). */
const SMALL_INTS = 1024;
const SMALL_BIGINTS: readonly bigint[] = Array.from({ length: SMALL_INTS }, (_, k) => BigInt(k));
/** A non-negative safe integer as a BigInt. */
const big = (x: number): bigint => (x < SMALL_INTS ? SMALL_BIGINTS[x]! : BigInt(x));

/** n/d for safe integers n (any sign) and d > 0, reduced with number arithmetic. */
export function ratio(n: number, d: number): Fraction {
  if (d === 1) return n < 0 ? make(-1n, big(-n), 1n) : make(1n, big(n), 1n);
  const neg = n < 0;
  const a = neg ? -n : n;
  const g = gcd(a, d);
  return make(neg && a !== 0 ? -1n : 1n, big(a / g), big(d / g));
}

/** n/d for BigInts n (any sign) and d > 0, reduced: with numbers while they are safe. */
export function fraction(n: bigint, d: bigint): Fraction {
  if (d === 1n) return integer(n);
  if (n <= SMALL && n >= -SMALL && d <= SMALL) return ratio(Number(n), Number(d));
  const neg = n < 0n;
  let a = neg ? -n : n;
  let b = d;
  while (b !== 0n) [a, b] = [b, a % b];
  const g = a;
  return make(neg ? -1n : 1n, (neg ? -n : n) / g, d / g);
}

const small = (a: Fraction) => a.n <= SMALL && a.d <= SMALL;
const num = (a: Fraction) => (a.s < 0n ? -Number(a.n) : Number(a.n));

export function add(a: Fraction, b: Fraction): Fraction {
  if (b.n === 0n) return a;
  if (a.n === 0n) return b;
  if (a.d === 1n && b.d === 1n) {
    // Whole numbers: one BigInt operation on the magnitudes (the signs are ±1n).
    if (a.s === b.s) return make(a.s, a.n + b.n, 1n);
    const diff = a.n - b.n;
    if (diff === 0n) return ZERO;
    return diff > 0n ? make(a.s, diff, 1n) : make(b.s, -diff, 1n);
  }
  if (small(a) && small(b)) {
    const ad = Number(a.d);
    const bd = Number(b.d);
    const d = ad === bd ? ad : ad * bd;
    const n = ad === bd ? num(a) + num(b) : num(a) * bd + num(b) * ad;
    if (Number.isSafeInteger(d) && Number.isSafeInteger(n) && Number.isSafeInteger(num(a) * bd) && Number.isSafeInteger(num(b) * ad)) return ratio(n, d);
  }
  return a.add(b);
}

export function sub(a: Fraction, b: Fraction): Fraction {
  if (b.n === 0n) return a;
  if (a.d === 1n && b.d === 1n) {
    // Whole numbers, as add(a, −b) gives them, with one BigInt operation at most.
    const minus = b.s === 1n ? -1n : 1n;
    if (a.n === 0n) return make(minus, b.n, 1n);
    if (a.s !== b.s) return make(a.s, a.n + b.n, 1n);
    const diff = a.n - b.n;
    if (diff === 0n) return ZERO;
    return diff > 0n ? make(a.s, diff, 1n) : make(a.s === 1n ? -1n : 1n, -diff, 1n);
  }
  return add(a, make(-b.s, b.n, b.d));
}

/** a < b */
export function lt(a: Fraction, b: Fraction): boolean {
  // Signs first (a zero has the sign 1n): a negative is below any zero or positive.
  const na = a.s < 0n && a.n !== 0n;
  const nb = b.s < 0n && b.n !== 0n;
  if (na !== nb) return na;
  // Same sign: compare the magnitudes, reversed for negatives.
  const x = a.d === b.d ? a.n : a.n * b.d;
  const y = a.d === b.d ? b.n : b.n * a.d;
  return na ? y < x : x < y;
}

/** a = b (both reduced, as every Fraction is; a zero equals a zero whatever its sign). */
export function equal(a: Fraction, b: Fraction): boolean {
  return a.n === b.n && a.d === b.d && (a.s === b.s || a.n === 0n);
}

/** a > 0 */
export function positive(a: Fraction): boolean {
  return a.s > 0n && a.n > 0n;
}

/** a × b, where b is often exactly 1. */
export function mul(a: Fraction, b: Fraction): Fraction {
  if (b.n === 1n && b.d === 1n && b.s > 0n) return a;
  if (small(a) && small(b)) {
    const n = Number(a.n) * Number(b.n);
    const d = Number(a.d) * Number(b.d);
    if (Number.isSafeInteger(n) && Number.isSafeInteger(d)) return ratio(a.s * b.s < 0n ? -n : n, d);
  }
  return a.mul(b);
}

/** a × p / q for small non-negative integers p and q > 0 (percentages). */
export function mulRatio(a: Fraction, p: number, q: number): Fraction {
  if (small(a)) {
    const n = Number(a.n) * p;
    const d = Number(a.d) * q;
    if (Number.isSafeInteger(n) && Number.isSafeInteger(d)) return ratio(a.s < 0n ? -n : n, d);
  }
  return a.mul(p, q);
}

export function sum(xs: Iterable<Fraction>): Fraction {
  let s = ZERO;
  for (const x of xs) s = add(s, x);
  return s;
}

/** The lower of two amounts. */
export function min(a: Fraction, b: Fraction): Fraction {
  return lt(a, b) ? a : b;
}

/** An amount, or 0 when it is negative ("au moins 0"). */
export function floor0(a: Fraction): Fraction {
  return positive(a) ? a : ZERO;
}
