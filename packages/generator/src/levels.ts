import { RULE_INFO, rulesOf, type Rule, type RuleSet } from "@succ/engine";

/**
 * The levels of the task set and their variants: levels 1-4 of the seed ("Tasks and difficulty"),
 * whose prompts state simplified rules step by step; level 5, the real law as a notary's file
 * with the articles; level 6, the same kind of file and only "the law in force on the date";
 * level 7, the notary's whole file from which the civil devolution is computed, and only "the law
 * in force on the date".
 */

export type Level = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const LEVELS: readonly Level[] = [1, 2, 3, 4, 5, 6, 7];

/** The levels of the seed's mix (`level` 0): the default set never holds levels 5 and 6. */
export type MixLevel = 1 | 2 | 3 | 4;

/** The levels whose dossiers are the real law's notary files with a given devolution (`"law": "cgi"`, no `family`). */
export type CgiLevel = 5 | 6;

export function isCgiLevel(level: Level): level is CgiLevel {
  return LEVEL_SPEC[level].ruleSet === "cgi" && !LEVEL_SPEC[level].civil;
}

/**
 * The rules only the real law has, in the engine's order: what a model trained on levels 1-4 gets
 * wrong. Read from the engine's rule families: a family of the real law's only joins them.
 */
const CGI_ONLY: readonly Rule[] = rulesOf("cgi").filter((r) => !(RULE_INFO[r].ruleSets as readonly RuleSet[]).includes("seed"));

/**
 * The rules of each level (seed's `niveau_utile`), the one table of them: the counterfactual
 * rules of @succ/engine that a task of the level is about. The generator requires some of them to
 * change each task's answer (`levelRulesMatter`, which can only name rules of this table) and
 * `succ stats` counts the tasks that none of them changes. Levels 1 and 2 have none.
 */
export const LEVEL_RULES = {
  1: [],
  2: [],
  3: ["exemption790G", "gift790G", "ageConditions790G", "recall", "lowerBands", "representation"],
  4: ["exemption790G", "gift790G", "ageConditions790G", "recall", "lowerBands", "representation", "usufruct669"],
  // Levels 5 and 6: the rules only the real law has (a test checks they are the engine's cgi-only
  // rules); each task needs some of them to change its answer (MIN_CGI_RULES in pipeline.ts).
  5: CGI_ONLY,
  6: CGI_ONLY,
  // Level 7 is about the civil devolution: its common mistakes are the generator's
  // counterfactuals (level7/mistakes.ts, MISTAKES), not rules the engine can switch off.
  7: [],
} as const satisfies Record<Level, readonly Rule[]>;

/** A rule of level `L`. */
export type LevelRule<L extends Level> = (typeof LEVEL_RULES)[L][number];

export const VARIANTS = {
  1: ["only-child-estate", "gift-full-ownership"],
  2: ["spouse-children", "children-legatees", "siblings-legatees"],
  3: ["gift-790g", "estate-recall"],
  4: ["bare-ownership-gift", "spouse-usufruct-estate"],
  5: ["notary-estate", "notary-gift"],
  6: ["law-of-date-estate", "law-of-date-gift"],
  7: ["spouse-descendants", "descendants-will", "spouse-no-descendants", "parents-siblings", "branches"],
} as const satisfies Record<Level, readonly string[]>;

export type Variant = (typeof VARIANTS)[Level][number];

/** The variants of levels 5 and 6. */
export type CgiVariant = (typeof VARIANTS)[CgiLevel][number];

/**
 * Whole-number weights of the random draw of a variant (outside the first six tasks of the mix):
 * even at levels 1 and 2; gifts twice as often as estates at level 3 and 2.5 times at level 4.
 */
