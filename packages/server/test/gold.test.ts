import { generateTask, GENERATOR_VERSION, mixLevel, taskLine } from "@succ/generator";
import { describe, expect, it } from "vitest";
import { RequestError, ServeError } from "../src/errors";
import { GoldCache, PreloadedGolds, readSetName, readSetOptions, readTaskRef, setName, type TaskRef } from "../src/gold";

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(RequestError);
    expect((e as RequestError).status).toBe(400);
    return (e as RequestError).message;
  }
  throw new Error("expected a refusal");
}

describe("the sets a task id may belong to", () => {
  // The first eight tasks of the mix have levels 1 4 2 3 3 4 2 1, then the cycle 1 4 2 3.
  it("reads an id of the mix whose level is the mix's at that index", () => {
    expect(readTaskRef("succession-4-1", 0, 0, {}, "id")).toEqual({ id: "succession-4-1", seed: 0, set: 0, level: 4, index: 1, options: {} });
    expect(readTaskRef("succession-3-11", 5, 0, {}, "id")).toMatchObject({ level: 3, index: 11, seed: 5 });
  });

  it("refuses an id that the mix does not have, and says which set has it", () => {
    // Task 17 of the mix: 17 % 4 = 1, the cycle's second level, 4.
    expect(refusal(() => readTaskRef("succession-3-17", 0, 0, {}, "items[2].id"))).toBe(
      'items[2].id: unknown task id "succession-3-17" in the mix of levels (task 17 of the mix is "succession-4-17"); for the level-3 set, give "set": "level-3"',
    );
    expect(readTaskRef("succession-3-17", 0, 3, {}, "id")).toMatchObject({ set: 3, level: 3, index: 17 });
  });

  it("refuses an id of another level in a single-level set", () => {
    expect(refusal(() => readTaskRef("succession-4-1", 0, 2, {}, "id"))).toContain('in the level-2 set (its ids are "succession-2-<index>")');
  });

  it.each([["succession-5-1"], ["succession-0-1"], ["succession-1-01"], ["succession-01-1"], ["succession-1-"], ["Succession-1-0"], ["succession-1-0 "], ["succession-1-99999999999999999"], [""]])(
    "refuses the malformed id %j",
    (id) => {
      expect(refusal(() => readTaskRef(id, 0, 0, {}, "id"))).toMatch(/^id: unknown task id /);
    },
  );

  it("refuses an id that is not a string", () => {
    expect(refusal(() => readTaskRef(17, 0, 0, {}, "labels[0]"))).toBe('labels[0]: expected a task id such as "succession-3-17", got a number');
  });
});

describe("tasks of the mix and of single-level sets", () => {
  it("differ among the six pinned tasks of the mix", () => {
    // Task 1 of the mix is a pinned spouse-usufruct estate; task 1 of the level-4 set is drawn.
    const mix = generateTask(0, 1, 0);
    const single = generateTask(0, 1, 4);
    expect(mix.id).toBe(single.id);
    expect(mix.variant).toBe("spouse-usufruct-estate");
    expect(taskLine(mix)).not.toBe(taskLine(single));
  });

  it("are the same from index 6 on (what docs/serve-and-train.md says)", () => {
    for (const seed of [0, 1, 987_654_321]) {
      for (let index = 6; index < 30; index++) {
        expect(taskLine(generateTask(seed, index, 0)), `seed ${seed}, task ${index}`).toBe(taskLine(generateTask(seed, index, mixLevel(index))));
      }
    }
  });
});

