/**
 * Independent recomputation of `--fictional-law` tasks: from the prompt alone, readers that
 * share no code with the generator rebuild each dossier (test/prompt-reader.ts,
 * test/notary-reader.ts) AND the law it states (test/rules-reader.ts for the numbered rules of
 * levels 1-4, readArticlesLaw for the articles of level 5); the engine's answer under that law
 * must be the gold, on 300 tasks of each of levels 1 to 5 (every variant of each level among
 * them, which a test checks). A wrong amount in a prompt changes what the readers find, and a
 * model answering with the real law fails most tasks.
 */
import { compute, readDossier, type AmountInput, type Answer, type DossierInput, type Rule } from "@succ/engine";
import { constantLaw, type Law } from "@succ/rules";
import { describe, expect, it } from "vitest";
import { fictionalLawSource, generateTasks, LEVEL_RULES, realLawAnswer, VARIANTS, type Task } from "../src/index.js";
import { articlesSource, readArticlesLaw, readHousingWindow, readNotaryHead, readNotaryPrompt } from "./notary-reader.js";
import { readPrompt } from "./prompt-reader.js";
import { readRulesLaw } from "./rules-reader.js";

const N = 300;
const SETS = new Map([1, 2, 3, 4, 5].map((level) => [level, [...generateTasks({ n: N, seed: 11, level: level as 1 | 2 | 3 | 4 | 5, fictionalLaw: true })]]));
const set = (level: number): Task[] => SETS.get(level)!;

/** The dossier and the law a reader finds in a prompt, and the engine's answer with them. */
function read(prompt: string, level: number): { dossier: DossierInput; law: Law; answer: Answer } {
  if (level <= 4) {
    const dossier = readPrompt(prompt);
    const law = readRulesLaw(prompt, dossier.kind);
    return { dossier, law, answer: compute(readDossier(dossier), { source: constantLaw(law) }).answer };
  }
  const head = readNotaryHead(prompt);
  const law = readArticlesLaw(prompt, head.date, head.kind);
  const dossier = readNotaryPrompt(prompt, law);
  return { dossier, law, answer: compute(readDossier(dossier), { source: articlesSource(law, readHousingWindow(prompt)) }).answer };
}

function sorted(a: Answer): string {
  const ids = Object.keys(a.beneficiaires).sort((x, y) => Number(x.slice(1)) - Number(y.slice(1)));
  return JSON.stringify({ b: ids.map((id) => [id, a.beneficiaires[id]]), t: a.total_droits });
}

function readAnswer(prompt: string, level: number): string {
  try {
    return sorted(read(prompt, level).answer);
  } catch (e) {
    return `${(e as Error).name}: ${(e as Error).message}`;
  }
}

function differences(tasks: readonly Task[]): string[] {
  const out: string[] = [];
  for (const t of tasks) {
    const got = readAnswer(t.prompt, t.level);
    if (got !== sorted(t.answer)) out.push(`${t.id}\n  gold: ${sorted(t.answer)}\n  read: ${got}`);
  }
  return out;
}

/** Amounts in whole cents (the gold writes numbers, the readers decimal strings), the rest as is. */
function normalized(d: DossierInput): string {
  const keys = ["value", "amount", "funeralCosts", "allowanceUsed", "disabilityAllowanceUsed", "capitalBefore70", "capitalBefore1998", "premiumsAfter70", "capitalAfter70"];
  return JSON.stringify(d, (key, v) => (keys.includes(key) ? Math.round(Number(v as AmountInput) * 100) : v));
}

