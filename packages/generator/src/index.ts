/**
 * @succ/generator: deterministic French-language inheritance and gift tax tasks, with exact
 * gold answers from @succ/engine. Task `i` of a set depends only on (seed, i).
 *
 * What a consumer uses: drawing and writing tasks, the specification of the levels, the
 * fictional law of a task, the leak check and `succ stats`. The pipeline (pipeline.ts), the
 * guards, the drafts and the prompt texts are internal modules.
 */
export {
  GENERATOR_VERSION,
  TASKS_CHANGED_IN,
  taskVersion,
  fingerprint,
  generateTask,
  taskGold,
  generateTasks,
  MinRulesFilter,
  taskLine,
  type GenerateOptions,
  type Task,
  type TaskGold,
  type TaskOptions,
} from "./task.js";
export { fictionalLaw, fictionalLawSource, lawSourceOf } from "./fictional-law.js";
export {
  LEVELS,
  LEVEL_RULES,
  LEVEL_SPEC,
  VARIANTS,
  fictionalLawLevels,
  MIX_PINNED_TASKS,
  levelSpec,
  mixLevel,
  parseTaskId,
  takesFictionalLaw,
  taskId,
  type CgiLevel,
  type Level,
  type LevelRule,
  type LevelSpec,
  type MixLevel,
  type Presentation,
  type Variant,
} from "./levels.js";
export type { Difficulty } from "./difficulty.js";
export { seedCounterpart } from "./draft.js";
export { DECISION_FR, type Decision } from "./decisions.js";
export { numbersIn, leakedAmounts } from "./guards.js";
export { Sha256, sha256Hex } from "./sha256.js";
export {
  MISTAKE_ROWS,
  STILL_RIGHT_ROWS,
  realLawAnswer,
  taskSetStats,
  type LevelStats,
  type SetStats,
  type Spread,
  type CgiStats,
  type MistakeCount,
  type MistakeKey,
  type StillRightKey,
} from "./stats.js";
export { MISTAKES as CIVIL_MISTAKES, mistakesOf as civilMistakesOf, type CivilMistake, type MistakeSpec as CivilMistakeSpec } from "./level7/mistakes.js";
export type { CivilStats } from "./level7/stats.js";