describe("GoldCache", () => {
  const ref = (index: number, seed = 0): TaskRef => readTaskRef(`succession-${mixLevel(index)}-${index}`, seed, 0, {}, "id");

  it("gives the generator's gold answer of the task in its set", () => {
    const cache = new GoldCache(10);
    expect(cache.get(ref(1))).toEqual(generateTask(0, 1, 0).answer);
    expect(cache.get(readTaskRef("succession-4-1", 0, 4, {}, "id"))).toEqual(generateTask(0, 1, 4).answer);
    expect(cache.get(ref(9, 3))).toEqual(generateTask(3, 9, 0).answer);
    expect(cache.misses).toBe(3);
  });

  it("keeps the most recently used answers, no more than its capacity", () => {
    const cache = new GoldCache(2);
    cache.get(ref(6));
    cache.get(ref(7));
    cache.get(ref(6)); // 6 is now the most recent: 7 goes first
    cache.get(ref(8));
    expect(cache.size).toBe(2);
    expect([cache.hits, cache.misses]).toEqual([1, 3]);
    cache.get(ref(6));
    expect([cache.hits, cache.misses]).toEqual([2, 3]);
    cache.get(ref(7));
    expect([cache.hits, cache.misses]).toEqual([2, 4]);
  });

  it("keys the answers by seed and set, not by id alone", () => {
    const cache = new GoldCache(10);
    cache.get(ref(1, 0));
    cache.get(ref(1, 1));
    cache.get(readTaskRef("succession-4-1", 0, 4, {}, "id"));
    expect([cache.hits, cache.misses]).toEqual([0, 3]);
  });

  it("keys them by the set options too: a task of --fictional-law has its own gold", () => {
    const cache = new GoldCache(10);
    const fictional = readTaskRef("succession-4-1", 0, 0, { fictionalLaw: true }, "id");
    expect(cache.get(fictional)).toEqual(generateTask(0, 1, 0, { fictionalLaw: true }).answer);
    expect(cache.get(ref(1))).toEqual(generateTask(0, 1, 0).answer);
    expect(cache.get(fictional)).not.toEqual(cache.get(ref(1)));
    expect([cache.hits, cache.misses]).toEqual([2, 2]);
    // {fictionalLaw: false} is the real law: the same key as no option.
    cache.get(readTaskRef("succession-4-1", 0, 0, readSetOptions({ fictionalLaw: false }, "options"), "id"));
    expect([cache.hits, cache.misses]).toEqual([3, 2]);
  });
});

describe("set options", () => {
  it("read {fictionalLaw: true} as an object or as its JSON text, and nothing for false or none", () => {
    expect(readSetOptions({ fictionalLaw: true }, "options")).toEqual({ fictionalLaw: true });
    expect(readSetOptions('{"fictionalLaw": true}', "options")).toEqual({ fictionalLaw: true });
    expect(readSetOptions({ fictionalLaw: false }, "options")).toEqual({});
    expect(readSetOptions(undefined, "options")).toEqual({});
    expect(refusal(() => readSetOptions("[1]", "labels[2].options"))).toBe("labels[2].options: expected an object, got an array");
  });
});

describe("set names", () => {
  it('reads "mix" and "level-<L>", and writes them back', () => {
    expect(readSetName("mix", "set")).toBe(0);
    expect(readSetName("level-3", "set")).toBe(3);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((l) => setName(l as 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7))).toEqual(["mix", "level-1", "level-2", "level-3", "level-4", "level-5", "level-6", "level-7"]);
  });

  it.each([["level-03"], ["level-0"], ["Mix"], ["level-8"], [3]])("refuses %j", (value) => {
    expect(refusal(() => readSetName(value, "items[0].set"))).toMatch(/^items\[0\]\.set: expected "mix", "level-1", .*"level-7", got /);
  });
});

