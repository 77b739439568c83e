import { compute, readDossier, sameAnswer } from "@succ/engine";
import { DATED_LAW, lawOn } from "@succ/rules";
import { describe, expect, it } from "vitest";
import { fictionalLawSource, lawSourceOf } from "./fictional-law.js";
import { answerAmounts, numbersIn } from "./guards.js";
import { promptLaw } from "./law.js";
import { taskSetStats } from "./stats.js";
import { fingerprint, generateTask, generateTasks, taskLine, type Task } from "./task.js";

/**
 * The SHA-256 of `-n 400 --fictional-law` (the mix) and of `-n 400 --level 5 --fictional-law`:
 * they change only when the generator, the engine or the law tables change (update them
 * deliberately, and say so in the commit message).
 */
const MIX_FICTIONAL_FINGERPRINT = "f2e2ac6a46b50f0b4a18260b4fe8226e705d67f52f30dc57848f4e9da8724a5a";
const LEVEL5_FICTIONAL_FINGERPRINT = "4daeac586a8b4835ba218d4ca8c2cf08391acf54326aaebabb7acd48fd01294f";

const MIX = [...generateTasks({ n: 200, seed: 4, fictionalLaw: true })];
const LEVEL5 = [...generateTasks({ n: 200, seed: 4, level: 5, fictionalLaw: true })];
const ALL = [...MIX, ...LEVEL5];

