import Fraction from "fraction.js";

/**
 * Fast paths over fraction.js for the engine's hot loops. Amounts of a dossier are mostly whole
 * euros or cents, and fractions small: while numerators and denominators stay safe integers,
 * these functions compute with doubles (exact there) and build the reduced result directly,
 * without fraction.js's argument parsing and BigInt gcd; anything larger goes through
 * fraction.js. Results are ordinary, fully reduced `Fraction` objects either way.
 */

const PROTO = Fraction.prototype;
/** Below this, a BigInt converts to an exact double and products of two stay checkable. */
const SMALL = BigInt(Number.MAX_SAFE_INTEGER);
const MAX = Number.MAX_SAFE_INTEGER;

type Fields = { s: bigint; n: bigint; d: bigint };

/** fraction.js's fields, made by a constructor whose prototype is fraction.js's own (an object literal's allocation, where Object.create is a call). */
const Made = function (this: Fields, s: bigint, n: bigint, d: bigint) {
  this.s = s;
  this.n = n;
  this.d = d;
} as unknown as new (s: bigint, n: bigint, d: bigint) => Fields;
Made.prototype = PROTO;

/** A base class whose constructor returns the object it is given: its subclass adds its private fields to that object. */
class Stamp {
  constructor(o: object) {
    return o;
  }
}

/**
 * The engine's Fractions: fraction.js's objects (its three fields, its prototype) that also hold
 * the numerator and the denominator read into doubles once, when they are made, in private fields.
 * A BigInt's conversion to a number is a call into V8's runtime each time, and the operations
 * below read both for every sum and product. Each double is the field's value when that is at
 * most MAX, and above MAX otherwise. Private fields are invisible outside this class: the objects
 * compare equal to fraction.js's own, strictly too. Fractions made by fraction.js itself have no
 * doubles; {@link num} and {@link den} convert their fields.
 */
class Exact extends Stamp {
  #n: number;
  #d: number;
  constructor(f: Fields, nn: number, dd: number) {
    super(f);
    this.#n = nn;
    this.#d = dd;
  }

  static num(f: Fraction): number {
    return #n in f ? f.#n : Number(f.n);
  }

  static den(f: Fraction): number {
    return #d in f ? f.#d : Number(f.d);
  }
}

/** The numerator of a fraction (its magnitude) as a double: exact when at most Number.MAX_SAFE_INTEGER, above it otherwise. */
export const num = Exact.num;
/** The denominator of a fraction as a double: exact when at most Number.MAX_SAFE_INTEGER, above it otherwise. */
export const den = Exact.den;

/** A Fraction of reduced fields whose doubles are known (exact up to MAX, above MAX otherwise). */
function make(s: bigint, n: bigint, d: bigint, nn: number, dd: number): Fraction {
  return new Exact(new Made(s, n, d), nn, dd) as unknown as Fraction;
}

/** A Fraction of reduced fields, read into doubles here. */
function made(s: bigint, n: bigint, d: bigint): Fraction {
  return make(s, n, d, Number(n), Number(d));
}

/** A whole number as a Fraction. */
export function integer(n: bigint): Fraction {
  return n < 0n ? made(-1n, -n, 1n) : made(1n, n, 1n);
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
  return euroFromMap(n, slot);
}

/** euro(n) not in the small table: from the Map, or made (apart, so that callers inline only the table's lookup). */
function euroFromMap(n: number, slot: number): Fraction {
  let f = EUROS.get(n);
  if (f === undefined) {
    f = integer(BigInt(n));
    if (EUROS.size < 4096) EUROS.set(n, f);
  }
  recentAmounts[slot] = n;
  recentEuros[slot] = f;
  return f;
}

/** The largest int32: below it, a remainder is a machine division. */
const INT32 = 0x7fffffff;

/**
 * gcd(a, b) of non-negative safe integers. Euclid's remainders are exact doubles whatever the
 * size, but once TurboFan has seen one operand beyond int32 (a sum of cents, a scale's units) it
 * compiles `%` as a call to C's fmod for every gcd after, small ones included (three times the
 * time of a machine division). So the remainders are taken as doubles only while an operand is
 * beyond int32 (mostly one step: the other is a small denominator), then in int32.
 */