describe("PreloadedGolds (succ serve --tasks)", () => {
  const line = (task: ReturnType<typeof generateTask>) => JSON.parse(taskLine(task)) as Record<string, any>;
  const failure = (run: () => unknown): string => {
    try {
      run();
    } catch (e) {
      expect(e).toBeInstanceOf(ServeError);
      return (e as Error).message;
    }
    throw new Error("expected a refusal");
  };

  it("answers the tasks of a file of the mix without rebuilding one", () => {
    const tasks = Array.from({ length: 12 }, (_, i) => generateTask(3, i, 0));
    const golds = new PreloadedGolds();
    tasks.forEach((task, i) => golds.add(line(task), `tasks.jsonl, line ${i + 1}`));
    const cache = new GoldCache(1, golds);
    for (const task of tasks) expect(cache.get(readTaskRef(task.id, 3, 0, {}, "id"))).toEqual(task.answer);
    // From index 6 on, a task of the mix is the task of its level's set: both names hit.
    for (const task of tasks.slice(6)) expect(cache.get(readTaskRef(task.id, 3, task.level, {}, "id"))).toEqual(task.answer);
    expect([cache.hits, cache.misses, cache.preloaded]).toEqual([18, 0, 12]);
    // 12 golds of the mix, 6 of them also of their level's set, and a pinned task of the mix
    // whose level's set drew the same dossier (task 2 of seed 3) under that name too.
    const pinnedAlsoInLevelSet = tasks.slice(0, 6).filter((t, i) => JSON.stringify(generateTask(3, i, t.level).answer) === JSON.stringify(t.answer)).length;
    expect(pinnedAlsoInLevelSet).toBeLessThan(6);
    expect(golds.size).toBe(18 + pinnedAlsoInLevelSet);
  });

  it("tells a pinned task of the mix from the task of the same id in its level's set", () => {
    const single = generateTask(0, 1, 4); // succession-4-1 of the level-4 set, not the mix's
    const golds = new PreloadedGolds();
    golds.add(line(single), "level4.jsonl, line 2");
    const cache = new GoldCache(10, golds);
    expect(cache.get(readTaskRef("succession-4-1", 0, 4, {}, "id"))).toEqual(single.answer);
    expect(cache.get(readTaskRef("succession-4-1", 0, 0, {}, "id"))).toEqual(generateTask(0, 1, 0).answer);
    expect([cache.hits, cache.misses]).toEqual([1, 1]);
  });

  it("keeps a task of --fictional-law apart from the real law's", () => {
    const fictional = generateTask(0, 9, 0, { fictionalLaw: true });
    const golds = new PreloadedGolds();
    golds.add(line(fictional), "f.jsonl, line 10");
    const cache = new GoldCache(10, golds);
    expect(cache.get(readTaskRef(fictional.id, 0, 0, { fictionalLaw: true }, "id"))).toEqual(fictional.answer);
    expect(cache.get(readTaskRef(fictional.id, 0, 0, {}, "id"))).toEqual(generateTask(0, 9, 0).answer);
    expect([cache.hits, cache.misses]).toEqual([1, 1]);
  });

  it("refuses a line that is not this generator's task, naming the file and line", () => {
    const task = line(generateTask(0, 9, 0));
    const golds = new PreloadedGolds();
    expect(failure(() => golds.add({ ...task, info: { ...task.info, generatorVersion: "0.0.1" } }, "t.jsonl, line 3"))).toMatch(
      /^t\.jsonl, line 3: written by generator "0\.0\.1", this server rebuilds tasks with \d+\.\d+\.\d+ \(tasks of this kind: \d+\.\d+\.\d+\): generate the file again$/,
    );
    expect(failure(() => golds.add([1], "t.jsonl, line 1"))).toBe("t.jsonl, line 1: expected a task (a JSON object), got an array");
    expect(failure(() => golds.add({ ...task, id: "succession-2-9" }, "t.jsonl, line 4"))).toContain("t.jsonl, line 4: id: unknown task id");
    expect(failure(() => golds.add({ ...task, info: { ...task.info, index: 8 } }, "t.jsonl, line 5"))).toBe(`t.jsonl, line 5: info.index is 8, the id ${task.id} says 9`);
    expect(failure(() => golds.add({ ...task, answer: { beneficiaires: {}, total_droits: 0 } }, "t.jsonl, line 6"))).toMatch(/^t\.jsonl, line 6: answer: not a gold answer: /);
    const level6 = line(generateTask(0, 2, 6));
    expect(failure(() => golds.add({ ...level6, info: { ...level6.info, fictionalLaw: true } }, "t.jsonl, line 7"))).toContain("is a level-6 task, which has no fictional law");
    expect(golds.size).toBe(0);
  });

  it("refuses an answer that differs from the generator's where the id leaves the set open, or from an earlier line", () => {
    const pinned = line(generateTask(0, 1, 0));
    const wrong = structuredClone(pinned);
    const someone = Object.keys(wrong.answer.beneficiaires)[0]!;
    wrong.answer.beneficiaires[someone].part_taxable += 1;
    const golds = new PreloadedGolds();
    expect(failure(() => golds.add(wrong, "t.jsonl, line 2"))).toBe("t.jsonl, line 2: the answer of succession-4-1 (seed 0) is neither the mix's nor the level-4 set's: not a file of succ generate " + GENERATOR_VERSION);
    const later = line(generateTask(0, 9, 0));
    golds.add(later, "a.jsonl, line 10");
    const changed = structuredClone(later);
    changed.answer.total_droits += 1;
    changed.answer.beneficiaires[Object.keys(changed.answer.beneficiaires).find((b) => changed.answer.beneficiaires[b].droits > 0)!].droits += 1;
    expect(failure(() => golds.add(changed, "b.jsonl, line 10"))).toBe(`b.jsonl, line 10: ${later.id} (seed 0) was given before with another answer`);
  });
});
