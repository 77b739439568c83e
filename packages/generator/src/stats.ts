import { compute, isDossierError, readDossier, sameAnswer, type Answer, type Rule } from "@succ/engine";
import { DATED_LAW } from "@succ/rules";
import { byPlace, GENERATOR_FAMILIES, type GeneratorFamily, type GeneratorFamilyModule, type MistakeRow, type StillRightRow } from "./families/index.js";
import { lawSourceOf } from "./fictional-law.js";
import { isCgiLevel, LEVEL_RULES, LEVELS, type Level } from "./levels.js";
import { seedAnswer } from "./pipeline.js";
import type { Task } from "./task.js";
import { addCivilTask, emptyCivilStats, type CivilStats } from "./level7/stats.js";

/**
 * Measures of a task set (`succ stats`): the seed's table "share of tasks still fully right when
 * one rule is ignored" (through the engine's counterfactual option), at levels 5 and 6 the share
 * still right with each common mistake on the real law and under the seed rules, variant counts,
 * beneficiaries per task, lines owing no tax and prompt lengths. The rows of the two tables are
 * the rule families' (families/), each at its `place`.
 */

type Families = GeneratorFamilyModule;
type RowOf<F, K extends "stillRight" | "mistakes"> = F extends { readonly [P in K]: readonly (infer R)[] } ? R : never;

/** The row of the tasks that no rule of their level changes. */
const NO_LEVEL_RULE = { place: 70, key: "noLevelRule", label: "no level rule changes the answer", rules: [] } as const satisfies StillRightRow;

/** The rows of the "still right" table (levels 3-4) of a table of families, in the order of their places. */
export function stillRightRows(families: readonly GeneratorFamily[]): StillRightRow[] {
  return [...byPlace(families, (f) => f.stillRight), NO_LEVEL_RULE].sort((a, b) => a.place - b.place);
}

export type StillRightKey = RowOf<Families, "stillRight">["key"] | typeof NO_LEVEL_RULE.key;

/** Rows of the "still right" table, in the seed's order. */
export const STILL_RIGHT_ROWS = stillRightRows(GENERATOR_FAMILIES) as readonly (StillRightRow & { key: StillRightKey })[];

/**
 * The rows of levels 5 and 6 of a table of families: for each common mistake on the real law (a
 * rule ignored, or replaced by what a model trained on levels 1-4 would do), the share of tasks
 * still fully right with that mistake, over the tasks where the rule's feature is present (the
 * target: under 10 %) and over all tasks of the level; and the share still right under the whole
 * seed rules (target 0 %).
 */
export function mistakeRows(families: readonly GeneratorFamily[]): MistakeRow[] {
  return byPlace(families, (f) => f.mistakes);
}

export type MistakeKey = RowOf<Families, "mistakes">["key"];

export const MISTAKE_ROWS = mistakeRows(GENERATOR_FAMILIES) as readonly (MistakeRow & { key: MistakeKey })[];

export interface Spread {
  min: number;
  mean: number;
  max: number;
}

export interface LevelStats {
  level: Level;
  tasks: number;
  variants: Record<string, number>;
  beneficiaries: Spread;
  promptLength: Spread;
  /** Beneficiary lines whose expected tax is 0, and all lines. */
  linesWithoutTax: { count: number; total: number };
  /** Levels 3-4: tasks still fully right with each rule ignored (count over `tasks`). */
  stillRight: Partial<Record<StillRightKey, number>>;
  /** Levels 5-6: tasks still fully right with each common mistake on the real law, and under the seed rules. */
  cgi?: CgiStats;
  /** Level 7: tasks that hold each common civil mistake's feature, and how many of them the mistake still gets fully right. */
  civil?: CivilStats;
  /**
   * Tasks of `--fictional-law`: how many, and how many of them the real law (the same dossier
   * computed with the dated tables, as a model answering from memory would) still gets fully right.
   */
  fictional?: { tasks: number; realLawRight: number };
}

/** The answer of a task's dossier under the real law (the dated tables); null when the real law refuses it. */
export function realLawAnswer(t: Task): Answer | null {
  try {
    return compute(readDossier(t.info.dossier), { source: DATED_LAW }).answer;
  } catch (e) {
    if (isDossierError(e)) return null;
    throw e;
  }
}

export interface SetStats {
  tasks: number;
  levels: LevelStats[];
  linesWithoutTax: { count: number; total: number };
}

class Acc {
  min = Infinity;
  max = -Infinity;
  sum = 0;
  n = 0;
  add(x: number): void {
    this.min = Math.min(this.min, x);
    this.max = Math.max(this.max, x);
    this.sum += x;
    this.n++;
  }
  spread(): Spread {
    return this.n === 0 ? { min: 0, mean: 0, max: 0 } : { min: this.min, mean: this.sum / this.n, max: this.max };
  }
}

