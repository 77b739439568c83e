/**
 * @succ/generator: deterministic French-language inheritance and gift tax tasks, with exact
 * gold answers from @succ/engine. Task `i` of a set depends only on (seed, i).
 */
export {
  GENERATOR_VERSION,
  fingerprint,
  generateTask,
  generateTasks,
  taskLine,
  type GenerateOptions,
  type Task,
} from "./task.js";
export { LEVELS, LEVEL_RULES, VARIANTS, VARIANT_WEIGHTS, mixLevel, type Level, type LevelRule, type Variant } from "./levels.js";
export { numbersIn, leakedAmounts } from "./guards.js";
export { Sha256, sha256Hex } from "./sha256.js";
export {
  STILL_RIGHT_ROWS,
  taskSetStats,
  type LevelStats,
  type SetStats,
  type Spread,
  type StillRightKey,
} from "./stats.js";
