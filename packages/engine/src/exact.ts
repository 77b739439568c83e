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

/*
 * The operations below read each BigInt field into a double once and test the doubles, not the
 * BigInts, against MAX: a BigInt above MAX converts to at least 2^53 (the conversion rounds to the
 * nearest double, and 2^53 is one), and so does any product with it, so a result at most MAX was
 * computed from exact values and is exact itself.
 *
 * How TurboFan sees them (issue 21): add, sub and mul only test for an operand that leaves the
 * other as it is, and call `arith` for the rest. `arith` is larger than TurboFan inlines (460
 * bytes of bytecode): it is compiled once and called, where the operations written out in each
 * entry point were inlined, BigInt conversions, reduction and all, into each of the engine's hot
 * functions, several times over (compiling them cost more than running them on thousands of
 * dossiers). Keep it one function, whole.
 */
const MAX = Number.MAX_SAFE_INTEGER;

/** The operations of {@link arith}. */
const ADD = 0;
const SUB = 1;
const MUL = 2;

export function add(a: Fraction, b: Fraction): Fraction {
  if (b.n === 0n) return a;
  if (a.n === 0n) return b;
  return arith(ADD, a, b);
}

export function sub(a: Fraction, b: Fraction): Fraction {
  if (b.n === 0n) return a;
  return arith(SUB, a, b);
}

/** a × b, where b is often exactly 1. */
export function mul(a: Fraction, b: Fraction): Fraction {
  if (b.n === 1n && b.d === 1n && b.s === 1n) return a;
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
    if (a.n === 0n) return make(sb, b.n, b.d);
    if (a.d === 1n && b.d === 1n) {
      if (a.s === sb) return make(sb, a.n + b.n, 1n);
      const diff = a.n - b.n;
      if (diff === 0n) return ZERO;
      return diff > 0n ? make(a.s, diff, 1n) : make(sb, -diff, 1n);
    }
    const ad = Number(a.d);
    const bd = Number(b.d);
    const an = Number(a.n);
    const bn = Number(b.n);
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
    n = Number(a.n) * Number(b.n);
    d = Number(a.d) * Number(b.d);
    if (a.s !== b.s) n = -n;
  }
  // NaN (not computed, or an operand beyond a double's range) fails these tests.
  if (n <= MAX && n >= -MAX && d <= MAX) return ratio(n, d);
  return op === ADD ? a.add(b) : op === SUB ? a.sub(b) : a.mul(b);
}

/** a < b */
export function lt(a: Fraction, b: Fraction): boolean {
  // Signs first (a zero has the sign 1n): a negative is below any zero or positive.
  const na = a.s !== 1n && a.n !== 0n;
  const nb = b.s !== 1n && b.n !== 0n;
  if (na !== nb) return na;
  // Same sign: compare the magnitudes, reversed for negatives.
  if (a.d === b.d) return na ? b.n < a.n : a.n < b.n;
  return na ? below(b, a) : below(a, b);
}

/** |a| < |b| for different denominators: the cross products, in doubles while exact. */
function below(a: Fraction, b: Fraction): boolean {
  const x = Number(a.n) * Number(b.d);
  const y = Number(b.n) * Number(a.d);
  if (x <= MAX && y <= MAX) return x < y;
  return a.n * b.d < b.n * a.d;
}

/** a = b (both reduced, as every Fraction is; a zero equals a zero whatever its sign). */
export function equal(a: Fraction, b: Fraction): boolean {
  return a.n === b.n && a.d === b.d && (a.s === b.s || a.n === 0n);
}

/** a > 0 */
export function positive(a: Fraction): boolean {
  return a.s === 1n && a.n !== 0n;
}

/** a × p / q for small non-negative integers p and q > 0 (percentages). */
export function mulRatio(a: Fraction, p: number, q: number): Fraction {
  const n = Number(a.n) * p;
  const d = Number(a.d) * q;
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
