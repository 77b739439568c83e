import { lawOn, type Band } from "@succ/rules";
import { describe, expect, it } from "vitest";
import { fictionalLaw } from "./fictional-law.js";
import { scaleCents } from "./law.js";
import { halfCentAmount } from "./presentation.js";

/** The amount halfCentAmount finds, euro by euro: the scale walked again for each one. */
function walked(bands: readonly Band[], from: number): number {
  for (let x = from; x < from + 1000; x++) if (scaleCents(bands, x) % 100 === 50) return x;
  return from;
}

const REAL = lawOn("2026-05-14");
const laws = Array.from({ length: 200 }, (_, i) => fictionalLaw(11, i, REAL));

describe("the amount of the second rounding example (tax ending in 50 cents)", () => {
  it("is the first one the euro-by-euro walk finds, on the real and fictional scales", () => {
    for (const law of [REAL, ...laws]) {
      for (const bands of [law.scales.directLine, law.scales.sibling, law.scales.spouse]) {
        for (const from of [1, bands[0]!.upTo! + 1, bands[1]?.upTo ?? 7_777, 99_991]) expect(halfCentAmount(bands, from)).toBe(walked(bands, from));
      }
    }
  });
  it("is the walk's across narrow bands and from where no rate gives such cents", () => {
    const scales: Band[][] = [
      // Even rates only from an odd number of cents: no 50 in 1,000 euros, `from` is kept.
      [{ upTo: 1_001, ratePercent: 1 }, { upTo: null, ratePercent: 2 }],
      [{ upTo: 3, ratePercent: 3 }, { upTo: 5, ratePercent: 4 }, { upTo: 40, ratePercent: 25 }, { upTo: 1_200, ratePercent: 10 }, { upTo: null, ratePercent: 45 }],
      [{ upTo: 700_000, ratePercent: 20 }, { upTo: null, ratePercent: 35 }],
      [{ upTo: 10, ratePercent: 50 }, { upTo: 20, ratePercent: 7 }, { upTo: 30, ratePercent: 60 }, { upTo: null, ratePercent: 75 }],
    ];
    for (const bands of scales) for (const from of [0, 1, 2, 4, 6, 11, 39, 1_001, 699_990, 700_001]) expect(halfCentAmount(bands, from)).toBe(walked(bands, from));
    expect(halfCentAmount(scales[0]!, 1_001)).toBe(1_001);
  });
});