function gcd(a: number, b: number): number {
  while (a > INT32 || b > INT32) {
    if (b === 0) return a;
    const t = a % b;
    a = b;
    b = t;
  }
  let x = a | 0;
  let y = b | 0;
  while (y !== 0) {
    const t = x % y;
    x = y;
    y = t;
  }
  return x;
}

/** The BigInts of 0 to SMALL_INTS − 1, made once: a reduced fraction's denominator mostly is one (BigInt(x) allocates each time). */
const SMALL_INTS = 1024;
const SMALL_BIGINTS: readonly bigint[] = Array.from({ length: SMALL_INTS }, (_, k) => BigInt(k));
/**
 * The BigInts of larger values made lately, by the value's low bits (NaN in an empty slot):
 * amounts of a dossier come back through several sums and products, and BigInt(x) is a call into
 * V8's runtime (about half of them are found here, on the benchmark's dossiers).
 */
const RECENT_BIGINTS = 1024;
const recentValues = new Float64Array(RECENT_BIGINTS).fill(NaN);
const recentBigInts = new Array<bigint>(RECENT_BIGINTS).fill(0n);
/** A non-negative safe integer as a BigInt. */
function big(x: number): bigint {
  if (x < SMALL_INTS) return SMALL_BIGINTS[x]!;
  const slot = (x ^ (x / RECENT_BIGINTS)) & (RECENT_BIGINTS - 1);
  if (recentValues[slot] === x) return recentBigInts[slot]!;
  const b = BigInt(x);
  recentValues[slot] = x;
  recentBigInts[slot] = b;
  return b;
}

/** n/d for safe integers n (any sign) and d > 0, reduced with number arithmetic (n/1: a whole number of euros read as a number). */
export function ratio(n: number, d: number): Fraction {
  // A zero of any sign (−0 included, from a product) is 0/1.
  if (n === 0) return ZERO;
  if (d === 1) return n < 0 ? make(-1n, big(-n), 1n, -n, 1) : make(1n, big(n), 1n, n, 1);
  const neg = n < 0;
  const a = neg ? -n : n;
  const g = gcd(a, d);
  const rn = a / g;
  const rd = d / g;
  return make(neg ? -1n : 1n, big(rn), big(rd), rn, rd);
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
  return made(neg ? -1n : 1n, (neg ? -n : n) / g, d / g);
}

/*
 * The operations below read each numerator and denominator as a double ({@link num}, {@link den})
 * and test the doubles, not the BigInts, against MAX: a value above MAX reads as more than MAX (a
 * BigInt's conversion rounds to the nearest double, and 2^53 is one), and so does any product
 * with it, so a result at most MAX was computed from exact values and is exact itself.
 *
 * How TurboFan sees them (issue 21): add, sub and mul only test for an operand that leaves the
 * other as it is, and call `arith` for the rest. `arith` is larger than TurboFan inlines (460
 * bytes of bytecode): it is compiled once and called, where the operations written out in each
 * entry point were inlined, BigInt conversions, reduction and all, into each of the engine's hot
 * functions, several times over (compiling them cost more than running them on thousands of
 * dossiers). Keep it one function, whole.
 */
/** The operations of {@link arith}. */
const ADD = 0;
const SUB = 1;
const MUL = 2;

export function add(a: Fraction, b: Fraction): Fraction {
  if (num(b) === 0) return a;
  if (num(a) === 0) return b;
  return arith(ADD, a, b);
}

export function sub(a: Fraction, b: Fraction): Fraction {
  if (num(b) === 0) return a;
  return arith(SUB, a, b);
}

/** a × b, where b is often exactly 1. */
export function mul(a: Fraction, b: Fraction): Fraction {
  if (num(b) === 1 && den(b) === 1 && b.s === 1n) return a;
  return arith(MUL, a, b);
}

