// The French formatting of amounts, the one home for it (calculation sheets and prompts).
import Fraction from "fraction.js";
import { describe, expect, it } from "vitest";
import { amountFromCents, deName, euros, eurosFromCents, exactEuros } from "../src/index.js";

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
