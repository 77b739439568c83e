import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { defaultSet } from "./__fixtures__/sets.js";
import { fingerprint, generateTask, generateTasks, GENERATOR_VERSION, TASKS_CHANGED_IN, taskGold, taskLine } from "./task.js";

/**
 * The SHA-256 of the default set (400 tasks, seed 0, mix). It changes only when the generator
 * (or the engine's answers, or the law tables) change: update it deliberately, and say so in the
 * commit message.
 */
const DEFAULT_FINGERPRINT = "847551c880c5058e2a0018264dc7a3fda3f038d155dc0b855feb275c3de01ea4";

describe("determinism", () => {
  it("draws the same task twice", () => {
    for (const i of [0, 1, 5, 77, 399]) expect(taskLine(generateTask(0, i))).toBe(taskLine(generateTask(0, i)));
  });

  it("rebuilds a task's id and gold (taskGold) as generateTask draws them, at every level and under a fictional law", () => {
    const sets: [0 | 1 | 2 | 3 | 4 | 5 | 6 | 7, boolean][] = [[0, false], [1, false], [4, false], [5, false], [6, false], [7, false], [0, true], [5, true]];
    for (const [level, fictionalLaw] of sets) {
      for (const i of [0, 3, 8, 41]) {
        const t = generateTask(9, i, level, { fictionalLaw });
        expect(taskGold(9, i, level, { fictionalLaw }), `level ${level} task ${i}`).toEqual({ id: t.id, answer: t.answer });
      }
    }
  });

  it("gives with --offset the same tasks as the full set", () => {
    const full = defaultSet();
    const slice = [...generateTasks({ n: 30, offset: 370 })];
    expect(slice.map(taskLine)).toEqual(full.slice(370, 400).map(taskLine));
    expect(taskLine(generateTask(0, 123))).toBe(taskLine(full[123]!));
  });

  it("does not depend on the size of the set", () => {
    const full = defaultSet();
    expect([...generateTasks({ n: 7 })].map(taskLine)).toEqual(full.slice(0, 7).map(taskLine));
    expect([...generateTasks({ n: 3, level: 2, offset: 10 })].map(taskLine)).toEqual([...generateTasks({ n: 20, level: 2 })].slice(10, 13).map(taskLine));
  });

  it("gives other tasks for another seed, and never shifts them by one", () => {
    const a = [...generateTasks({ n: 12, seed: 1 })];
    const b = defaultSet();
    for (let i = 0; i < 11; i++) expect(a[i]!.prompt).not.toBe(b[i + 1]!.prompt);
    expect(a[0]!.prompt).not.toBe(b[0]!.prompt);
  });

  it("records seed, index and the version in which tasks of its kind last changed", () => {
    const t = generateTask(42, 9, 3);
    // Levels 1-4 last changed in 0.2.0 (their set's bytes and fingerprint stay); levels 5-6 and
    // fictional tasks in 0.3.0, the generator's version.
    expect(t.info).toMatchObject({ seed: 42, index: 9, generatorVersion: "0.2.0" });
    expect(t.id).toBe("succession-3-9");
    expect(generateTask(42, 9, 5).info.generatorVersion).toBe(GENERATOR_VERSION);
    expect(generateTask(42, 9, 3, { fictionalLaw: true }).info.generatorVersion).toBe(GENERATOR_VERSION);
    expect(GENERATOR_VERSION).toBe("0.3.0");
    expect(TASKS_CHANGED_IN).toEqual({ levels: { 1: "0.2.0", 2: "0.2.0", 3: "0.2.0", 4: "0.2.0", 5: "0.3.0", 6: "0.3.0", 7: "0.3.0" }, fictional: "0.3.0" });
  });

  it("pins the fingerprint of the default set", () => {
    expect(fingerprint()).toBe(DEFAULT_FINGERPRINT);
  });

  it("fingerprints the lines, each followed by a newline", () => {
    const text = defaultSet()
      .slice(0, 25)
      .map((t) => `${taskLine(t)}\n`)
      .join("");
    expect(fingerprint({ n: 25 })).toBe(createHash("sha256").update(text, "utf8").digest("hex"));
    expect(fingerprint({ n: 0 })).toBe(createHash("sha256").digest("hex"));
  });
});