/** The part of a prompt that states the law: from the rules (levels 1-4) or the articles (level 5) to the answer format. */
function lawPart(t: Task): string {
  const start = t.prompt.search(/\n## (Règles à appliquer|Droit applicable)/);
  return t.prompt.slice(start, t.prompt.indexOf("\n## Format de la réponse"));
}

describe("--fictional-law tasks", () => {
  it("keep their ids and carry info.fictionalLaw and the presentation \"fictional\"", () => {
    for (const t of ALL) {
      expect(t.id).toBe(`succession-${t.level}-${t.info.index}`);
      expect(t.info.fictionalLaw).toBe(true);
      expect(t.info.difficulty.presentation).toBe("fictional");
      expect(JSON.parse(taskLine(t)).info.fictionalLaw).toBe(true);
    }
    expect(MIX.map((t) => t.level)).toEqual([...generateTasks({ n: 200, seed: 4 })].map((t) => t.level));
    // Without the option nothing says fictionalLaw, not even false.
    expect(taskLine(generateTask(4, 3))).not.toContain("fictionalLaw");
    expect(generateTask(4, 3).info.difficulty.presentation).toBe("steps");
  });

  it("depend only on (seed, index, level): any slice, any order", () => {
    expect(taskLine(generateTask(4, 17, 0, { fictionalLaw: true }))).toBe(taskLine(MIX[17]!));
    expect(taskLine(generateTask(4, 150, 5, { fictionalLaw: true }))).toBe(taskLine(LEVEL5[150]!));
    expect([...generateTasks({ n: 5, seed: 4, offset: 100, fictionalLaw: true })].map(taskLine)).toEqual(MIX.slice(100, 105).map(taskLine));
    expect(generateTask(5, 17, 0, { fictionalLaw: true }).prompt).not.toBe(MIX[17]!.prompt);
  });

  it("compute the gold with the task's own law, stated in the prompt, which the real law gets wrong", () => {
    for (const t of ALL) {
      const d = readDossier(t.info.dossier);
      expect(sameAnswer(compute(d, { source: lawSourceOf(t.info) }).answer, t.answer), t.id).toBe(true);
    }
    const wrong = ALL.filter((t) => !sameAnswer(compute(readDossier(t.info.dossier)).answer, t.answer)).length;
    expect(wrong / ALL.length).toBeGreaterThan(0.95);
  });

  it("say the law is fictional, never name the real law's year, and state none of the real amounts it moved", () => {
    const real = promptLaw();
    const euros = (n: number): string => `${n.toLocaleString("fr-FR").replace(/\u202f/g, " ")} €`;
    for (const t of ALL) {
      expect(t.prompt, t.id).toContain("législation fictive propre à cet exercice");
      expect(t.prompt).not.toContain("en vigueur en 2026");
      expect(t.prompt).not.toMatch(/montants en vigueur au jour/);
      expect(t.prompt).not.toContain("en réalité");
      const law = lawPart(t);
      // (A worked example may come to the same figure: the allowance's own wordings are checked.)
      const child = euros(real.allowances.personal.estate.child);
      for (const said of [`abattement de ${child}`, `enfant ${child}`, `${child} pour chaque enfant`]) expect(law, t.id).not.toContain(said);
      expect(law).not.toContain(`moins de ${real.recallYears} ans`);
      if (t.info.dossier.kind === "estate") expect(law).not.toContain(`limite de ${euros(real.funeralDeduction)}`);
    }
  });

  it("hold every guard: no expected amount in the prompt, someone owes tax, never zero for all but one, days ≤ 28", () => {
    for (const t of ALL) {
      const amounts = answerAmounts(t.answer);
      const seen = numbersIn(t.prompt);
      for (const x of amounts) expect(seen.has(x), `${t.id}: ${x} in the prompt`).toBe(false);
      expect(t.answer.total_droits).toBeGreaterThan(0);
      const lines = Object.values(t.answer.beneficiaires);
      if (lines.length >= 2) expect(lines.filter((l) => l.droits > 0).length, t.id).toBeGreaterThanOrEqual(2);
      for (const day of JSON.stringify(t.info.dossier).match(/\d{4}-\d{2}-\d{2}/g) ?? []) expect(Number(day.slice(8))).toBeLessThanOrEqual(28);
    }
  });

  it("are refused at level 6, whose prompt states no law", () => {
    expect(() => generateTask(0, 0, 6, { fictionalLaw: true })).toThrow(/level 6 has no fictional law \(its prompt states no law/);
    expect(() => [...generateTasks({ level: 6, fictionalLaw: true, n: 1 })]).toThrow(/level 6 has no fictional law \(its prompt states no law/);
    expect(() => [...generateTasks({ fictionalLaw: "yes" as unknown as boolean, n: 1 })]).toThrow(/fictionalLaw must be true or false/);
  });

  it("keep the real window of art. 790 A bis in their law source", () => {
    const { law, source } = fictionalLawSource(4, 9);
    // In the window (acts of 2025-02-15 to 2026-12-31): the fictional law itself.
    expect(source.on("2026-03-14")).toBe(law);
    expect(law.housingGift790ABis.ceiling).not.toBe(lawOn("2026-03-14").housingGift790ABis.ceiling);
    // Outside: the same fictional law, the housing regime not in force.
    const before = source.on("2024-06-10");
    expect(before.housingGift790ABis).toEqual({ ceiling: null, ceilingPerDonee: null, donees: null, doneesWithoutDescendants: null });
    expect({ ...before, housingGift790ABis: null }).toEqual({ ...law, housingGift790ABis: null });
    expect(lawSourceOf({ seed: 4, index: 9 })).toBe(DATED_LAW);
  });

  it("are measured by stats under their own law: the real-law answer, the seed rules of levels 5-6", () => {
    const s = taskSetStats(ALL);
    for (const l of s.levels) {
      expect(l.fictional!.tasks).toBe(l.tasks);
      expect(l.fictional!.realLawRight / l.tasks, `level ${l.level}`).toBeLessThan(0.05);
    }
    expect(s.levels.find((l) => l.level === 5)!.cgi!.seedRules).toBe(0);
  });

  it("pins the fingerprints of -n 400 --fictional-law and --level 5 --fictional-law", () => {
    expect(fingerprint({ fictionalLaw: true })).toBe(MIX_FICTIONAL_FINGERPRINT);
    expect(fingerprint({ level: 5, fictionalLaw: true })).toBe(LEVEL5_FICTIONAL_FINGERPRINT);
  });
});

describe("a prior gift listed as exempt under art. 790 G meets the task's own ages (issue 18)", () => {
  it("600 tasks of the mix (seed 3438): the donee at least the fictional age, the donor under it, on the gift's day", () => {
    let checked = 0;
    for (const t of generateTasks({ n: 600, seed: 3438, fictionalLaw: true })) {
      const d = t.info.dossier;
      const law = lawSourceOf(t.info).on(d.date);
      const age = (birth: string, on: string): number => Number(on.slice(0, 4)) - Number(birth.slice(0, 4)) - (on.slice(5) < birth.slice(5) ? 1 : 0);
      for (const g of d.priorGifts ?? []) {
        if (!g.cash790G) continue;
        const donee = d.beneficiaries.find((b) => b.id === g.beneficiary)!;
        expect(age(donee.birthDate, g.date), t.id).toBeGreaterThanOrEqual(law.cashGift790G.doneeMinimumAge);
        expect(age(d.person.birthDate, g.date), t.id).toBeLessThan(law.cashGift790G.donorAgeBelow);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});
