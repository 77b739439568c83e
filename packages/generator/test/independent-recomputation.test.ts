import { compute, readDossier, sameAnswer } from "@succ/engine";
import { describe, expect, it } from "vitest";
import { generateTasks } from "../src/index.js";
import { readPrompt } from "./read-prompt.js";

/**
 * Everything needed is in the prompt: a reader of the French text alone (test/read-prompt.ts,
 * no generator code) rebuilds each dossier, and the engine's answer equals the gold answer.
 */
describe("independent recomputation from the prompt text only", () => {
  it("gives the gold answer on 1,000 tasks with 0 differences", () => {
    const differences: string[] = [];
    let n = 0;
    for (const task of generateTasks({ n: 1000, seed: 0 })) {
      n++;
      const answer = compute(readDossier(readPrompt(task.prompt))).answer;
      if (!sameAnswer(answer, task.answer)) differences.push(task.id);
    }
    expect(n).toBe(1000);
    expect(differences).toEqual([]);
  });

  it("reads single-level sets of another seed too", () => {
    for (const level of [1, 2, 3, 4] as const) {
      for (const task of generateTasks({ n: 50, seed: 7, level })) {
        expect(sameAnswer(compute(readDossier(readPrompt(task.prompt))).answer, task.answer), task.id).toBe(true);
      }
    }
  });
});
