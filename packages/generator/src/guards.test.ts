import { describe, expect, it } from "vitest";
import { leakedAmounts, numbersIn } from "./guards.js";

describe("numbers seen in a text", () => {
  it("reads amounts with or without thousands separators, and their decimals", () => {
    for (const text of ["12345", "12 345", "12\u00a0345", "12\u202f345", "12.345", "12,345", "12 345,00", "12 345,40 €", "soit 12345."]) {
      expect(numbersIn(text).has(12345), text).toBe(true);
    }
  });

  it("reads each group alone too, and nothing across other characters", () => {
    const seen = numbersIn("de 8 072 € à 12 109 € : 10 % ; le 14/05/2026");
    for (const n of [8, 72, 8072, 12, 109, 12109, 10, 14, 5, 2026]) expect(seen.has(n), String(n)).toBe(true);
    expect(seen.has(807212)).toBe(false);
    expect(seen.has(142026)).toBe(false);
  });

  it("reads every joined run of groups exactly, leading zeros dropped, none above 15 digits", () => {
    // "12 345,00": the groups 12, 345 and 00 alone and joined (12345, 34500, 1234500), as numbers.
    expect([...numbersIn("12 345,00")].sort((a, b) => a - b)).toEqual([0, 12, 345, 12345, 34500, 1234500]);
    // "007" is 7; "1.000.000" joins to 1000000 and its groups 1, 0, 1000, 1000000 (1000 twice).
    expect([...numbersIn("n° 007")]).toEqual([7]);
    expect([...numbersIn("1.000.000")].sort((a, b) => a - b)).toEqual([0, 1, 1000, 1000000]);
    // 15 digits are read whole (999 999 999 999 999 < 2^53); a run of 16 is read only in its shorter joins.
    expect(numbersIn("999 999 999 999 999").has(999999999999999)).toBe(true);
    const long = numbersIn("1234 5678 9012 3456");
    expect(long.has(123456789012)).toBe(true);
    expect(long.has(567890123456)).toBe(true);
    expect(long.has(1234567890123456)).toBe(false);
  });

  it("finds the expected non-zero amounts in a text, not the zeros", () => {
    const answer = { beneficiaires: { B1: { part_taxable: 0, droits: 0 }, B2: { part_taxable: 149270, droits: 28048 } }, total_droits: 28048 };
    expect(leakedAmounts("la part est de 149 270 €", answer)).toEqual([149270]);
    expect(leakedAmounts("total 28.048", answer)).toEqual([28048, 28048]);
    expect(leakedAmounts("rien à déclarer, 0 €", answer)).toEqual([]);
    expect(leakedAmounts("", answer, new Set([28048]))).toEqual([28048, 28048]);
  });
});
