/**
 * The engine's fast exact arithmetic (src/exact.ts, the whole-euro path of the scale, the
 * BigInt rounding) against fraction.js's own operations, which serve as the oracle here: same
 * value, fully reduced, on small and on huge numerators and denominators.
 */
import Fraction from "fraction.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deepStrictEqual } from "node:assert";
import { add, den, equal, euro, fraction, integer, lt, mul, mulRatio, num, positive, ratio, sub, sum } from "../src/exact.js";
import { lawOn, type Band } from "@succ/rules";
import { compute, readDossier, roundEuro } from "../src/index.js";
import { scaleSlicesOfEuros } from "../src/scale.js";
import { dossierArb } from "./arbitraries.js";

fc.configureGlobal({ numRuns: Number(process.env.FC_NUM_RUNS ?? 200) });

/** Numerators and denominators around the 2^53 boundary of the double fast path, and small ones. */
const big = fc.oneof(
  fc.bigInt({ min: 0n, max: 1000n }),
  fc.bigInt({ min: 0n, max: 10n ** 14n }),
  fc.bigInt({ min: 2n ** 52n, max: 2n ** 54n }),
  fc.bigInt({ min: 0n, max: 10n ** 30n }),
);
const frac = fc
  .tuple(big, big.map((d) => d + 1n), fc.boolean())
  .map(([n, d, neg]) => new Fraction(neg ? -n : n, d));
const same = (x: Fraction, y: Fraction) => {
  // Same value and same (reduced) fields.
  expect([x.s, x.n, x.d]).toEqual([y.s, y.n, y.d]);
};

describe("exact.ts agrees with fraction.js", () => {
  it("add, sub, mul, lt, positive", () => {
    fc.assert(
      fc.property(frac, frac, (a, b) => {
        same(add(a, b), a.add(b));
        same(sub(a, b), a.sub(b));
        same(mul(a, b), a.mul(b));
        expect(lt(a, b)).toBe(a.lt(b));
        expect(positive(a)).toBe(a.gt(0));
      }),
    );
  });
  it("add, sub, lt on whole numbers of any sign, zero and equal magnitudes included (their own path)", () => {
    const whole = fc.oneof(fc.bigInt({ min: -3n, max: 3n }), fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n })).map((n) => new Fraction(n));
    fc.assert(
      fc.property(whole, whole, fc.boolean(), (a, b, mirror) => {
        // Half the time b is a's opposite or a itself: the sums and differences that reach 0.
        const y = mirror ? (b.s < 0n ? a.neg() : a) : b;
        same(add(a, y), a.add(y));
        same(sub(a, y), a.sub(y));
        same(add(a, y.neg()), a.sub(y));
        expect(lt(a, y)).toBe(a.lt(y));
        expect(lt(y, a)).toBe(y.lt(a));
      }),
    );
  });
  it("mulRatio, ratio, integer, sum", () => {
    fc.assert(
      fc.property(frac, fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 100 }), fc.array(frac, { maxLength: 6 }), (a, p, q, xs) => {
        same(mulRatio(a, p, q), a.mul(p, q));
        same(ratio(p * 1234567, q * 89), new Fraction(p * 1234567, q * 89));
        same(integer(BigInt(p) - 50n), new Fraction(p - 50));
        same(sum(xs), xs.reduce((s, x) => s.add(x), new Fraction(0)));
      }),
    );
  });
  it("ratio of any safe integers, across the table of small BigInts (0 to 1,023), the int32 boundary of the gcd and up to 2^53 − 1", () => {
    const int32 = fc.integer({ min: 2 ** 31 - 40, max: 2 ** 31 + 40 });
    const edge = fc.oneof(fc.integer({ min: 0, max: 2048 }), fc.constantFrom(1023, 1024, 1025, 2 ** 31 - 1, 2 ** 31, 2 ** 32, Number.MAX_SAFE_INTEGER), int32, fc.maxSafeNat());
    fc.assert(
      fc.property(edge, edge.map((d) => Math.max(1, d)), fc.boolean(), (n, d, neg) => {
        const x = ratio(neg ? -n : n, d);
        same(x, new Fraction(BigInt(neg ? -n : n), BigInt(d)));
        // 1023/2046 = 1/2 and 2048/1024 = 2: the reduced fields, from the table or not, are plain BigInts.
        expect(typeof x.n).toBe("bigint");
        expect(typeof x.d).toBe("bigint");
      }),
    );
  });
  it("equal is fraction.js's equals, zero of either sign included", () => {
    fc.assert(
      fc.property(frac, frac, fc.boolean(), (a, b, itself) => {
        const y = itself ? new Fraction(a) : b;
        expect(equal(a, y)).toBe(a.equals(y));
        expect(equal(y, a)).toBe(a.equals(y));
      }),
    );
    // A zero made by subtracting keeps the sign 1 in fraction.js; equal must not depend on it.
    expect(equal(sub(integer(2n), integer(2n)), integer(0n))).toBe(true);
    expect(equal(ratio(-0, 5), integer(0n))).toBe(true);
    expect(equal(ratio(1, 3), ratio(2, 6))).toBe(true);
    expect(equal(ratio(1, 3), ratio(-1, 3))).toBe(false);
  });
  it("results are usable as ordinary fractions", () => {
    const x = add(new Fraction(1, 3), new Fraction(1, 6));
    expect(x).toBeInstanceOf(Fraction);
    expect(x.toFraction()).toBe("1/2");
    expect(x.equals(new Fraction(1, 2))).toBe(true);
    expect(sub(integer(3n), integer(5n)).toString()).toBe("-2");
  });
});