export const VARIANT_WEIGHTS: { [L in Level]: readonly (readonly [(typeof VARIANTS)[L][number], number])[] } = {
  1: [["only-child-estate", 1], ["gift-full-ownership", 1]],
  2: [["spouse-children", 1], ["children-legatees", 1], ["siblings-legatees", 1]],
  3: [["gift-790g", 2], ["estate-recall", 1]],
  4: [["bare-ownership-gift", 5], ["spouse-usufruct-estate", 2]],
  // Estates hold most of the real law's traps (life insurance, furniture, main residence, siblings).
  5: [["notary-estate", 2], ["notary-gift", 1]],
  6: [["law-of-date-estate", 2], ["law-of-date-gift", 1]],
  // The spouse with descendants is the notary's most common file.
  7: [["spouse-descendants", 3], ["descendants-will", 2], ["spouse-no-descendants", 2], ["parents-siblings", 2], ["branches", 1]],
};

/**
 * How a task's prompt gives the law: numbered rules with worked examples (levels 1-4), the
 * articles of the CGI with their amounts (level 5), none but "the law in force on the date"
 * (level 6); "fictional" for a task of `--fictional-law`, whose rules or articles state its own law.
 */
export type Presentation = "steps" | "articles" | "none" | "fictional";

/**
 * The specification of a level, the one place that says what it is: what it draws, the rule set its
 * dossiers are computed under, how its prompt presents the law, whether it takes a fictional
 * law, the rules its tasks are about and what its task line holds. The generator, the CLI's help
 * and checks, the server and the docs read it.
 */
export interface LevelSpec<L extends Level = Level> {
  level: L;
  /** What a task of the level is, in a few words (help texts, docs). */
  draws: string;
  /** The rule set of its dossiers (`"law"` of the dossier JSON). */
  ruleSet: RuleSet;
  /** Computed mode: the dossier states the family, the marriage and the will, and the engine computes the devolution (level 7). */
  civil: boolean;
  /** How its prompt presents the law (under the real law). */
  presentation: Exclude<Presentation, "fictional">;
  /**
   * Null when the level takes `--fictional-law` (its prompt states the law it applies); else why
   * not, as a clause that error messages quote.
   */
  noFictionalLaw: string | null;
  /** Its variants and the weights of their draw. */
  variants: (typeof VARIANT_WEIGHTS)[L];
  /** The rules its tasks are about ({@link LEVEL_RULES}). */
  rules: (typeof LEVEL_RULES)[L];
  /**
   * Whether the task line (and `info` when spread or written as JSON) holds `info.difficulty`.
   * Levels 1-4 keep the line they had before `difficulty` existed: there `info.difficulty` is
   * computed when first read and is not an own enumerable key.
   */
  difficultyInLine: boolean;
}

const NO_LAW_STATED = 'its prompt states no law, only "the law in force on the date"';

function spec<L extends Level>(level: L, draws: string, ruleSet: RuleSet, presentation: LevelSpec["presentation"], noFictionalLaw: string | null, civil = false): LevelSpec<L> {
  return { level, draws, ruleSet, civil, presentation, noFictionalLaw, variants: VARIANT_WEIGHTS[level], rules: LEVEL_RULES[level], difficultyInLine: ruleSet === "cgi" };
}

/** The levels, each written once. */
export const LEVEL_SPEC: { readonly [L in Level]: LevelSpec<L> } = {
  1: spec(1, "an only child's estate or a gift in full ownership, the numbered rules step by step", "seed", "steps", null),
  2: spec(2, "an estate with a spouse and children, children and legatees, or siblings and legatees", "seed", "steps", null),
  3: spec(3, "a cash gift of art. 790 G or an estate with earlier gifts recalled (art. 784), representation", "seed", "steps", null),
  4: spec(4, "a gift with reserved usufruct or an estate with the spouse's usufruct (art. 669)", "seed", "steps", null),
  5: spec(5, "the real law: a notary's file and the articles of the CGI with their amounts", "cgi", "articles", null),
  6: spec(6, "the real law: a notary's file and only \"the law in force on the date\"", "cgi", "none", NO_LAW_STATED),
  7: spec(7, "the civil devolution computed: the notary's whole file of an estate (family, marriage, will, deeds) and only \"the law in force on the date\"", "cgi", "none", NO_LAW_STATED, true),
};

