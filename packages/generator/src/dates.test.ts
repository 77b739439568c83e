import { describe, expect, it } from "vitest";
import { addDays, dateOfTime } from "./dates.js";

describe("calendar arithmetic", () => {
  it("reads the date of a time value as Date does, every day from year 1 to 2400 and beyond", () => {
    const DAY = 86_400_000;
    const viaDate = (t: number) => {
      const x = new Date(t);
      return { y: x.getUTCFullYear(), m: x.getUTCMonth() + 1, d: x.getUTCDate() };
    };
    // From 31 December of year 0 (Date.UTC would read a year 1 as 1901: the time value of 0001-01-01 is written out).
    for (let t = -62_135_596_800_000 - DAY; t <= Date.UTC(2400, 11, 31); t += DAY) {
      const a = dateOfTime(t);
      const b = viaDate(t);
      if (a.y !== b.y || a.m !== b.m || a.d !== b.d) expect(a, String(t)).toEqual(b);
    }
    // Far days, a time that is not a midnight, and the edge of Date's range (beyond it: NaN, as Date).
    for (const t of [-8.64e15, 8.64e15, -1e15, 7e14 + 3 * DAY, 12 * 3_600_000, Date.UTC(2026, 1, 28) + 1]) expect(dateOfTime(t), String(t)).toEqual(viaDate(t));
    expect(dateOfTime(8.64e15 + DAY)).toEqual({ y: NaN, m: NaN, d: NaN });
  });

  it("adds days across months, leap days and years", () => {
    // 2024 is a leap year: 28 February + 1 day is 29 February, + 2 days is 1 March.
    expect(addDays({ y: 2024, m: 2, d: 28 }, 1)).toEqual({ y: 2024, m: 2, d: 29 });
    expect(addDays({ y: 2024, m: 2, d: 28 }, 2)).toEqual({ y: 2024, m: 3, d: 1 });
    expect(addDays({ y: 2026, m: 2, d: 28 }, 1)).toEqual({ y: 2026, m: 3, d: 1 });
    expect(addDays({ y: 2026, m: 1, d: 3 }, -3)).toEqual({ y: 2025, m: 12, d: 31 });
    // 1 March 1900 − 1 day: 28 February (1900 is not a leap year).
    expect(addDays({ y: 1900, m: 3, d: 1 }, -1)).toEqual({ y: 1900, m: 2, d: 28 });
    expect(addDays({ y: 2026, m: 11, d: 29 }, 365)).toEqual({ y: 2027, m: 11, d: 29 });
  });
});