describe("task lines", () => {
  it("hold the keys in a fixed order", () => {
    const t = generateTask(0, 1);
    const line = JSON.parse(taskLine(t)) as Record<string, unknown>;
    expect(Object.keys(line)).toEqual(["id", "level", "variant", "prompt", "answer", "info"]);
    expect(Object.keys(line.info as object)).toEqual(["dossier", "seed", "index", "generatorVersion"]);
    expect(Object.keys(line.answer as object)).toEqual(["beneficiaires", "total_droits"]);
    expect(taskLine(t)).not.toContain("\n");
  });

  it("write the sex of the person and of each beneficiary right after the birth date, as the prompt says it", () => {
    for (const t of defaultSet()) {
      const d = t.info.dossier;
      expect(Object.keys(d.person), t.id).toEqual(["name", "birthDate", "sex"]);
      // The person's own line: "Défunte : …, née le …" or "Donateur : …, né le …".
      const line = new RegExp(`^- (Défunte?|Donat(?:eur|rice)) : ${d.person.name}, (née?) le `, "m").exec(t.prompt);
      expect(line, t.id).not.toBeNull();
      const female = line![1] === "Défunte" || line![1] === "Donatrice";
      expect(line![2] === "née", t.id).toBe(female);
      expect(d.person.sex, t.id).toBe(female ? "F" : "M");
      for (const b of d.beneficiaries) {
        const keys = ["id", "name", "relationship", "birthDate", "sex", "disabled", ...(b.represents ? ["represents"] : [])];
        expect(Object.keys(b), `${t.id} ${b.id}`).toEqual(keys);
        // The relationship cell of the beneficiary table: "fille", "petit-fils", "épouse (…)", "amie, …".
        const cell = new RegExp(`^\\| ${b.id} \\| ${b.name} \\| ([^|,(]+)`, "m").exec(t.prompt)![1]!.trim();
        const feminine = ["fille", "petite-fille", "arrière-petite-fille", "épouse", "sœur", "nièce", "amie", "partenaire liée par un PACS"];
        const masculine = ["fils", "petit-fils", "arrière-petit-fils", "époux", "frère", "neveu", "ami", "partenaire lié par un PACS"];
        expect([...feminine, ...masculine], `${t.id} ${b.id} ${cell}`).toContain(cell);
        expect(b.sex, `${t.id} ${b.id} ${cell}`).toBe(feminine.includes(cell) ? "F" : "M");
      }
    }
  });

  it("are the same whatever order a caller built the task's keys in", () => {
    const t = generateTask(0, 2);
    const shuffled = { info: t.info, answer: { total_droits: t.answer.total_droits, beneficiaires: t.answer.beneficiaires }, prompt: t.prompt, variant: t.variant, level: t.level, id: t.id };
    expect(taskLine(shuffled)).toBe(taskLine(t));
  });

  it("write the prompt the task holds: as a copy of the task writes it, and a prompt changed since", () => {
    // A generated task's line escapes the law's text once for many tasks; a copy (another
    // object) is written by JSON.stringify alone, and gives the same line.
    for (const t of defaultSet().slice(0, 40)) expect(taskLine(t), t.id).toBe(taskLine({ ...t }));
    const t = generateTask(0, 3);
    const before = taskLine(t);
    t.prompt = `${t.prompt}\n« Note » : "citée" \\ fin`;
    const line = JSON.parse(taskLine(t)) as { prompt: string };
    expect(line.prompt).toBe(t.prompt);
    expect(taskLine(t)).not.toBe(before);
  });
});

describe("options", () => {
  it("refuses what is not a set", () => {
    expect(() => generateTask(0.5, 0)).toThrow(RangeError);
    expect(() => generateTask(0, -1)).toThrow(RangeError);
    expect(() => generateTask(0, 0, 8 as never)).toThrow(RangeError);
    expect(() => [...generateTasks({ minRules: -1 })]).toThrow(RangeError);
    expect(() => [...generateTasks({ n: -1 })]).toThrow(RangeError);
    expect(() => [...generateTasks({ offset: 1.5 })]).toThrow(RangeError);
  });

  it("defaults to 400 tasks of the mix, seed 0", () => {
    let n = 0;
    for (const t of generateTasks({ n: 2 })) n += t.info.seed === 0 ? 1 : 0;
    expect(n).toBe(2);
    expect(defaultSet()).toHaveLength(400);
  });
});
