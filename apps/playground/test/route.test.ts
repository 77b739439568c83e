import { LEVELS } from "@succ/generator";
import { describe, expect, it } from "vitest";
import { formatRoute, parseRoute } from "../src/logic/route.js";

describe("permalinks", () => {
  it("opens the task of #seed=0&i=17 in the tasks view, in the mix", () => {
    expect(parseRoute("#seed=0&i=17")).toEqual({ route: { view: "tasks", seed: 0, level: 0, index: 17 }, problems: [] });
  });

  it("reads a view, a level and a negative seed", () => {
    expect(parseRoute("#view=score&seed=-3&level=4&i=2").route).toEqual({ view: "score", seed: -3, level: 4, index: 2 });
  });

  it("keeps the defaults for what is wrong, and names it", () => {
    const { route, problems } = parseRoute("#view=nope&seed=x&i=-1&level=99");
    expect(route).toEqual({ view: "tasks", seed: 0, level: 0, index: 0 });
    expect(problems).toEqual([
      'view must be one of tasks, score, whatif, calculator, runs, got "nope"',
      'seed must be a whole number, got "x"',
      'i must be a whole number ≥ 0, got "-1"',
      `level must be one of ${[0, ...LEVELS].join(", ")} (0 is the mix), got 99`,
    ]);
  });

  it("refuses an index past the safe integers rather than rounding it", () => {
    expect(parseRoute("#i=9007199254740993").problems).toEqual(['i must be a whole number ≥ 0, got "9007199254740993"']);
  });

  it("writes the shortest link, and reads it back", () => {
    expect(formatRoute({ view: "tasks", seed: 0, level: 0, index: 17 })).toBe("#seed=0&i=17");
    expect(formatRoute({ view: "whatif", seed: 5, level: 3, index: 0 })).toBe("#view=whatif&seed=5&level=3&i=0");
    expect(formatRoute({ view: "runs", seed: 5, level: 3, index: 0 })).toBe("#view=runs");
    const route = { view: "score", seed: 12, level: 2, index: 99 } as const;
    expect(parseRoute(formatRoute(route)).route).toEqual(route);
  });
});
