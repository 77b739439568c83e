import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  compareRuns,
  failureReasons,
  fileKind,
  filterRollouts,
  histogram,
  loadRun,
  NO_FILTER,
  readResults,
  readSummary,
  runStats,
  RunFileError,
  sortRollouts,
  taskOfRollout,
  thresholdOf,
  type Run,
} from "../src/logic/runs.js";
import { wilson } from "../src/logic/stats.js";

const fixture = (model: string) => {
  const dir = new URL(`../fixtures/runs/${model}/`, import.meta.url);
  return [
    { name: "results.jsonl", text: readFileSync(new URL("results.jsonl", dir), "utf8") },
    { name: "summary.json", text: readFileSync(new URL("summary.json", dir), "utf8") },
  ];
};

const line = (o: Record<string, unknown>) =>
  JSON.stringify({ id: `succession-${o.level ?? 1}-${o.index}`, level: 1, variant: "v", rollout: 0, reply: "r", score: 0, reason: "wrong", error: null, ...o });

describe("reading results.jsonl", () => {
  it("keeps rollout lines, names the others, and keeps the first of a repeated rollout", () => {
    const text = [line({ index: 0, score: 1, reason: "ok" }), "{cut short", line({ index: 0, score: 0 }), '{"id": 3}', "", line({ index: 1, level: 5, score: 0.18, reason: "partial" })].join("\n");
    const r = readResults(text);
    expect(r.rollouts.map((x) => [x.id, x.score, x.line])).toEqual([
      ["succession-1-0", 1, 1],
      ["succession-5-1", 0.18, 6],
    ]);
    expect(r.skipped).toEqual([
      { line: 2, why: "not JSON" },
      { line: 4, why: "no string id" },
    ]);
    expect(r.duplicates).toBe(1);
  });

  it("refuses a score outside [0, 1] and an error that is not text", () => {
    expect(readResults(line({ index: 0, score: 1.5 })).skipped[0]!.why).toBe("score is not a number in [0, 1]");
    expect(readResults(line({ index: 0, error: 5 })).skipped[0]!.why).toBe("error is neither null nor a string");
  });

  it("tells a summary from results, by name or by content", () => {
    expect(fileKind("a.jsonl", "{}")).toBe("results");
    expect(fileKind("summary.json", "")).toBe("summary");
    expect(fileKind("download", '{"per_level": {}}')).toBe("summary");
    expect(fileKind("download", `${line({ index: 0 })}\n${line({ index: 1 })}`)).toBe("results");
  });

  it("says which file is wrong and why", () => {
    expect(() => readSummary("{", "summary.json")).toThrow(/^summary\.json: not valid JSON/);
    expect(() => readSummary('{"overall": {}}', "s.json")).toThrow("s.json: not a summary written by succ eval (no per_level object)");
    expect(() => loadRun([{ name: "results.jsonl", text: "nope\n" }])).toThrow("results.jsonl: no rollout line (line 1: not JSON)");
    expect(() => loadRun([])).toThrow(RunFileError);
    const both = fixture("careful-model");
    expect(() => loadRun([...both, both[1]!])).toThrow("summary.json: a second summary (summary.json already read); open one run at a time");
  });
});

