// The French formatting of amounts, the one home for it (calculation sheets and prompts).
import Fraction from "fraction.js";
import { describe, expect, it } from "vitest";
import { amountFromCents, deName, euros, eurosFromCents, exactEuros, formatDate, formatDateFr } from "../src/index.js";

describe("French amounts", () => {
  it("group thousands with a plain space and write cents after a comma, only when there are some", () => {
    expect(eurosFromCents(42_000_000)).toBe("420 000 €");
    expect(eurosFromCents(8_650_040)).toBe("86 500,40 €");
    expect(eurosFromCents(5)).toBe("0,05 €");
    expect(eurosFromCents(-150_000n)).toBe("−1 500 €");
    expect(euros(1_805_677)).toBe("1 805 677 €");
  });

  it("write a number without the euro sign, with two decimals on demand", () => {
    expect(amountFromCents(1_210_900)).toBe("12 109");
    expect(amountFromCents(40_360)).toBe("403,60");
    expect(amountFromCents(80_000, true)).toBe("800,00");
    expect(amountFromCents(138_075, true)).toBe("1 380,75");
    expect(amountFromCents(0, true)).toBe("0,00");
    expect(amountFromCents(999)).toBe("9,99");
  });

  it("round an exact amount half up to the cent, and show the fraction beside it", () => {
    // 100,000 / 3 = 33,333.333…: 33 333,33 €; 1/200 € = 0.005: half a cent, up to 0,01 €.
    expect(euros(new Fraction(100_000, 3))).toBe("33 333,33 €");
    expect(euros(new Fraction(1, 200))).toBe("0,01 €");
    expect(exactEuros(new Fraction(100_000, 3))).toBe("33 333,33 € (exactement 100000/3 €)");
    expect(exactEuros(new Fraction(12_345, 100))).toBe("123,45 €");
  });

  it("refuse an amount that is not whole cents where whole cents are expected", () => {
    expect(() => eurosFromCents(0.5)).toThrow(RangeError);
    expect(() => euros(0.5)).toThrow(RangeError);
  });

  it("elide « de » before a vowel or a mute h", () => {
    expect(deName("Adrien Martin")).toBe("d'Adrien Martin");
    expect(deName("Hélène Roux")).toBe("d'Hélène Roux");
    expect(deName("Bernard Roux")).toBe("de Bernard Roux");
  });
});

describe("dates written out", () => {
  it("pad the month and day to two digits and the year to four, whatever the values", () => {
    // Every month and day from 0 to 40 (two digits from the table up to 31, padded past it),
    // years of one to five digits.
    for (const y of [7, 98, 999, 1000, 1950, 2026, 9999, 12345]) {
      for (let m = 0; m <= 40; m++) {
        for (let d = 0; d <= 40; d++) {
          const [yy, mm, dd] = [String(y).padStart(4, "0"), String(m).padStart(2, "0"), String(d).padStart(2, "0")];
          expect(formatDate({ y, m, d })).toBe(`${yy}-${mm}-${dd}`);
          expect(formatDateFr({ y, m, d })).toBe(`${dd}/${mm}/${y}`);
        }
      }
    }
    expect(formatDate({ y: 2026, m: 11, d: 29 })).toBe("2026-11-29");
    expect(formatDateFr({ y: 1998, m: 10, d: 13 })).toBe("13/10/1998");
  });
});

describe("amounts from a number of cents", () => {
  it("write a safe whole number as its BigInt is written", () => {
    // The number path (no BigInt) against the BigInt path, around every digit count and sign.
    const values = [0, -0, 1, 9, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 123_456_789, Number.MAX_SAFE_INTEGER];
    for (let k = 0; k < 16; k++) values.push(10 ** k - 1, 10 ** k, 10 ** k + 7, 3 * 10 ** k + 5);
    for (const v of values) {
      for (const c of [v, -v]) {
        expect(amountFromCents(c), String(c)).toBe(amountFromCents(BigInt(c)));
        expect(amountFromCents(c, true), String(c)).toBe(amountFromCents(BigInt(c), true));
        expect(eurosFromCents(c), String(c)).toBe(eurosFromCents(BigInt(c)));
      }
    }
    expect(amountFromCents(-123_456_789)).toBe("−1 234 567,89");
  });

  it("euros of a whole number writes its cents as their BigInt is written, past the safe cents too", () => {
    // 90,071,992,547,409 € is the largest whole number of euros whose cents are a safe integer.
    const values = [0, -0, 1, 7, 99, 100, 12_109, 1_805_677, 2 ** 31, 2 ** 32 + 5, 90_071_992_547_409, 90_071_992_547_410, Number.MAX_SAFE_INTEGER];
    for (let k = 0; k < 16; k++) values.push(10 ** k - 1, 10 ** k + 3);
    for (const v of values) for (const x of [v, -v]) expect(euros(x), String(x)).toBe(eurosFromCents(BigInt(x) * 100n));
    expect(euros(90_071_992_547_410)).toBe("90 071 992 547 410 €");
    for (const x of [0.5, -1.25, Number.MAX_SAFE_INTEGER + 1, NaN, Infinity]) expect(() => euros(x)).toThrow(RangeError);
  });
});
