import { compute, readDossier, sameAnswer, type DossierInput } from "@succ/engine";
import { describe, expect, it } from "vitest";
import { generateTask, generateTasks } from "../src/index.js";
import { readCivilPrompt } from "./civil-reader.js";

const answerOf = (d: unknown) => compute(readDossier(d as DossierInput)).answer;

// Level 7: the independent reader rebuilds each file from its prompt alone; the engine's answer
// on what it read is the gold, and what it read is the gold dossier, field for field.
describe("level 7 read back from the prompt", () => {
  it("gives the gold dossier and the gold answer on 500 tasks", () => {
    let differ = 0;
    for (const t of generateTasks({ n: 500, seed: 19, level: 7 })) {
      const read = readCivilPrompt(t.prompt);
      expect(read, t.id).toEqual(t.info.dossier);
      if (!sameAnswer(answerOf(read), t.answer)) differ++;
    }
    expect(differ).toBe(0);
  });

  it("reads what the prompt says: the option, a child's status, the regime, edited, change the answer read", () => {
    const tasks = [...generateTasks({ n: 120, seed: 3, level: 7 })];
    const edits: [RegExp, string][] = [
      [/la propriété du quart des biens \(art\. 757 du Code civil\)/, "l'usufruit de la totalité des biens existants (art. 757 du Code civil)"],
      [/(fils|fille) du défunte? et de (B\d+) : (B\d+) \(([^)]+)\), (née?) le (\d{2}\/\d{2}\/\d{4}), vivante?\./, "$1 du défunt et de $2 : $3 ($4), $5 le $6, vivant, a renoncé à la succession par déclaration au greffe du tribunal judiciaire de Paris le 10/10/2020."],
      [/régime légal de la communauté réduite aux acquêts/, "régime légal de la séparation de biens"],
    ];
    let changed = 0;
    for (const [pattern, replacement] of edits) {
      const t = tasks.find((x) => pattern.test(x.prompt));
      if (!t) continue;
      const edited = t.prompt.replace(pattern, replacement);
      expect(edited).not.toBe(t.prompt);
      let answer;
      try {
        answer = answerOf(readCivilPrompt(edited));
      } catch {
        answer = null; // the engine refuses the file as edited: not the gold either
      }
      if (answer === null || !sameAnswer(answer, t.answer)) changed++;
    }
    expect(changed).toBe(edits.length);
    expect(generateTask(3, 0, 7).id).toBe("succession-7-0");
  });
});
