import { LEVELS } from "@succ/generator";
import { describe, expect, it } from "vitest";
import { formatRoute, parseRoute } from "../src/logic/route.js";

describe("permalinks", () => {
  it("opens the task of #seed=0&i=17 in the tasks view, in the mix, in French", () => {
    expect(parseRoute("#seed=0&i=17")).toEqual({ route: { view: "tasks", seed: 0, level: 0, index: 17, lang: "fr" }, problems: [] });
  });

  it("reads a view, a level, a negative seed and the language", () => {
    expect(parseRoute("#view=score&seed=-3&level=4&i=2").route).toEqual({ view: "score", seed: -3, level: 4, index: 2, lang: "fr" });
    expect(parseRoute("#lang=en&seed=0&i=17").route).toEqual({ view: "tasks", seed: 0, level: 0, index: 17, lang: "en" });
  });

  it("keeps the defaults for what is wrong, and names it in the link's language", () => {
    const { route, problems } = parseRoute("#lang=en&view=nope&seed=x&i=-1&level=99");
    expect(route).toEqual({ view: "tasks", seed: 0, level: 0, index: 0, lang: "en" });
    expect(problems).toEqual([
      'view must be one of tasks, score, whatif, calculator, runs, got "nope"',
      'seed must be a whole number, got "x"',
      'i must be a whole number ≥ 0, got "-1"',
      `level must be one of ${[0, ...LEVELS].join(", ")} (0 is the mix), got 99`,
    ]);
    expect(parseRoute("#i=-1").problems).toEqual(['i doit être un nombre entier ≥ 0, et non "-1"']);
    // An unknown language: French, and said in French.
    expect(parseRoute("#lang=de&i=2")).toEqual({ route: { view: "tasks", seed: 0, level: 0, index: 2, lang: "fr" }, problems: ['lang doit prendre l\'une des valeurs fr, en, et non "de"'] });
  });

  it("refuses an index past the safe integers rather than rounding it", () => {
    expect(parseRoute("#lang=en&i=9007199254740993").problems).toEqual(['i must be a whole number ≥ 0, got "9007199254740993"']);
  });

  it("writes the shortest link, and reads it back", () => {
    expect(formatRoute({ view: "tasks", seed: 0, level: 0, index: 17, lang: "fr" })).toBe("#seed=0&i=17");
    expect(formatRoute({ view: "tasks", seed: 0, level: 0, index: 17, lang: "en" })).toBe("#lang=en&seed=0&i=17");
    expect(formatRoute({ view: "whatif", seed: 5, level: 3, index: 0, lang: "fr" })).toBe("#view=whatif&seed=5&level=3&i=0");
    expect(formatRoute({ view: "runs", seed: 5, level: 3, index: 0, lang: "fr" })).toBe("#view=runs");
    expect(formatRoute({ view: "runs", seed: 5, level: 3, index: 0, lang: "en" })).toBe("#lang=en&view=runs");
    for (const lang of ["fr", "en"] as const) {
      const route = { view: "score", seed: 12, level: 2, index: 99, lang } as const;
      expect(parseRoute(formatRoute(route)).route).toEqual(route);
    }
  });
});