describe("fictional law read from the prompt alone", () => {
  it(`reads a sample of ${N} tasks a level that holds every variant of the level, and every rule of the level`, () => {
    for (const level of [1, 2, 3, 4, 5] as const) {
      const tasks = set(level);
      for (const v of VARIANTS[level]) expect(tasks.filter((t) => t.variant === v).length, `level ${level} ${v}`).toBeGreaterThanOrEqual(N / 10);
      // Every rule of the level changes some answer of the sample (at level 5, every rule only
      // the real law has but the small estates of art. 796-0, which no fictional task of 500 needs).
      const rules = new Set(tasks.flatMap((t) => t.info.difficulty.rules));
      const missing = LEVEL_RULES[level].filter((r: Rule) => !rules.has(r) && r !== "smallEstate");
      expect(missing, `level ${level}`).toEqual([]);
    }
  });

  for (const level of [1, 2, 3, 4, 5]) {
    it(`level ${level}: the dossier and the law read give the gold answer, on ${N} tasks`, () => {
      const diff = differences(set(level));
      expect(diff.length, `${diff.length} of ${N} differ; first ones:\n${diff.slice(0, 3).join("\n")}`).toBe(0);
    });
  }

  it("the dossier read is the gold dossier; the law read is the task's fictional law, value for value", () => {
    const diff: string[] = [];
    for (const level of [1, 2, 3, 4, 5]) {
      for (const t of set(level).slice(0, 100)) {
        const { dossier, law } = read(t.prompt, level);
        if (normalized(dossier) !== normalized(t.info.dossier)) diff.push(`${t.id}: the dossiers differ`);
        const drawn = fictionalLawSource(t.info.seed, t.info.index).law;
        const kind = dossier.kind;
        // Every value the rules of the task's level and kind state.
        const stated: [string, unknown, unknown][] = [
          ["direct-line scale", law.scales.directLine, drawn.scales.directLine],
          ["child allowance", law.allowances.personal[kind].child, drawn.allowances.personal[kind].child],
        ];
        if (kind === "estate") stated.push(["funeral", law.funeralDeduction, drawn.funeralDeduction]);
        if (kind === "estate" && level >= 2) {
          stated.push(
            ["sibling allowance", law.allowances.personal.estate.sibling, drawn.allowances.personal.estate.sibling],
            ["nephew allowance", law.allowances.personal.estate.nephew, drawn.allowances.personal.estate.nephew],
            ["default allowance", law.allowances.default, drawn.allowances.default],
            ["disability allowance", law.allowances.disability, drawn.allowances.disability],
            ["sibling scale", law.scales.sibling, drawn.scales.sibling],
            ["nephew scale", law.scales.nephew, drawn.scales.nephew],
            ["unrelated scale", law.scales.unrelated, drawn.scales.unrelated],
          );
        }
        if (level >= 3) stated.push(["recall", law.recallYears, drawn.recallYears]);
        if (kind === "gift" && level >= 3) stated.push(["790 G", law.cashGift790G.ceiling, drawn.cashGift790G.ceiling], ["790 G ages", [law.cashGift790G.donorAgeBelow, law.cashGift790G.doneeMinimumAge, law.cashGift790G.renewalYears], [drawn.cashGift790G.donorAgeBelow, drawn.cashGift790G.doneeMinimumAge, drawn.cashGift790G.renewalYears]]);
        if ((level === 4 && kind === "gift") || (level === 4 && t.info.dossier.spouseUsufruct)) stated.push(["art. 669", law.usufruct669, drawn.usufruct669]);
        if (level === 5 && kind === "estate") stated.push(["990 I", [law.lifeInsurance.allowance990I, law.lifeInsurance.scale990I, law.lifeInsurance.allowance757B], [drawn.lifeInsurance.allowance990I, drawn.lifeInsurance.scale990I, drawn.lifeInsurance.allowance757B]]);
        for (const [what, got, want] of stated) if (JSON.stringify(got) !== JSON.stringify(want)) diff.push(`${t.id}: ${what} read ${JSON.stringify(got)}, drawn ${JSON.stringify(want)}`);
      }
    }
    expect(diff.length, diff.slice(0, 5).join("\n")).toBe(0);
  });

  it("levels 1-4: a value the rules do not state is NaN in the law read", () => {
    const gift1 = set(1).find((t) => t.variant === "gift-full-ownership")!;
    const law = read(gift1.prompt, 1).law;
    // A level-1 gift states no funeral cap, no disability allowance, no recall and no art. 669.
    expect(law.funeralDeduction).toBeNaN();
    expect(law.allowances.disability).toBeNaN();
    expect(law.recallYears).toBeNaN();
    expect(law.usufruct669[0]!.usufructPercent).toBeNaN();
    expect(law.scales.spouse[0]!.ratePercent).toBeNaN();
  });
});

/** The first task of a level matching `pick`, and its prompt edited by `edit` (which must change it). */
function edited(level: number, pick: (t: Task) => boolean, edit: (prompt: string, drawn: Law) => string): { task: Task; prompt: string } {
  const task = set(level).find(pick);
  if (!task) throw new Error(`no task of level ${level} for this edit`);
  const prompt = edit(task.prompt, fictionalLawSource(task.info.seed, task.info.index).law);
  expect(prompt).not.toBe(task.prompt);
  return { task, prompt };
}

const fmt = (n: number): string => n.toLocaleString("fr-FR").replace(/\u202f/g, " ");

