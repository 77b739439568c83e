import type { Answer, DevolutionJson, DossierInput } from "@succ/engine";
import type { Difficulty } from "./difficulty.js";
import { fictionalTaskLaw, REAL_LAW, type TaskLaw } from "./fictional-law.js";
import { FIRST_SIX, FIRST_SIX_SHAPES, LEVEL_SPEC, LEVELS, fictionalLawLevels, mixLevel, takesFictionalLaw, taskId, type Level, type Shape, type Variant } from "./levels.js";
import { draw, examineParts, type AcceptedParts, type Rejection } from "./pipeline.js";
import type { PromptParts } from "./guards.js";
import { joinPrompt } from "./prompt.js";
import { assertInteger, Rng } from "./random.js";
import { Sha256 } from "./sha256.js";

/** Version of the generation algorithm: a minor step whenever some tasks change (the newest of {@link TASKS_CHANGED_IN}). */
export const GENERATOR_VERSION = "0.3.0";

/**
 * The version written in each task (`info.generatorVersion`): the generator version in which the
 * tasks of its kind last changed, so that a set whose tasks did not change keeps its bytes and its
 * fingerprint. Levels 1-4 last changed in 0.2.0; level 7 was added in 0.3.0; levels 5-6 (the
 * real law's corrections of 0.3.0: premiums before 13/10/1998, the furniture, the matrimonial
 * regime, art. 800 I) and every task of a fictional law (its own ages of art. 790 G for earlier
 * gifts) in 0.3.0. A level added later gets its own entry (the type asks for one a level).
 */
export const TASKS_CHANGED_IN: { readonly levels: { readonly [L in Level]: string }; readonly fictional: string } = {
  levels: { 1: "0.2.0", 2: "0.2.0", 3: "0.2.0", 4: "0.2.0", 5: "0.3.0", 6: "0.3.0", 7: "0.3.0" },
  fictional: "0.3.0",
};

/** The version written in a task of `level`, under a fictional law or not. */
export function taskVersion(level: Level, fictional: boolean): string {
  return fictional ? TASKS_CHANGED_IN.fictional : TASKS_CHANGED_IN.levels[level];
}

export interface Task {
  id: string;
  level: Level;
  variant: Variant;
  prompt: string;
  answer: Answer;
  /**
   * `difficulty`: the rules that change the answer, the computation steps, the rule presentation;
   * the same at every level, read the same way (`task.info.difficulty`), computed once. Where the
   * level's specification says so (`LEVEL_SPEC[level].difficultyInLine`: levels 5-6) it is an own
   * enumerable key, written in the task line and in exports; at levels 1-4 it is computed when
   * first read and is not enumerable, so that the default set's lines and fingerprint stay as
   * they were.
   */
  info: {
    dossier: DossierInput;
    seed: number;
    index: number;
    generatorVersion: string;
    /**
     * Present (and true) only on a task of `--fictional-law`: its gold is computed under the
     * fictional law of (seed, index) that its prompt states (`lawSourceOf(info)` gives it).
     */
    fictionalLaw?: true;
    /** Level 7 only: the civil devolution the engine computed (`devolutionJson`: exact shares, masses, reductions, the option). */
    devolution?: DevolutionJson;
    difficulty: Difficulty;
  };
}

export interface GenerateOptions {
  /** Number of tasks (default 400). */
  n?: number;
  /** Seed of the set (default 0). */
  seed?: number;
  /** 0 for the mix of levels 1 to 4 (default), or a single level of {@link LEVELS}. */
  level?: 0 | Level;
  /** Index of the first task (default 0): task K is drawn without drawing 0..K−1. */
  offset?: number;
  /**
   * Keep only the tasks where at least this many rules change the answer (`info.difficulty.rules`;
   * default 0, every task). Task i still depends only on (seed, i): the filter skips tasks, and
   * the set holds the first `n` tasks from `offset` on that pass it.
   */
  minRules?: number;
  /**
   * Each task draws its own fictional law from (seed, index), states it in the prompt and
   * computes its gold with it (levels 1-5; default false). The dossiers are those drawn without
   * the option; the tasks keep their ids and carry `info.fictionalLaw: true`.
   */
  fictionalLaw?: boolean;
}

/** Draws beyond this many redraws mean a broken variant: fail loudly rather than loop. */
const MAX_DRAWS = 2_000;

/** Counts of redraws by reason, for tests and `succ stats` (not part of a task). */
export const redrawCounts = new Map<Rejection, number>();

const LEVEL_OPTIONS: readonly number[] = [0, ...LEVELS];
const LEVEL_ERROR = `level must be 0 (the mix of levels 1 to 4) or ${LEVELS[0]} to ${LEVELS[LEVELS.length - 1]}`;