export function taskSetStats(tasks: Iterable<Task>): SetStats {
  const per = new Map<
    Level,
    { tasks: number; variants: Record<string, number>; bens: Acc; len: Acc; zero: number; lines: number; still: Partial<Record<StillRightKey, number>>; cgi?: CgiStats; civil?: CivilStats; fictional?: { tasks: number; realLawRight: number } }
  >();
  let total = 0;
  for (const t of tasks) {
    total++;
    let s = per.get(t.level);
    if (!s) per.set(t.level, (s = { tasks: 0, variants: {}, bens: new Acc(), len: new Acc(), zero: 0, lines: 0, still: {} }));
    s.tasks++;
    s.variants[t.variant] = (s.variants[t.variant] ?? 0) + 1;
    const lines = Object.values(t.answer.beneficiaires);
    s.bens.add(lines.length);
    s.len.add(t.prompt.length);
    s.lines += lines.length;
    s.zero += lines.filter((l) => l.droits === 0).length;
    if (t.info.fictionalLaw === true) {
      const f = (s.fictional ??= { tasks: 0, realLawRight: 0 });
      f.tasks++;
      const real = realLawAnswer(t);
      if (real !== null && sameAnswer(real, t.answer)) f.realLawRight++;
    }
    if (isCgiLevel(t.level)) addCgiTask((s.cgi ??= emptyCgiStats()), t);
    if (t.info.devolution !== undefined) addCivilTask((s.civil ??= emptyCivilStats()), t);
    if (t.level === 3 || t.level === 4) {
      const dossier = readDossier(t.info.dossier);
      const law = lawSourceOf(t.info);
      const same = new Map<Rule, boolean>();
      const still = (rule: Rule): boolean => {
        let v = same.get(rule);
        if (v === undefined) same.set(rule, (v = sameAnswer(compute(dossier, { ignore: [rule], law }).answer, t.answer)));
        return v;
      };
      for (const row of STILL_RIGHT_ROWS) {
        if (row.levels !== undefined && !row.levels.includes(t.level)) continue;
        const right = row.key === NO_LEVEL_RULE.key ? (LEVEL_RULES[t.level] as readonly Rule[]).every(still) : row.rules.every(still);
        s.still[row.key] = (s.still[row.key] ?? 0) + (right ? 1 : 0);
      }
    }
  }
  const levels: LevelStats[] = [];
  for (const level of LEVELS) {
    const s = per.get(level);
    if (!s) continue;
    levels.push({
      level,
      tasks: s.tasks,
      variants: s.variants,
      beneficiaries: s.bens.spread(),
      promptLength: s.len.spread(),
      linesWithoutTax: { count: s.zero, total: s.lines },
      stillRight: s.still,
      ...(s.cgi ? { cgi: s.cgi } : {}),
      ...(s.civil ? { civil: s.civil } : {}),
      ...(s.fictional ? { fictional: s.fictional } : {}),
    });
  }
  const zero = levels.reduce((a, l) => a + l.linesWithoutTax.count, 0);
  const lines = levels.reduce((a, l) => a + l.linesWithoutTax.total, 0);
  return { tasks: total, levels, linesWithoutTax: { count: zero, total: lines } };
}

/** For one mistake: tasks with the feature, those of them still right, and all tasks still right. */
export interface MistakeCount {
  featured: number;
  stillRightFeatured: number;
  stillRight: number;
}

export interface CgiStats {
  mistakes: Record<MistakeKey, MistakeCount>;
  /** Tasks still fully right under the simplified rules of levels 1-4 (the seed counterpart). */
  seedRules: number;
}

export function emptyCgiStats(): CgiStats {
  const mistakes = {} as Record<MistakeKey, MistakeCount>;
  for (const row of MISTAKE_ROWS) mistakes[row.key] = { featured: 0, stillRightFeatured: 0, stillRight: 0 };
  return { mistakes, seedRules: 0 };
}

/**
 * Adds one task of level 5 or 6, under the law its gold is computed with (a fictional task's own
 * law). The rules that change its answer come from its difficulty, else from the engine.
 */
export function addCgiTask(s: CgiStats, t: Task): void {
  const dossier = readDossier(t.info.dossier);
  const law = lawSourceOf(t.info);
  const r = compute(dossier, { law });
  const matter = (rule: Rule): boolean => (t.info.difficulty ? t.info.difficulty.rules.includes(rule) : !sameAnswer(compute(dossier, { ignore: [rule], law }).answer, t.answer));
  for (const row of MISTAKE_ROWS) {
    const m = s.mistakes[row.key];
    const right = !matter(row.rule);
    if (row.has(r)) {
      m.featured++;
      if (right) m.stillRightFeatured++;
    }
    if (right) m.stillRight++;
  }
  const seed = seedAnswer(t.info.dossier, law);
  if (seed !== null && sameAnswer(seed, t.answer)) s.seedRules++;
}