describe("a wrong amount in a fictional prompt changes the answer read", () => {
  const cases: [string, number, (t: Task) => boolean, (p: string, l: Law) => string][] = [
    ["the child allowance (level 1 estate)", 1, (t) => t.variant === "only-child-estate", (p, l) => p.replace(`abattement de ${fmt(l.allowances.personal.estate.child)} €`, `abattement de ${fmt(l.allowances.personal.estate.child + 1_000)} €`)],
    ["a rate of the direct-line scale (level 1 gift)", 1, (t) => t.variant === "gift-full-ownership", (p, l) => p.replace(/(\| au-delà de [\d ]+ € \| )(\d+) %/, (_, a: string, r: string) => `${a}${Number(r) + 1} %`).replace(/(\| de [\d ]+ € à [\d ]+ € \| )(\d+) %/g, (_, a: string, r: string) => `${a}${Number(r) + 1} %`)],
    [
      "the funeral cap, everywhere it is written (level 2)",
      2,
      (t) => Number(t.info.dossier.funeralCosts) > fictionalLawSource(t.info.seed, t.info.index).law.funeralDeduction + 100,
      (p, l) => p.replaceAll(`dans la limite de ${fmt(l.funeralDeduction)} €`, `dans la limite de ${fmt(l.funeralDeduction + 100)} €`),
    ],
    [
      "the disability allowance (level 2)",
      2,
      (t) => t.info.dossier.beneficiaries.some((b) => b.disabled && t.answer.beneficiaires[b.id]!.part_taxable > 0),
      (p, l) => p.replace(`abattement de ${fmt(l.allowances.disability)} €, qui s'ajoute`, `abattement de ${fmt(l.allowances.disability - 500)} €, qui s'ajoute`),
    ],
    ["the recall period (level 3 estate)", 3, (t) => t.variant === "estate-recall" && t.info.difficulty.rules.includes("recall"), (p, l) => p.replaceAll(`${l.recallYears} ans avant`, "1 ans avant")],
    [
      "the 790 G ceiling (level 3 gift)",
      3,
      (t) => t.variant === "gift-790g" && t.info.difficulty.rules.includes("exemption790G"),
      (p, l) => p.replaceAll(`${fmt(l.cashGift790G.ceiling)} €`, "1 000 €"),
    ],
    ["the art. 669 table (level 4)", 4, () => true, (p) => p.replace(/\| (\d+) % \| (\d+) % \|/g, (_, u: string, b: string) => `| ${Number(u) - 1} % | ${Number(b) + 1} % |`)],
    [
      "the 990 I allowance (level 5 estate)",
      5,
      (t) => Object.values(t.answer.beneficiaires).some((x) => (x.prelevement_990I ?? 0) > 0),
      (p, l) => p.replace(`diminué d'un abattement de ${fmt(l.lifeInsurance.allowance990I)} €`, `diminué d'un abattement de ${fmt(l.lifeInsurance.allowance990I + 5_000)} €`),
    ],
    ["the child allowance (level 5 gift)", 5, (t) => t.variant === "notary-gift" && t.info.dossier.beneficiaries.some((b) => b.relationship === "child" && t.answer.beneficiaires[b.id]!.part_taxable > 0 && !(t.info.dossier.priorGifts ?? []).some((g) => g.beneficiary === b.id)), (p, l) => p.replace(`${fmt(l.allowances.personal.gift.child)} € pour chaque enfant`, `${fmt(l.allowances.personal.gift.child + 2_000)} € pour chaque enfant`)],
  ];
  for (const [what, level, pick, edit] of cases) {
    it(what, () => {
      const { task, prompt } = edited(level, pick, edit);
      expect(readAnswer(task.prompt, level)).toBe(sorted(task.answer));
      const got = readAnswer(prompt, level);
      expect(got).not.toMatch(/Error/);
      expect(got).not.toBe(sorted(task.answer));
    });
  }
});

describe("a model answering with the real law", () => {
  it("fails most fictional tasks: the real-law answer is the gold on under 2 % of the tasks of each level", () => {
    const shares: Record<number, number> = {};
    for (const level of [1, 2, 3, 4, 5]) {
      const right = set(level).filter((t) => {
        const real = realLawAnswer(t);
        return real !== null && sorted(real) === sorted(t.answer);
      }).length;
      shares[level] = right / N;
    }
    for (const level of [1, 2, 3, 4, 5]) expect(shares[level], `level ${level}: ${JSON.stringify(shares)}`).toBeLessThan(0.02);
  });
});