/** Why a set cannot take a fictional law, or null when it can. */
function fictionalLawRefused(level: 0 | Level): string | null {
  return takesFictionalLaw(level) ? null : `fictionalLaw: level ${level} has no fictional law (${LEVEL_SPEC[level as Level].noFictionalLaw}); use levels ${fictionalLawLevels()} or the mix`;
}

/**
 * `info` of a task, the same at every level: `difficulty` is computed once, when first read, and
 * is an own enumerable key (in the task line, exports and spreads of `info`) where the level's
 * specification says so (levels 5-6, whose guards computed it already); at levels 1-4 it is computed by
 * counterfactuals through the engine when first read and left out of the line, so that the
 * default set's lines stay as they were.
 */
function taskInfo(level: Level, accepted: AcceptedParts, seed: number, index: number, taskLaw: TaskLaw): Task["info"] {
  const info = { dossier: accepted.dossier, seed, index, generatorVersion: taskVersion(level, taskLaw.fictional !== null) } as Task["info"];
  if (taskLaw.fictional !== null) info.fictionalLaw = true;
  if (accepted.devolution) info.devolution = accepted.devolution;
  if (LEVEL_SPEC[level].difficultyInLine) {
    info.difficulty = accepted.difficulty();
    if (accepted.civilMistakes) info.difficulty.civilMistakes = accepted.civilMistakes;
    return info;
  }
  Object.defineProperty(info, LAZY_DIFFICULTY, { value: { compute: accepted.difficulty, value: undefined } satisfies LazyDifficulty });
  Object.defineProperty(info, "difficulty", DIFFICULTY_ACCESSOR);
  return info;
}

/** How a task of levels 1-4 computes its difficulty when first read, and the value once read. */
interface LazyDifficulty {
  compute: () => Difficulty;
  value: Difficulty | undefined;
}
const LAZY_DIFFICULTY = Symbol("lazyDifficulty");

/**
 * The non-enumerable `difficulty` of `info` at levels 1-4: one getter for every task, reading the
 * task's own {@link LAZY_DIFFICULTY}. (A getter made for each task was kept by V8 in the hidden
 * class it gave `info`, outside the young generation: each task's dossier and computation then
 * survived the minor collections and were promoted, 19 % of all that the generator allocates.)
 */
const DIFFICULTY_ACCESSOR: PropertyDescriptor = {
  enumerable: false,
  get(this: Task["info"] & { [LAZY_DIFFICULTY]: LazyDifficulty }): Difficulty {
    const lazy = this[LAZY_DIFFICULTY];
    return (lazy.value ??= lazy.compute());
  },
};

/** The options of {@link generateTask} beyond (seed, index, level). */
export interface TaskOptions {
  /** The task's own fictional law (see {@link GenerateOptions.fictionalLaw}). */
  fictionalLaw?: boolean;
}

/** Task `index` of the set drawn from `seed`: depends on (seed, index, level) and the options only. */
export function generateTask(seed: number, index: number, level: 0 | Level = 0, opts: TaskOptions = {}): Task {
  const { lvl, variant, shape, taskLaw, rng } = taskDraw(seed, index, level, opts);
  const result = firstAccepted(() => examineParts(draw(rng, lvl, variant, shape), lvl, shape, taskLaw), variant, seed, index);
  const prompt = joinPrompt(result.parts);
  const task: Task = { id: taskId(lvl, index), level: lvl, variant, prompt, answer: result.answer, info: taskInfo(lvl, result, seed, index, taskLaw) };
  Object.defineProperty(task, PROMPT_PARTS, { value: { prompt, parts: result.parts } });
  return task;
}

/**
 * The parts a task's prompt was joined from, on the task under this symbol (not enumerable, so
 * in no line, spread or comparison of tasks): {@link taskLine} writes the prompt from them, the
 * law's text (the same for every task of a level, kind and law) escaped for JSON once instead of
 * in every line. Not a WeakMap keyed by the task: V8's minor collections keep the entries of a
 * WeakMap that lives in the old generation, so each task's parts outlived two of them and were
 * promoted (at level 5, 6.4 % of all the generator allocates against 3.5 % without).
 */
const PROMPT_PARTS = Symbol("promptParts");
type WithParts = Task & { [PROMPT_PARTS]?: { prompt: string; parts: PromptParts } };

/**
 * The rules texts and answer formats escaped for JSON (`JSON.stringify` without its quotes),
 * keyed by the text: a few of each under the real law (a format for each rule set, set of ids
 * and art. 990 I beneficiaries), hence the bound; a fictional law's are not kept.
 */
const escapedTexts = new Map<string, string>();
function escapedOf(text: string): string {
  let e = escapedTexts.get(text);
  if (e === undefined) {
    if (escapedTexts.size > 256) escapedTexts.clear();
    escapedTexts.set(text, (e = JSON.stringify(text).slice(1, -1)));
  }
  return e;
}

