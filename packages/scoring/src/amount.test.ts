import { describe, expect, it } from "vitest";
import { amountEquals, isZeroAmount, readAmount } from "./amount";

const num = (text: string) => readAmount({ kind: "number", text });
const str = (value: string) => readAmount({ kind: "string", value });

describe("readAmount on JSON numbers", () => {
  it.each([
    ["41169", "41169", "00"],
    ["41169.00", "41169", "00"],
    ["41169.0", "41169", "00"],
    ["41169.000", "41169", "00"], // trailing zeros are not decimals
    ["41169.35", "41169", "35"],
    ["41169.5", "41169", "50"],
    ["0", "0", "00"],
    ["0.07", "0", "07"],
    ["4.1169e4", "41169", "00"],
    ["4116900e-2", "41169", "00"],
    ["411.6935E+2", "41169", "35"],
    ["1e9", "1000000000", "00"],
    ["1000000000", "1000000000", "00"],
    ["999999999.99", "999999999", "99"],
    ["1e0002", "100", "00"], // JSON allows leading zeros in an exponent
    ["123456789010e-3", "123456789", "01"], // 12 integer digits written, in range once shifted
  ])("%s is %s euros and %s cents", (text, integer, cents) => {
    expect(num(text)).toEqual({ negative: false, integer, cents });
  });

  it("reads -0, -0.00 and -0e5 as plain zero", () => {
    for (const text of ["-0", "-0.00", "-0e5"]) expect(num(text)).toEqual({ negative: false, integer: "0", cents: "00" });
  });

  it("keeps the sign of a negative amount (a wrong value, not an invalid one)", () => {
    expect(num("-5")).toEqual({ negative: true, integer: "5", cents: "00" });
  });

  it.each([
    ["three decimals", "41169.001"],
    ["a tiny decimal far away", "41169.000000000001"],
    ["13 integer digits", "1234567890123"],
    ["13 fraction digits, even zeros", "1.0000000000000"],
    ["above 10^9", "1000000001"],
    ["10^9 plus a cent", "1000000000.01"],
    ["below -10^9", "-1000000001"],
    ["out-of-range exponent", "1e400"],
    ["large negative exponent", "1e-400"],
    ["exponent above 30", "1e31"],
    ["decimals through a negative exponent", "41169e-3"],
    ["over 10^9 through an exponent", "1.5e9"],
    ["a 200-digit number", "9".repeat(200)],
  ])("rejects %s (%s)", (_name, text) => {
    expect(num(text)).toBeNull();
  });
});

describe("readAmount on strings", () => {
  it.each([
    ["41169", "41169", "00"],
    ["41 169 €", "41169", "00"],
    ["41 169,00 €", "41169", "00"],
    ["41\u00a0169 €", "41169", "00"], // no-break space
    ["41\u202f169\u202f€", "41169", "00"], // narrow no-break space, as French typography writes it
    ["41169€", "41169", "00"],
    ["41169.35", "41169", "35"],
    ["41 169,5", "41169", "50"],
    ["1 000 000", "1000000", "00"],
    ["0", "0", "00"],
    ["0,00 €", "0", "00"],
    ["-0", "0", "00"],
  ])("%j is %s euros and %s cents", (text, integer, cents) => {
    expect(str(text)).toEqual({ negative: false, integer, cents });
  });

  it.each([
    ["empty", ""],
    ["spaces around", " 41169 "],
    ["leading space", " 169"],
    ["leading space before groups", " 41 169"],
    ["leading no-break space", "\u00a0169 €"],
    ["space after the minus sign", "- 169"],
    ["two amounts", "41169 ou 41170"],
    ["two amounts with euros", "41 169 € / 41 170 €"],
    ["words", "41169 euros"],
    ["euro sign first", "€41169"],
    ["comma as thousands separator", "41,169"],
    ["point as thousands separator", "41.169"],
    ["three decimals", "41169,001"],
    ["a separator without decimals", "41169,"],
    ["badly grouped", "4 1169"],
    ["group of four after the first", "41 1690"],
    ["first group of four", "4116 900"],
    ["two spaces", "41  169"],
    ["leading zero", "041169"],
    ["exponent", "4.1169e4"],
    ["NaN", "NaN"],
    ["Infinity", "Infinity"],
    ["Arabic-Indic digits", "\u0664\u0661\u0661\u0666\u0669"],
    ["fullwidth digits", "\uff14\uff11\uff11\uff16\uff19"],
    ["plus sign", "+41169"],
    ["space before euro and a separator", "41169  €"],
    ["above 10^9", "1 000 000 001"],
    ["very long", "1".repeat(41)],
  ])("rejects %s (%j)", (_name, text) => {
    expect(str(text)).toBeNull();
  });
});

describe("readAmount on other JSON values", () => {
  it("rejects booleans, null, lists and objects", () => {
    expect(readAmount({ kind: "boolean", value: true })).toBeNull();
    expect(readAmount({ kind: "null" })).toBeNull();
    expect(readAmount({ kind: "array", items: [{ kind: "number", text: "1" }] })).toBeNull();
    expect(readAmount({ kind: "object", entries: new Map() })).toBeNull();
  });
});

describe("amountEquals and isZeroAmount", () => {
  it("compares whole euros exactly", () => {
    expect(amountEquals(num("41169.00")!, "41169")).toBe(true);
    expect(amountEquals(num("41169.35")!, "41169")).toBe(false);
    expect(amountEquals(num("-41169")!, "41169")).toBe(false);
    expect(amountEquals(num("41170")!, "41169")).toBe(false);
    expect(amountEquals(num("-0")!, "0")).toBe(true);
  });

  it("sees zero only in zero", () => {
    expect(isZeroAmount(num("0.00")!)).toBe(true);
    expect(isZeroAmount(num("0.01")!)).toBe(false);
    expect(isZeroAmount(num("-1")!)).toBe(false);
  });
});
