/**
 * The lists the engine builds at their exact length rather than by pushing onto an empty one (which
 * takes 17 places at its first push): a beneficiary's allowances.
 */
import { describe, expect, it } from "vitest";
import { integer } from "../src/exact.js";
import { granted } from "../src/families/allowances.js";
import type { AllowanceItem } from "../src/family.js";

describe("a beneficiary's allowances", () => {
  const item = (source: AllowanceItem["source"]): AllowanceItem => ({ source, amount: integer(1n), article: "779", label: source });
  it("granted keeps the items that are not null, in their order", () => {
    const [a, b, c] = [item("relationship"), item("disability"), item("default")];
    for (const x of [null, a]) {
      for (const y of [null, b]) {
        for (const z of [null, c]) {
          const got = granted(x, y, z);
          expect(got).toEqual([x, y, z].filter((i) => i !== null));
          // A new list each time (the caller may add to it).
          expect(got).not.toBe(granted(x, y, z));
        }
      }
    }
  });
});