/**
 * `JSON.stringify(task.prompt)`, from the parts it was joined from when the task still holds
 * that prompt. The escaping of JSON maps each character on its own (quotes, backslashes,
 * control characters, lone surrogates), and the parts are joined at line breaks, so the escaped
 * parts joined with an escaped "\n\n" are the escaped prompt.
 */
function promptJson(task: Task): string {
  const known = (task as WithParts)[PROMPT_PARTS];
  if (known === undefined || known.prompt !== task.prompt) return JSON.stringify(task.prompt);
  const { dossier, rules, format, law, decisions } = known.parts;
  // A fictional law's rules and format are the task's own: nothing to share with another line.
  if (task.info.fictionalLaw === true) return JSON.stringify(task.prompt);
  // The law's text apart from the task's own decisions after it (levels 5-6): escaped once too.
  const escaped = law !== undefined && decisions !== undefined ? `${escapedOf(law)}\\n\\n${JSON.stringify(decisions).slice(1, -1)}` : escapedOf(rules);
  return `${JSON.stringify(dossier).slice(0, -1)}\\n\\n${escaped}\\n\\n${escapedOf(format)}"`;
}

/** The gold of a task: what a scorer needs of it (its id and answer). */
export interface TaskGold {
  id: string;
  answer: Answer;
}

/**
 * The id and gold answer of task `index` of the set drawn from `seed`, the same as
 * {@link generateTask}'s (the same draws and guards, hence the same accepted
 * draft), without what no guard decides: the prompt is not joined and the difficulty (the
 * counterfactuals of every rule, in the line of levels 5-6) is not computed. What `succ serve`
 * rebuilds for a request that names a task id.
 */
export function taskGold(seed: number, index: number, level: 0 | Level = 0, opts: TaskOptions = {}): TaskGold {
  const { lvl, variant, shape, taskLaw, rng } = taskDraw(seed, index, level, opts);
  const result = firstAccepted(() => examineParts(draw(rng, lvl, variant, shape), lvl, shape, taskLaw), variant, seed, index);
  return { id: taskId(lvl, index), answer: result.answer };
}

/** What task `index` is drawn from: its level, variant, shape, law and random stream (arguments checked). */
function taskDraw(seed: number, index: number, level: 0 | Level, opts: TaskOptions): { lvl: Level; variant: Variant; shape: Shape; taskLaw: TaskLaw; rng: Rng } {
  assertInteger("seed", seed);
  assertInteger("index", index, 0);
  if (!LEVEL_OPTIONS.includes(level)) throw new RangeError(`${LEVEL_ERROR}, got ${level}`);
  const refused = opts.fictionalLaw === true ? fictionalLawRefused(level) : null;
  if (refused !== null) throw new RangeError(refused);
  const lvl: Level = level === 0 ? mixLevel(index) : level;
  // The fictional law has its own random stream: the dossier's draws are those without it.
  const taskLaw: TaskLaw = opts.fictionalLaw === true ? fictionalTaskLaw(seed, index) : REAL_LAW;
  const rng = new Rng(seed, index);
  const pinned = level === 0 && index < FIRST_SIX.length;
  const variant = pinned ? FIRST_SIX[index]! : rng.weighted<Variant>(LEVEL_SPEC[lvl].variants);
  const shape: Shape = pinned ? FIRST_SIX_SHAPES[index]! : "default";
  return { lvl, variant, shape, taskLaw, rng };
}

/** Draws until a draft passes every guard (each redraw counted by its reason); fails loudly after MAX_DRAWS. */
function firstAccepted<A extends object>(attempt: () => A | Rejection, variant: Variant, seed: number, index: number): A {
  for (let i = 0; i < MAX_DRAWS; i++) {
    const result = attempt();
    if (typeof result !== "string") return result;
    redrawCounts.set(result, (redrawCounts.get(result) ?? 0) + 1);
  }
  throw new Error(`generator: no valid ${variant} dossier after ${MAX_DRAWS} draws (seed ${seed}, task ${index})`);
}

function options(o: GenerateOptions): Required<GenerateOptions> {
  const n = o.n ?? 400;
  const seed = o.seed ?? 0;
  const level = o.level ?? 0;
  const offset = o.offset ?? 0;
  const minRules = o.minRules ?? 0;
  const fictionalLaw = o.fictionalLaw ?? false;
  if (typeof fictionalLaw !== "boolean") throw new TypeError(`fictionalLaw must be true or false, got ${typeof fictionalLaw}`);
  assertInteger("n", n, 0);
  assertInteger("seed", seed);
  assertInteger("offset", offset, 0);
  assertInteger("minRules", minRules, 0);
  if (!LEVEL_OPTIONS.includes(level)) throw new RangeError(`${LEVEL_ERROR}, got ${level}`);
  const refused = fictionalLaw ? fictionalLawRefused(level) : null;
  if (refused !== null) throw new RangeError(refused);
  return { n, seed, level, offset, minRules, fictionalLaw };
}

