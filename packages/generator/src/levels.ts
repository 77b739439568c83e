import type { Rule } from "@succ/engine";

/**
 * The levels of the task set and their variants: levels 1-4 of the seed ("Tasks and difficulty"),
 * whose prompts state simplified rules step by step; level 5, the real law as a notary's file
 * with the articles; level 6, the same kind of file and only "the law in force on the date".
 */

export type Level = 1 | 2 | 3 | 4 | 5 | 6;
export const LEVELS: readonly Level[] = [1, 2, 3, 4, 5, 6];

/** The levels of the seed's mix (`level` 0): the default set never holds levels 5 and 6. */
export type MixLevel = 1 | 2 | 3 | 4;

/** The levels whose dossiers are computed under the real law (`"law": "cgi"`). */
export type CgiLevel = 5 | 6;

export function isCgiLevel(level: Level): level is CgiLevel {
  return level === 5 || level === 6;
}

/** The rules only the real law has, in the engine's order: what a model trained on levels 1-4 gets wrong. */
const CGI_ONLY = [
  "funeralFlat",
  "nephew790G",
  "allowancesUsed",
  "defaultAllowanceAlone",
  "smallEstate",
  "siblingExemption",
  "mainResidence764bis",
  "furniture764",
  "levy990I",
  "levyExemption990I",
  "premiums757B",
  "allowance757BShared",
  "housing790ABis",
] as const;

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
  // rules); each task needs some of them to change its answer (MIN_CGI_RULES in cgi-task.ts).
  5: CGI_ONLY,
  6: CGI_ONLY,
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
};

/** Levels of the mix cycle; the first eight tasks swap tasks 4 and 7 (still 100 a level in 400). */
const CYCLE: readonly MixLevel[] = [1, 4, 2, 3];
const FIRST_EIGHT: readonly MixLevel[] = [1, 4, 2, 3, 3, 4, 2, 1];

/** Level of task `index` of the mix (level option 0). */
export function mixLevel(index: number): MixLevel {
  return index < FIRST_EIGHT.length ? FIRST_EIGHT[index]! : CYCLE[index % CYCLE.length]!;
}

/**
 * The first six tasks of the mix (what a `-n 6` calibration run sees) have a fixed variant and,
 * for some, a fixed shape (`FIRST_SIX_SHAPES` in task.ts).
 */
export const FIRST_SIX: readonly Variant[] = [
  "only-child-estate",
  "spouse-usufruct-estate",
  "spouse-children",
  "gift-790g",
  "estate-recall",
  "bare-ownership-gift",
];