/**
 * The engine's own fractions (made by ratio, fraction, integer and the operations) also hold their
 * numerator and denominator as doubles, which the operations read instead of converting the
 * BigInts: the tests above give them fraction.js's objects, which have none; these give them the
 * engine's own, results of earlier operations included.
 */
describe("the engine's own fractions", () => {
  /** The same value, made by the engine. */
  const own = (f: Fraction): Fraction => fraction(f.s * f.n, f.d);
  /** The doubles a fraction holds: its fields when at most 2^53 − 1, above it otherwise. */
  const doubles = (x: Fraction) => {
    for (const [double, field] of [[num(x), x.n], [den(x), x.d]] as const) {
      if (field <= BigInt(Number.MAX_SAFE_INTEGER)) expect(double).toBe(Number(field));
      else expect(double).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
    }
  };
  // Whole numbers on both sides of 2^53, where a sum or a difference of doubles stops being exact.
  const edge = fc.oneof(fc.bigInt({ min: 0n, max: 5n }), fc.bigInt({ min: 2n ** 53n - 3n, max: 2n ** 53n + 3n }), fc.bigInt({ min: 0n, max: 10n ** 20n }));
  const wholeOrNot = fc.oneof(frac, fc.tuple(edge, fc.boolean()).map(([n, neg]) => new Fraction(neg ? -n : n)));
  it("chains of add, sub and mul agree with fraction.js at every step, and hold their doubles", () => {
    fc.assert(
      fc.property(wholeOrNot, fc.array(fc.tuple(fc.constantFrom("add", "sub", "mul"), wholeOrNot), { maxLength: 8 }), (a0, steps) => {
        let x = own(a0);
        let y = a0;
        doubles(x);
        for (const [op, b] of steps) {
          // Half the time the operand is itself a result: a sum's doubles, read again.
          const operand = own(b);
          x = op === "add" ? add(x, operand) : op === "sub" ? sub(x, operand) : mul(x, operand);
          y = op === "add" ? y.add(b) : op === "sub" ? y.sub(b) : y.mul(b);
          same(x, y);
          doubles(x);
          expect(lt(x, operand)).toBe(y.lt(b));
          expect(lt(operand, x)).toBe(b.lt(y));
          expect(positive(x)).toBe(y.gt(0));
          same(add(x, x), y.add(y));
          same(sub(x, own(y)), new Fraction(0));
        }
      }),
    );
    // 2^53 + 1 − 2^53: both read into doubles as 2^53, so the difference's double is not theirs.
    const d = sub(integer(2n ** 53n + 1n), integer(2n ** 53n));
    same(d, new Fraction(1));
    expect(num(d)).toBe(1);
    same(add(d, integer(2n)), new Fraction(3));
  });
  it("euro makes whole euros of a law and refuses any other amount, as BigInt does", () => {
    same(euro(100_000), new Fraction(100_000));
    same(euro(-15), new Fraction(-15));
    // A law's amount that is not a whole number (a law built in code) fails rather than making a fraction without a numerator.
    expect(() => euro(0.5)).toThrow(RangeError);
    expect(() => euro(1500.25)).toThrow(RangeError);
  });
  it("are fraction.js's objects: its prototype, its three fields, deeply and strictly equal to its own", () => {
    for (const x of [ratio(1, 3), integer(-5n), add(ratio(1, 3), ratio(1, 6)), fraction(10n ** 30n + 1n, 3n)]) {
      expect(Object.getPrototypeOf(x)).toBe(Fraction.prototype);
      expect(Object.keys(x)).toEqual(["s", "n", "d"]);
      expect(x).toStrictEqual(new Fraction(x));
      deepStrictEqual(x, new Fraction(x));
    }
  });
});

/**
 * The tax of a scale on an amount, written apart from the engine's walk: each band's rate times
 * the part of the amount inside the band, clamp(amount − lower, 0, width).
 */