/** The specification of a level. */
export function levelSpec<L extends Level>(level: L): LevelSpec<L> {
  return LEVEL_SPEC[level] as LevelSpec<L>;
}

/** Whether a set (0, the mix of levels 1-4, or one level) takes `--fictional-law`. */
export function takesFictionalLaw(set: 0 | Level): boolean {
  return set === 0 ? MIX_LEVELS.every((l) => LEVEL_SPEC[l].noFictionalLaw === null) : LEVEL_SPEC[set].noFictionalLaw === null;
}

/** The levels that take a fictional law, as "1 to 5" (help texts and error messages). */
export function fictionalLawLevels(): string {
  return rangeFr(LEVELS.filter((l) => LEVEL_SPEC[l].noFictionalLaw === null));
}

function rangeFr(levels: readonly Level[]): string {
  const contiguous = levels.every((l, i) => i === 0 || l === levels[i - 1]! + 1);
  return contiguous && levels.length > 2 ? `${levels[0]} to ${levels[levels.length - 1]}` : levels.join(", ");
}

/** The id of task `index` of a level: `succession-<level>-<index>`. */
export function taskId(level: Level, index: number): string {
  return `succession-${level}-${index}`;
}

const TASK_ID = /^succession-(\d{1,4})-(\d{1,16})$/;

/**
 * The level and index a task id names, or null when it is not an id {@link taskId} writes (a
 * level of the generator, an index that is a safe whole number, no leading zero).
 */
export function parseTaskId(id: string): { level: Level; index: number } | null {
  const m = TASK_ID.exec(id);
  if (m === null) return null;
  const level = Number(m[1]);
  const index = Number(m[2]);
  if (!LEVELS.includes(level as Level) || !Number.isSafeInteger(index) || taskId(level as Level, index) !== id) return null;
  return { level: level as Level, index };
}

/** The levels of the mix, in order. */
export const MIX_LEVELS: readonly MixLevel[] = [1, 2, 3, 4];

/** Levels of the mix cycle; the first eight tasks swap tasks 4 and 7 (still 100 a level in 400). */
const CYCLE: readonly MixLevel[] = [1, 4, 2, 3];
const FIRST_EIGHT: readonly MixLevel[] = [1, 4, 2, 3, 3, 4, 2, 1];

/** Level of task `index` of the mix (level option 0). */
export function mixLevel(index: number): MixLevel {
  return index < FIRST_EIGHT.length ? FIRST_EIGHT[index]! : CYCLE[index % CYCLE.length]!;
}

/** How a task of the first six of the mix is pinned down, beyond its variant. */
export type Shape = "default" | "eightBeneficiaries" | "withBequest" | "790GMatters" | "recallAndRepresentation";

/** The shapes of the first six tasks of the mix (beside {@link FIRST_SIX}). */
export const FIRST_SIX_SHAPES: readonly Shape[] = ["default", "eightBeneficiaries", "withBequest", "790GMatters", "recallAndRepresentation", "default"];

/**
 * The first six tasks of the mix (what a `-n 6` calibration run sees) have a fixed variant and,
 * for some, a fixed shape ({@link FIRST_SIX_SHAPES}).
 */
export const FIRST_SIX: readonly Variant[] = [
  "only-child-estate",
  "spouse-usufruct-estate",
  "spouse-children",
  "gift-790g",
  "estate-recall",
  "bare-ownership-gift",
];

/**
 * How many tasks the mix pins ({@link FIRST_SIX}): from this index on, task i of the mix is
 * task i of its level's set (the reward server relies on it to know which set a line is from).
 */
export const MIX_PINNED_TASKS: number = FIRST_SIX.length;