describe("figures of a run", () => {
  // Two tasks of level 1 with two rollouts each, one task of level 2 with one.
  const text = [
    line({ index: 0, rollout: 0, score: 1, reason: "ok", usage: { prompt_tokens: 10, completion_tokens: 2 } }),
    line({ index: 0, rollout: 1, score: 0.18, reason: "partial" }),
    line({ index: 1, rollout: 0, score: 0, reason: "bad_amount: B1.droits" }),
    line({ index: 1, rollout: 1, score: 0, reason: "error", reply: null, error: "HTTP 400: too long" }),
    line({ index: 2, level: 2, rollout: 0, score: 1, reason: "ok" }),
  ].join("\n");
  const run = loadRun([{ name: "results.jsonl", text }]);

  it("counts per level and overall, with the task as the unit of the intervals", () => {
    const s = runStats(run.rollouts, thresholdOf(run));
    const one = s.levels[0]!;
    expect(one).toMatchObject({ level: 1, rollouts: 4, tasks: 2, errors: 1, successes: 1, promptTokens: 10, completionTokens: 2 });
    // (1 + 0.18 + 0 + 0) / 4 = 0.295; success 1 of 4.
    expect(one.meanReward).toBeCloseTo(0.295, 12);
    expect(one.successRate).toBe(0.25);
    // Tasks {1, 0} and {0, 0}: variance ((1 − 0.5)² + (0 − 0.5)²) / 16 = 1/32, effective
    // 0.1875 / (1/32) = 6 trials, more than the 4 rollouts: capped at 4.
    expect(one.successInterval).toEqual(wilson(0.25, 4));
    expect(s.levels[1]).toMatchObject({ level: 2, rollouts: 1, tasks: 1, meanReward: 1, meanInterval: null });
    expect(s.overall).toMatchObject({ level: null, rollouts: 5, tasks: 3, successes: 2 });
  });

  it("bins the scores: exactly 0, tenths, exactly 1", () => {
    const bins = histogram(run.rollouts);
    expect(bins.map((b) => b.label)).toEqual(["0", "0–0.1", "0.1–0.2", "0.2–0.3", "0.3–0.4", "0.4–0.5", "0.5–0.6", "0.6–0.7", "0.7–0.8", "0.8–0.9", "0.9–1", "1"]);
    expect(bins.map((b) => b.count)).toEqual([2, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
  });

  it("groups the failures by reason code", () => {
    expect(failureReasons(run.rollouts, 0.99)).toEqual([
      { code: "bad_amount", count: 1, details: [{ reason: "bad_amount: B1.droits", count: 1 }] },
      { code: "error", count: 1, details: [{ reason: "error", count: 1 }] },
      { code: "partial", count: 1, details: [{ reason: "partial", count: 1 }] },
    ]);
  });

  it("filters and sorts the table", () => {
    const ids = (rs: Run["rollouts"]) => rs.map((r) => `${r.index}:${r.rollout}`);
    expect(ids(filterRollouts(run.rollouts, { ...NO_FILTER, outcome: "failure", level: 1 }, 0.99))).toEqual(["0:1", "1:0", "1:1"]);
    expect(ids(filterRollouts(run.rollouts, { ...NO_FILTER, outcome: "error" }, 0.99))).toEqual(["1:1"]);
    expect(ids(filterRollouts(run.rollouts, { ...NO_FILTER, reason: "bad_amount" }, 0.99))).toEqual(["1:0"]);
    expect(ids(filterRollouts(run.rollouts, { ...NO_FILTER, text: "SUCCESSION-2" }, 0.99))).toEqual(["2:0"]);
    expect(ids(sortRollouts(run.rollouts, "score", true))).toEqual(["0:0", "2:0", "0:1", "1:0", "1:1"]);
  });
});

describe("the run fixtures made by succ eval", () => {
  for (const model of ["careful-model", "hasty-model"]) {
    it(`reproduces the figures succ eval wrote in ${model}/summary.json`, () => {
      const run = loadRun(fixture(model));
      expect(run.skipped).toEqual([]);
      const s = runStats(run.rollouts, thresholdOf(run));
      for (const level of s.levels) {
        const f = run.summary!.perLevel.get(level.level!)!;
        expect(level.rollouts).toBe(f.done);
        expect(level.errors).toBe(f.errors);
        expect(level.successes).toBe(f.successes);
        expect(level.meanReward!).toBeCloseTo(f.mean_reward!, 6);
        expect(level.completionTokens).toBe(f.completion_tokens);
      }
      expect(s.overall.rollouts).toBe(run.summary!.overall!.done);
    });
  }

  it("generates again the task of a rollout, and refuses one that is not the task recorded", () => {
    const run = loadRun(fixture("careful-model"));
    const r = run.rollouts.find((x) => x.index === 17)!;
    expect(taskOfRollout(run.summary, r)!.id).toBe("succession-4-17");
    expect(taskOfRollout(run.summary, { ...r, id: "succession-4-18" })).toBeNull();
    expect(taskOfRollout(null, r)).toBeNull();
  });

  it("compares the two runs task by task", () => {
    const a = loadRun(fixture("careful-model"));
    const b = loadRun(fixture("hasty-model"));
    const c = compareRuns(a, b);
    expect(c.mismatch).toBeNull();
    expect(c.tasks).toHaveLength(40);
    expect(c.aBetter + c.bBetter + c.same).toBe(40);
    // The mean of the task-by-task differences is the difference of the means (2 rollouts each).
    const sa = runStats(a.rollouts, 0.99).overall.meanReward!;
    const sb = runStats(b.rollouts, 0.99).overall.meanReward!;
    expect(c.meanDelta!).toBeCloseTo(sb - sa, 12);
    expect(c.levels.at(-1)!.level).toBeNull();
    const other = { ...b, summary: { ...b.summary!, seed: 1 } };
    expect(compareRuns(a, other).mismatch).toBe("the runs are on different task sets (seed 0 vs 1): tasks with the same id are not the same task");
  });
});