function reference(bands: readonly Band[], amount: Fraction): Fraction {
  let tax = new Fraction(0);
  let lower = 0;
  for (const { upTo, ratePercent } of bands) {
    let inside = amount.sub(lower);
    if (inside.lt(0)) inside = new Fraction(0);
    if (upTo !== null && inside.gt(upTo - lower)) inside = new Fraction(upTo - lower);
    tax = tax.add(inside.mul(ratePercent).div(100));
    if (upTo !== null) lower = upTo;
  }
  return tax;
}

describe("rounding and the scale", () => {
  it("roundEuro is floor(x + 1/2), for any non-negative fraction", () => {
    fc.assert(
      fc.property(frac, (a) => {
        const x = a.abs();
        expect(roundEuro(x)).toBe(Number(x.add(1, 2).floor().valueOf()));
      }),
    );
  });
  it("the scale's tax is its exact tax rounded half up, taxes of exactly half a euro included", () => {
    const bands = lawOn("2026-01-01").scales.directLine;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), fc.integer({ min: 0, max: 10 ** 7 }), fc.integer({ min: 1, max: 1000 }), (euros, sn, sd) => {
        const r = scaleSlicesOfEuros(bands, ratio(sn, sd), euros);
        expect(r.tax).toBe(Number(r.taxExact.add(1, 2).floor().valueOf()));
      }),
    );
    // 5 % of 10 € and of 30 €: 0.50 € and 1.50 €, half up to 1 and 2; 5 % of 9 €: 0.45 €, down to 0.
    expect(scaleSlicesOfEuros(bands, integer(0n), 10).tax).toBe(1);
    expect(scaleSlicesOfEuros(bands, integer(0n), 30).tax).toBe(2);
    expect(scaleSlicesOfEuros(bands, integer(0n), 9).tax).toBe(0);
  });
  it("every beneficiary's bands partition the taxable share, and their tax is scale(T + x) − scale(T)", () => {
    fc.assert(
      fc.property(dossierArb, fc.constantFrom([], ["lowerBands"], ["representation"], ["recall"]) as fc.Arbitrary<never[]>, (d, ignore) => {
        for (const b of compute(readDossier(d), { ignore }).beneficiaries) {
          if (b.scale === null) continue;
          const x = new Fraction(b.taxable);
          const bands = lawOn((d as { date: string }).date).scales[b.scale];
          const expected = reference(bands, b.scaleStart.add(x)).sub(reference(bands, b.scaleStart));
          expect(b.taxExact.equals(expected)).toBe(true);
          expect(b.bands.reduce((s, x) => s.add(x.tax), new Fraction(0)).equals(expected)).toBe(true);
          expect(b.bands.reduce((s, x) => s.add(x.base), new Fraction(0)).equals(x)).toBe(true);
          for (const band of b.bands) expect(band.tax.equals(band.base.mul(band.ratePercent, 100))).toBe(true);
          expect(b.tax).toBe(Number(expected.add(1, 2).floor().valueOf()));
        }
      }),
    );
  });
  it("a fractional start on the scale (T from a shared allowance) takes the general path and agrees", () => {
    // Representation by 3: allowance 100,000/3; a recalled gift of 40,000 leaves T = 40,000 −
    // 33,333.33… = 6,666.66…; received 50,000 → taxable 50,000. The slice starts mid-band.
    const d = {
      kind: "estate",
      date: "2026-06-15",
      person: { name: "P", birthDate: "1940-01-01" },
      beneficiaries: ["A", "B", "C"].map((id) => ({ id, name: id, relationship: "grandchild", birthDate: "2000-01-01", represents: "Fils" })),
      assets: [{ label: "Biens", value: 150000 }],
      residue: ["A", "B", "C"].map((id) => ({ beneficiary: id, share: "1/3" })),
      priorGifts: [{ beneficiary: "A", date: "2020-01-01", value: 40000 }],
    };
    const a = compute(readDossier(d)).beneficiaries[0]!;
    expect(a.recall.T.toFraction()).toBe("20000/3");
    // scale(56,666.66…) − scale(6,666.66…):
    //   6,666.66… → 8,072 at 5 %: 1,405.33… × 0.05 = 70.2666…
    //   8,072 → 12,109 at 10 %: 403.70; 12,109 → 15,932 at 15 %: 573.45
    //   15,932 → 56,666.66… at 20 %: 40,734.66… × 0.20 = 8,146.9333…
    //   total = 9,194.35 exactly → 9,194.
    expect(a.taxExact.toFraction()).toBe(new Fraction("9194.35").toFraction());
    expect(a.tax).toBe(9194);
  });
});
