import { ageOn, compute, formatDate, isDossierError, netEstateOf, readDossier, sameAnswer, type Answer, type Dossier, type DossierInput, type Rule } from "@succ/engine";
import { DATED_LAW, type Law, type LawSource } from "@succ/rules";
import { MAX_DAY, sameMonthDay } from "./dates.js";
import { toDossier, type Draft } from "./draft.js";
import { childrenLegatees, estateRecall, onlyChildEstate, siblingsLegatees, spouseChildren, spouseUsufructEstate } from "./estates.js";
import { bareOwnershipGift, gift790G, giftFullOwnership } from "./gifts.js";
import { answerAmounts, holdsAny, leakedAmounts, rulesNumbers } from "./guards.js";
import { fictionalTaskLaw, REAL_LAW, type TaskLaw } from "./fictional-law.js";
import { openRowAge } from "./law.js";
import { FIRST_SIX, isCgiLevel, mixLevel, VARIANT_WEIGHTS, type CgiLevel, type CgiVariant, type Level, type LevelRule, type Variant } from "./levels.js";
import { difficultyOf, drawCgi, examineCgi, type CgiRejection, type Difficulty, type SharedGuards } from "./cgi-task.js";
import { exemptPriorOutsideAges, exemptPriorOverCeiling, implausibleParenthood } from "./plausible.js";
import { joinPrompt, promptParts } from "./prompt.js";
import { assertInteger, Rng } from "./random.js";
import { Sha256 } from "./sha256.js";

export const GENERATOR_VERSION = "0.2.0";