/** With --min-rules, this many tasks in a row that fall short mean the filter asks too much. */
export const MAX_SKIPPED = 1_000;

/**
 * The tasks offset … offset + n − 1 of the set, lazily and in order; with `minRules`, the first
 * `n` tasks from `offset` on where at least that many rules change the answer.
 */
export function* generateTasks(opts: GenerateOptions = {}): Generator<Task> {
  const { n, seed, level, offset, minRules, fictionalLaw } = options(opts);
  const taskOpts: TaskOptions = fictionalLaw ? { fictionalLaw } : {};
  if (minRules === 0) {
    for (let i = 0; i < n; i++) yield generateTask(seed, offset + i, level, taskOpts);
    return;
  }
  const filter = new MinRulesFilter(n, minRules, level);
  for (let i = offset; !filter.done; i++) {
    const t = generateTask(seed, i, level, taskOpts);
    if (filter.keep(i, t.info.difficulty.rules.length)) yield t;
  }
}

/**
 * The `minRules` filter of {@link generateTasks}, fed the tasks in index order from the offset
 * (their number of rules that change the answer): which to keep, when the `n` are kept, and the
 * RangeError when {@link MAX_SKIPPED} in a row fall short. `succ generate --jobs` feeds it the
 * tasks its workers drew.
 */
export class MinRulesFilter {
  private kept = 0;
  private skipped = 0;

  constructor(
    private readonly n: number,
    private readonly minRules: number,
    private readonly level: 0 | Level,
  ) {}

  /** Whether the `n` tasks are kept. */
  get done(): boolean {
    return this.kept >= this.n;
  }

  /** Whether task `index`, where `rules` rules change the answer, is kept. */
  keep(index: number, rules: number): boolean {
    if (rules >= this.minRules) {
      this.kept++;
      this.skipped = 0;
      return true;
    }
    if (++this.skipped >= MAX_SKIPPED) {
      const set = this.level === 0 ? "the mix" : `level ${this.level}`;
      throw new RangeError(`minRules ${this.minRules}: no task of ${set} has that many rules that change the answer in ${MAX_SKIPPED} tasks in a row (from task ${index - MAX_SKIPPED + 1})`);
    }
    return false;
  }
}

/** The canonical JSONL line of a task (no newline): keys in a fixed order. */
export function taskLine(task: Task): string {
  const beneficiaires: Answer["beneficiaires"] = {};
  for (const [id, v] of Object.entries(task.answer.beneficiaires)) {
    beneficiaires[id] = v.prelevement_990I === undefined ? { part_taxable: v.part_taxable, droits: v.droits } : { part_taxable: v.part_taxable, droits: v.droits, prelevement_990I: v.prelevement_990I };
  }
  const { dossier, seed, index, generatorVersion, devolution } = task.info;
  // Only a fictional task carries `fictionalLaw`, only a level-7 task `devolution` (the lines of every other set are unchanged).
  const head = task.info.fictionalLaw === true ? { dossier, seed, index, generatorVersion, fictionalLaw: true } : devolution !== undefined ? { dossier, seed, index, generatorVersion, devolution } : { dossier, seed, index, generatorVersion };
  // Levels 1-4 keep the line they had before `difficulty` existed (the default set is unchanged).
  const info = LEVEL_SPEC[task.level].difficultyInLine ? { ...head, difficulty: task.info.difficulty } : head;
  const answer = { beneficiaires, total_droits: task.answer.total_droits };
  // A task built by hand with a key missing or of another type: JSON.stringify decides what it writes.
  if (typeof task.id !== "string" || typeof task.level !== "number" || typeof task.variant !== "string" || typeof task.prompt !== "string") {
    return JSON.stringify({ id: task.id, level: task.level, variant: task.variant, prompt: task.prompt, answer, info });
  }
  // JSON.stringify of { id, level, variant, prompt, answer, info }, the prompt written by promptJson.
  return `{"id":${JSON.stringify(task.id)},"level":${JSON.stringify(task.level)},"variant":${JSON.stringify(task.variant)},"prompt":${promptJson(task)},"answer":${JSON.stringify(answer)},"info":${JSON.stringify(info)}}`;
}

/** SHA-256 (hex) of the set's lines, each followed by "\n": the same on every machine and run. */
export function fingerprint(opts: GenerateOptions = {}): string {
  const h = new Sha256();
  for (const t of generateTasks(opts)) h.update(`${taskLine(t)}\n`);
  return h.hex();
}
