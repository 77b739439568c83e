import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { FAMILIES } from "@succ/engine";
import { describe, expect, it } from "vitest";
import { GENERATOR_FAMILIES } from "./families/index.js";
import { MISTAKE_ROWS, STILL_RIGHT_ROWS } from "./stats.js";

const modules = (dir: string): string[] =>
  readdirSync(fileURLToPath(new URL(dir, import.meta.url)))
    .filter((f) => f.endsWith(".ts") && f !== "index.ts" && !f.endsWith(".test.ts"))
    .map((f) => f.replace(/\.ts$/, ""))
    .sort();

describe("the rule families of the generator", () => {
  it("are one module each, named like the engine's, in the engine's order", () => {
    // The engine's modules (its src/families/), beside the generator's and its shape's file.
    expect(modules("./families/").filter((m) => m !== "generator-family")).toEqual(modules("../../engine/src/families/"));
    expect(GENERATOR_FAMILIES.map((f) => f.engine)).toEqual([...FAMILIES]);
    expect(new Set(GENERATOR_FAMILIES).size).toBe(modules("./families/").length - 1);
  });

  it("give each piece a place of its own in its list", () => {
    for (const list of [STILL_RIGHT_ROWS, MISTAKE_ROWS]) expect(new Set(list.map((r) => r.place)).size).toBe(list.length);
    const places = (pick: (f: (typeof GENERATOR_FAMILIES)[number]) => readonly { place: number }[] | undefined): number[] => GENERATOR_FAMILIES.flatMap((f) => (pick(f) ?? []).map((p) => p.place));
    const numbered = places((f) => ("numbered" in f ? f.numbered : undefined));
    const articles = places((f) => ("articles" in f ? f.articles : undefined));
    expect(new Set(numbered).size).toBe(numbered.length);
    expect(new Set(articles).size).toBe(articles.length);
  });

  it("keep the rows of succ stats in the order they have been printed in", () => {
    expect(STILL_RIGHT_ROWS.map((r) => r.key)).toEqual(["exemption790G", "gift790G", "recall", "lowerBands", "representation", "usufruct669", "noLevelRule", "ageConditions790G"]);
    expect(MISTAKE_ROWS.map((r) => r.key)).toEqual(["funeralFlat", "defaultAllowanceAlone", "allowancesUsed", "allowance757BShared", "levyExemption990I", "furniture764", "mainResidence764bis", "siblingExemption"]);
  });
});