export interface Task {
  id: string;
  level: Level;
  variant: Variant;
  prompt: string;
  answer: Answer;
  /**
   * `difficulty`: the rules that change the answer, the computation steps, the rule presentation.
   * At levels 5-6 it is written in the task line; at levels 1-4 it is computed when first read
   * and left out of the line (the default set's lines and fingerprint stay as they were).
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
    difficulty: Difficulty;
  };
}

export interface GenerateOptions {
  /** Number of tasks (default 400). */
  n?: number;
  /** Seed of the set (default 0). */
  seed?: number;
  /** 0 for the mix of levels 1 to 4 (default), or a single level 1 to 6. */
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

/** How a task of the first six of the mix is pinned down, beyond its variant. */
type Shape = "default" | "eightBeneficiaries" | "withBequest" | "790GMatters" | "recallAndRepresentation";

const FIRST_SIX_SHAPES: readonly Shape[] = ["default", "eightBeneficiaries", "withBequest", "790GMatters", "recallAndRepresentation", "default"];

function draw(rng: Rng, variant: Exclude<Variant, CgiVariant>, shape: Shape): Draft {
  switch (variant) {
    case "only-child-estate":
      return onlyChildEstate(rng);
    case "gift-full-ownership":
      return giftFullOwnership(rng);
    case "spouse-children":
      return spouseChildren(rng, shape === "withBequest" ? 1 : 0);
    case "children-legatees":
      return childrenLegatees(rng);
    case "siblings-legatees":
      return siblingsLegatees(rng);
    case "gift-790g":
      return gift790G(rng, shape === "790GMatters");
    case "estate-recall":
      return estateRecall(rng, shape === "recallAndRepresentation");
    case "bare-ownership-gift":
      return bareOwnershipGift(rng);
    case "spouse-usufruct-estate":
      return spouseUsufructEstate(rng, shape === "eightBeneficiaries" ? 8 : undefined);
  }
}

/** Why a draft is redrawn (kept as names for tests and for counting). */
export type Rejection =
  | "dates"
  | "family"
  | "ceiling790G"
  | "usufructuary91"
  | "noTax"
  | "zeroButOne"
  | "residueShortcut"
  | "residueInsensitive"
  | "levelRule"
  | "amountInPrompt"
  | "lawRefuses"
  | CgiRejection;

/**
 * Rule (a) of the seed: two or more taxable beneficiaries, but fewer than two owe tax. Made a
 * little stricter: any dossier with two or more beneficiaries needs two who owe tax, so that
 * "one beneficiary's exact values and 0 for the others" is never the answer, even beside an
 * exempt spouse.
 */
export function zeroButOne(dossier: Dossier, answer: Answer): boolean {
  if (dossier.beneficiaries.length < 2) return false;
  return dossier.beneficiaries.filter((b) => answer.beneficiaires[b.id]!.droits > 0).length < 2;
}

/** The residue heirs of an estate who are not exempt (the spouse and the PACS partner are, art. 796-0 bis). */
function residueHeirs(dossier: Dossier, source: LawSource): string[] {
  if (dossier.kind !== "estate") return [];
  const exempt = lawFrom(source, dossier).exemptions.spouseEstate;
  return dossier.residue.map((s) => s.beneficiary).filter((id) => !exempt.includes(dossier.beneficiaries.find((b) => b.id === id)!.relationship));
}

/** Rule (b), first half: tax is due but no residue heir has both a taxable share and tax. */
export function residueShortcut(dossier: Dossier, answer: Answer, source: LawSource = DATED_LAW): boolean {
  if (dossier.kind !== "estate" || dossier.residue.length === 0) return false;
  return answer.total_droits > 0 && !residueHeirs(dossier, source).some((id) => answer.beneficiaires[id]!.part_taxable > 0 && answer.beneficiaires[id]!.droits > 0);
}

/** The law of a dossier's act from a source (the dated tables, or a task's fictional law). */
function lawFrom(source: LawSource, dossier: Dossier): Law {
  return source.on(formatDate(dossier.date));
}

/**
 * The estate with a net estate 10 % larger, as the check of rule (b) needs: an extra asset of a
 * tenth of the net estate (the engine's, under the law of the date of death from `source`),
 * rounded up to the cent, written as a decimal string.
 */
export function grownEstate(input: DossierInput, dossier: Dossier = readDossier(input), source: LawSource = DATED_LAW): DossierInput {
  if (dossier.kind !== "estate") throw new TypeError("grownEstate: not an estate");
  // A tenth of the net estate, in cents: net × 100 / 10, rounded up.
  const tenth = netEstateOf(dossier, lawFrom(source, dossier)).netEstate.mul(10).ceil();
  const cents = tenth.s * tenth.n;
  const value = `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`;
  return { ...input, assets: [...(input.assets ?? []), { label: "Actif supplémentaire", value }] };
}

/** Rule (b), second half: the residue heirs' values do not move when the net estate grows by 10 %. */
export function residueInsensitive(dossier: Dossier, input: DossierInput, answer: Answer, source: LawSource = DATED_LAW): boolean {
  if (dossier.kind !== "estate" || dossier.residue.length === 0) return false;
  const grown = compute(readDossier(grownEstate(input, dossier, source)), { law: source }).answer;
  return residueHeirs(dossier, source).every((id) => {
    const a = answer.beneficiaires[id]!;
    const b = grown.beneficiaires[id]!;
    return a.part_taxable === b.part_taxable && a.droits === b.droits;
  });
}

/** Whether ignoring `rule` changes the answer (counterfactual through the engine, under the law of `source`). */
export function ruleMatters(dossier: Dossier, answer: Answer, rule: Rule, source: LawSource = DATED_LAW): boolean {
  return !sameAnswer(compute(dossier, { ignore: [rule], law: source }).answer, answer);
}

/**
 * The combination of the level's rules (`LEVEL_RULES`) that must change the answer (seed's
 * `niveau_utile`). Each level's test can only name rules of its own level.
 */
export function levelRulesMatter(dossier: Dossier, answer: Answer, level: Level, shape: Shape = "default", source: LawSource = DATED_LAW): boolean {
  if (level === 3) {
    const m = (rule: LevelRule<3>): boolean => ruleMatters(dossier, answer, rule, source);
    if (dossier.kind === "gift") {
      if (shape === "790GMatters") return m("exemption790G");
      // The age conditions count through the donor's age (a donor too old for art. 790 G).
      const donorAge = ageOn(dossier.person.birthDate, dossier.date);
      return m("exemption790G") || (donorAge >= lawFrom(source, dossier).cashGift790G.donorAgeBelow && m("ageConditions790G"));
    }
    if (shape === "recallAndRepresentation") return m("recall") && m("representation");
    return m("recall") || m("representation") || m("gift790G");
  }
  if (level === 4) {
    const m = (rule: LevelRule<4>): boolean => ruleMatters(dossier, answer, rule, source);
    if (dossier.kind === "gift") return m("usufruct669") && m("exemption790G") && m("recall");
    return dossier.bequests.length > 0 && m("usufruct669") && m("recall") && (m("representation") || m("gift790G"));
  }
  return true;
}

function datesOk(d: Draft): boolean {
  const people = [d.subject.birth, ...d.beneficiaries.map((b) => b.birth), ...(d.kind === "estate" ? d.predeceased.map((p) => p.birth) : [])];
  if (people.some((b) => sameMonthDay(b, d.date))) return false;
  const all = [d.date, ...people, ...d.priorGifts.map((g) => g.date), ...(d.kind === "estate" ? d.predeceased.map((p) => p.death) : [])];
  return all.every((x) => x.d <= MAX_DAY);
}

function usufructuaryAge(d: Draft): number | null {
  if (d.kind === "estate") {
    if (d.spouseUsufruct === null) return null;
    return ageOn(d.beneficiaries.find((b) => b.id === d.spouseUsufruct)!.birth, d.date);
  }
  return d.gifts.some((g) => g.reservedUsufruct) ? ageOn(d.subject.birth, d.date) : null;
}


interface Accepted {
  dossier: DossierInput;
  answer: Answer;
  prompt: string;
}

/**
 * The answer of a dossier under a law source, or null when the engine refuses the dossier under
 * it (a fictional law may put a prior 790 G gift above its own ceiling): a redraw, never an error.
 */
function computeUnder(dossier: Dossier, source: LawSource): ReturnType<typeof compute> | null {
  try {
    return compute(dossier, { law: source });
  } catch (e) {
    if (isDossierError(e)) return null;
    throw e;
  }
}

/** Checks a draft against every guard; the first failed guard's name, or the accepted task. */
export function examine(d: Draft, level: Level, shape: Shape = "default", taskLaw: TaskLaw = REAL_LAW): Accepted | Rejection {
  if (!datesOk(d)) return "dates";
  const { source, fictional } = taskLaw;
  const day = formatDate(d.date);
  const law: Law = source.on(day);
  if (implausibleParenthood(d.parents) !== null) return "family";
  if (exemptPriorOverCeiling(d.priorGifts, law) !== null) return "ceiling790G";
  // Under a fictional law the dossier stays one the real law accepts too (so that its real-law
  // answer, what a model answering from memory finds, exists).
  if (fictional !== null && exemptPriorOverCeiling(d.priorGifts, DATED_LAW.on(day)) !== null) return "ceiling790G";
  // A fictional law's own ages of art. 790 G: a prior gift listed as exempt must meet them too.
  if (fictional !== null && exemptPriorOutsideAges(d.priorGifts, d.subject.birth, new Map(d.beneficiaries.map((x) => [x.id, x.birth])), law) !== null) return "ceiling790G";
  if (usufructuaryAge(d) === openRowAge(law)) return "usufructuary91";
  const input = toDossier(d);
  const dossier = readDossier(input);
  const result = computeUnder(dossier, source);
  if (result === null) return "lawRefuses";
  const answer = result.answer;
  if (answer.total_droits <= 0) return "noTax";
  if (zeroButOne(dossier, answer)) return "zeroButOne";
  if (residueShortcut(dossier, answer, source)) return "residueShortcut";
  if (!levelRulesMatter(dossier, answer, level, shape, source)) return "levelRule";
  if (residueInsensitive(dossier, input, answer, source)) return "residueInsensitive";
  const parts = promptParts(d, level, fictional);
  if (fictional === null) {
    if (leakedAmounts(`${parts.dossier}\n${parts.format}`, answer, rulesNumbers(parts.rules)).length > 0) return "amountInPrompt";
  } else if (leakedAmounts(`${parts.dossier}\n${parts.format}`, answer).length > 0 || holdsAny(parts.rules, answerAmounts(answer))) {
    // A fictional law's rules are the task's own: searched once, without a set of their numbers.
    return "amountInPrompt";
  }
  return { dossier: input, answer, prompt: joinPrompt(parts) };
}

/** Draws beyond this many redraws mean a broken variant: fail loudly rather than loop. */
const MAX_DRAWS = 2_000;

/** Counts of redraws by reason, for tests and `succ stats` (not part of a task). */
export const redrawCounts = new Map<Rejection, number>();

const LEVEL_OPTIONS: readonly number[] = [0, 1, 2, 3, 4, 5, 6];
const LEVEL_ERROR = "level must be 0 (the mix of levels 1 to 4) or 1 to 6";

const FICTIONAL_LEVEL_6 = "fictionalLaw: level 6 states no law in its prompt (only \"the law in force on the date\"), so it has no fictional law; use levels 1 to 5 or the mix";

/** The guards of levels 1-4 that levels 5-6 share. */
const SHARED: SharedGuards = { zeroButOne, residueShortcut, residueInsensitive, joinPrompt };

/**
 * `info` of a task of levels 1-4: its difficulty is computed when first read (counterfactuals
 * through the engine), and it is not enumerable, so that the task line, exports and spreads of
 * `info` stay as they were.
 */
function seedInfo(dossier: DossierInput, seed: number, index: number, taskLaw: TaskLaw): Task["info"] {
  const info = { dossier, seed, index, generatorVersion: GENERATOR_VERSION } as Task["info"];
  if (taskLaw.fictional !== null) info.fictionalLaw = true;
  let difficulty: Difficulty | undefined;
  Object.defineProperty(info, "difficulty", {
    enumerable: false,
    get(): Difficulty {
      if (difficulty === undefined) {
        const d = readDossier(dossier);
        difficulty = difficultyOf(d, compute(d, { law: taskLaw.source }), taskLaw.fictional === null ? "steps" : "fictional", undefined, taskLaw.source);
      }
      return difficulty;
    },
  });
  return info;
}

/** The options of {@link generateTask} beyond (seed, index, level). */
export interface TaskOptions {
  /** The task's own fictional law (see {@link GenerateOptions.fictionalLaw}). */
  fictionalLaw?: boolean;
}

/** Task `index` of the set drawn from `seed`: depends on (seed, index, level) and the options only. */
export function generateTask(seed: number, index: number, level: 0 | Level = 0, opts: TaskOptions = {}): Task {
  assertInteger("seed", seed);
  assertInteger("index", index, 0);
  if (!LEVEL_OPTIONS.includes(level)) throw new RangeError(`${LEVEL_ERROR}, got ${level}`);
  if (opts.fictionalLaw === true && level === 6) throw new RangeError(FICTIONAL_LEVEL_6);
  const lvl: Level = level === 0 ? mixLevel(index) : level;
  // The fictional law has its own random stream: the dossier's draws are those without it.
  const taskLaw: TaskLaw = opts.fictionalLaw === true ? fictionalTaskLaw(seed, index) : REAL_LAW;
  const rng = new Rng(seed, index);
  if (isCgiLevel(lvl)) return cgiTask(rng, seed, index, lvl, taskLaw);
  const pinned = level === 0 && index < FIRST_SIX.length;
  const variant = (pinned ? FIRST_SIX[index]! : rng.weighted<Variant>(VARIANT_WEIGHTS[lvl])) as Exclude<Variant, CgiVariant>;
  const shape: Shape = pinned ? FIRST_SIX_SHAPES[index]! : "default";
  const result = firstAccepted(() => examine(draw(rng, variant, shape), lvl, shape, taskLaw), variant, seed, index);
  return { id: `succession-${lvl}-${index}`, level: lvl, variant, prompt: result.prompt, answer: result.answer, info: seedInfo(result.dossier, seed, index, taskLaw) };
}

/** A task of level 5 or 6 (cgi-task.ts). */
function cgiTask(rng: Rng, seed: number, index: number, level: CgiLevel, taskLaw: TaskLaw): Task {
  const variant = rng.weighted<Variant>(VARIANT_WEIGHTS[level]);
  const result = firstAccepted(() => examineCgi(drawCgi(rng, level, variant), level, SHARED, taskLaw), variant, seed, index);
  const info: Task["info"] = { dossier: result.dossier, seed, index, generatorVersion: GENERATOR_VERSION, difficulty: result.difficulty };
  if (taskLaw.fictional !== null) info.fictionalLaw = true;
  return { id: `succession-${level}-${index}`, level, variant, prompt: result.prompt, answer: result.answer, info };
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
  if (fictionalLaw && level === 6) throw new RangeError(FICTIONAL_LEVEL_6);
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
  let skipped = 0;
  for (let i = offset, kept = 0; kept < n; i++) {
    const t = generateTask(seed, i, level, taskOpts);
    if (t.info.difficulty.rules.length >= minRules) {
      kept++;
      skipped = 0;
      yield t;
    } else if (++skipped >= MAX_SKIPPED) {
      throw new RangeError(`minRules ${minRules}: no task of ${level === 0 ? "the mix" : `level ${level}`} has that many rules that change the answer in ${MAX_SKIPPED} tasks in a row (from task ${i - MAX_SKIPPED + 1})`);
    }
  }
}

/** The canonical JSONL line of a task (no newline): keys in a fixed order. */
export function taskLine(task: Task): string {
  const beneficiaires: Answer["beneficiaires"] = {};
  for (const [id, v] of Object.entries(task.answer.beneficiaires)) {
    beneficiaires[id] = v.prelevement_990I === undefined ? { part_taxable: v.part_taxable, droits: v.droits } : { part_taxable: v.part_taxable, droits: v.droits, prelevement_990I: v.prelevement_990I };
  }
  const { dossier, seed, index, generatorVersion } = task.info;
  // Only a fictional task carries `fictionalLaw` (the lines of every other set are unchanged).
  const head = task.info.fictionalLaw === true ? { dossier, seed, index, generatorVersion, fictionalLaw: true } : { dossier, seed, index, generatorVersion };
  // Levels 1-4 keep the line they had before `difficulty` existed (the default set is unchanged).
  const info = isCgiLevel(task.level) ? { ...head, difficulty: task.info.difficulty } : head;
  return JSON.stringify({
    id: task.id,
    level: task.level,
    variant: task.variant,
    prompt: task.prompt,
    answer: { beneficiaires, total_droits: task.answer.total_droits },
    info,
  });
}

/** SHA-256 (hex) of the set's lines, each followed by "\n": the same on every machine and run. */
export function fingerprint(opts: GenerateOptions = {}): string {
  const h = new Sha256();
  for (const t of generateTasks(opts)) h.update(`${taskLine(t)}\n`);
  return h.hex();
}