/**
 * a + b, a − b or a × b, reduced. Sums of whole numbers take one BigInt operation on the
 * magnitudes (the signs are ±1n); the rest is computed with doubles while they are exact, and
 * reduced with a gcd of doubles; anything larger goes through fraction.js.
 */
function arith(op: number, a: Fraction, b: Fraction): Fraction {
  // The sign b enters with: −b's for a difference (a literal: no BigInt allocated).
  const sb = op === SUB ? (b.s === 1n ? -1n : 1n) : b.s;
  let n = NaN;
  let d = NaN;
  if (op !== MUL) {
    const ad = den(a);
    const bd = den(b);
    const an = num(a);
    const bn = num(b);
    if (an === 0) return make(sb, b.n, b.d, bn, bd);
    if (ad === 1 && bd === 1) {
      // A sum of doubles above MAX is above MAX (so is one with an operand above it); a difference
      // is exact only from exact operands.
      if (a.s === sb) return make(sb, a.n + b.n, 1n, an + bn, 1);
      const diff = a.n - b.n;
      if (diff === 0n) return ZERO;
      const exact = an <= MAX && bn <= MAX;
      return diff > 0n ? make(a.s, diff, 1n, exact ? an - bn : Number(diff), 1) : make(sb, -diff, 1n, exact ? bn - an : Number(-diff), 1);
    }
    if (ad <= MAX && bd <= MAX && an <= MAX && bn <= MAX) {
      const x = a.s === 1n ? an : -an;
      const y = sb === 1n ? bn : -bn;
      if (ad === bd) {
        n = x + y;
        d = ad;
      } else {
        const p = x * bd;
        const q = y * ad;
        // Exact only if each product is: a sum of two safe integers rounds only above MAX.
        if (p <= MAX && p >= -MAX && q <= MAX && q >= -MAX) {
          n = p + q;
          d = ad * bd;
        }
      }
    }
  } else {
    n = num(a) * num(b);
    d = den(a) * den(b);
    if (a.s !== b.s) n = -n;
  }
  // NaN (not computed, or an operand beyond a double's range) fails these tests.
  if (n <= MAX && n >= -MAX && d <= MAX) return ratio(n, d);
  return op === ADD ? a.add(b) : op === SUB ? a.sub(b) : a.mul(b);
}

/** a < b */
export function lt(a: Fraction, b: Fraction): boolean {
  // Signs first (a zero has the sign 1n): a negative is below any zero or positive.
  const an = num(a);
  const bn = num(b);
  const na = a.s !== 1n && an !== 0;
  const nb = b.s !== 1n && bn !== 0;
  if (na !== nb) return na;
  // Same sign: compare the magnitudes, reversed for negatives.
  const ad = den(a);
  const bd = den(b);
  if (an <= MAX && bn <= MAX && ad <= MAX && bd <= MAX) {
    // Exact doubles: the same denominator compares the numerators; different ones, the cross
    // products (no BigInt comparison of denominators the doubles already tell apart).
    if (ad === bd) return na ? bn < an : an < bn;
  } else if (a.d === b.d) return na ? b.n < a.n : a.n < b.n;
  return na ? below(b, a) : below(a, b);
}

/** |a| < |b| for different denominators: the cross products, in doubles while exact. */
function below(a: Fraction, b: Fraction): boolean {
  const x = num(a) * den(b);
  const y = num(b) * den(a);
  if (x <= MAX && y <= MAX) return x < y;
  return a.n * b.d < b.n * a.d;
}

/** a = b (both reduced, as every Fraction is; a zero equals a zero whatever its sign). */
export function equal(a: Fraction, b: Fraction): boolean {
  return a.n === b.n && a.d === b.d && (a.s === b.s || a.n === 0n);
}

/** a > 0 */
export function positive(a: Fraction): boolean {
  return a.s === 1n && num(a) !== 0;
}

/** a × p / q for small non-negative integers p and q > 0 (percentages). */
export function mulRatio(a: Fraction, p: number, q: number): Fraction {
  const n = num(a) * p;
  const d = den(a) * q;
  if (n <= MAX && d <= MAX) return ratio(a.s === 1n ? n : -n, d);
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
