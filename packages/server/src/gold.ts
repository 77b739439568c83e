/**
 * Gold answers rebuilt from a task's id and seed, so that a trainer never ships them around: a
 * task depends only on (seed, index, set), and the id names the level and the index.
 */
import { GENERATOR_VERSION, LEVEL_SPEC, LEVELS, MIX_PINNED_TASKS, mixLevel, parseTaskId, taskGold, taskId, taskVersion, type Level } from "@succ/generator";
import { checkExpected, prepareExpected, PreparedExpected, ScoringError, type ExpectedAnswer } from "@succ/scoring";
import { badRequest, isRecord, kindOf, RequestError, ServeError } from "./errors.js";
import { hasDuplicateKey, refuseDuplicateKeys } from "./json.js";

/**
 * A task set by the `--level` of `succ generate` that draws it: 0 = the mix of levels (the
 * default), or one level's set. On the wire it is named: "mix", "level-1", "level-2", … (a task
 * of the mix has its own level, 1 to 4, but belongs to the set "mix").
 */
export type SetLevel = 0 | Level;

/** The name of a set in requests and datasets: "mix" or "level-<L>". */
export function setName(set: SetLevel): string {
  return set === 0 ? "mix" : `level-${set}`;
}

/**
 * What changes a task set beyond its seed and level: `fictionalLaw` (`succ generate
 * --fictional-law`: each task's own fictional law, which its gold is computed with). A set
 * option has its key in SET_OPTION_KEYS, its check in readSetOptions and its use in
 * GoldCache.build; every option is part of the cache key.
 */
export interface SetOptions {
  fictionalLaw?: boolean;
}

export const SET_OPTION_KEYS: readonly string[] = ["fictionalLaw"];

/** One task of one set: what the gold answer depends on, and nothing else. */
export interface TaskRef {
  id: string;
  seed: number;
  /** The set the task belongs to (0 = the mix). */
  set: SetLevel;
  /** The level and index the id names. */
  level: Level;
  index: number;
  options: SetOptions;
}

/** The set a reference falls back to when it names no seed or set (`succ serve --seed/--level`). */
export interface SetDefaults {
  seed: number;
  set: SetLevel;
}

function describeSet(set: SetLevel): string {
  return set === 0 ? "the mix of levels" : `the level-${set} set`;
}

export function readSeed(value: unknown, where: string): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw badRequest(`${where}: expected a whole number from 0 to ${Number.MAX_SAFE_INTEGER}, got ${describe(value)}`);
  }
  return value;
}

/** "mix" or "level-<L>" for a level L of the generator. */
export function readSetName(value: unknown, where: string): SetLevel {
  if (value === "mix") return 0;
  const level = LEVELS.find((l) => value === `level-${l}`);
  if (level !== undefined) return level;
  const names = ["mix", ...LEVELS.map((l) => `level-${l}`)].map((n) => `"${n}"`).join(", ");
  throw badRequest(`${where}: expected ${names}, got ${describe(value)}`);
}

/**
 * The set options of a request: an object such as {"fictionalLaw": true}, or the same as JSON
 * text (as the `options` column of an hf or verl export holds it). Absent or false: the real law.
 */
export function readSetOptions(value: unknown, where: string): SetOptions {
  if (value === undefined) return {};
  let options = value;
  if (typeof value === "string") {
    try {
      options = JSON.parse(value);
    } catch {
      throw badRequest(`${where}: expected an object such as {"fictionalLaw": true}, or its JSON text; got a string that is not JSON`);
    }
    refuseDuplicateKeys(value, where);
  }
  if (!isRecord(options)) throw badRequest(`${where}: expected an object, got ${kindOf(options)}`);
  for (const key of Object.keys(options)) {
    if (!SET_OPTION_KEYS.includes(key)) throw badRequest(`${where}: unknown option ${JSON.stringify(key.slice(0, 64))} (expected ${SET_OPTION_KEYS.map((k) => `"${k}"`).join(", ")})`);
  }
  const f = options.fictionalLaw;
  if (f !== undefined && typeof f !== "boolean") throw badRequest(`${where}.fictionalLaw: expected true or false, got ${kindOf(f)}`);
  return f === true ? { fictionalLaw: true } : {};
}

function describe(value: unknown): string {
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return kindOf(value);
}

/**
 * Reads a task id of `set`: `succession-<level>-<index>`, written as `succ generate` writes it
 * (no leading zero), whose task exists in that set. In the mix, task i has level mixLevel(i);
 * a single-level set has only its own level.
 */
export function readTaskRef(id: unknown, seed: number, set: SetLevel, options: SetOptions, where: string): TaskRef {
  if (typeof id !== "string") throw badRequest(`${where}: expected a task id such as "succession-3-17", got ${kindOf(id)}`);
  const parsed = parseTaskId(id);
  if (parsed === null) {
    throw badRequest(`${where}: unknown task id ${describe(id)} (expected "succession-<level>-<index>", level ${LEVELS.join(", ")})`);
  }
  const { level, index } = parsed;
  if (set === 0 && mixLevel(index) !== level) {
    throw badRequest(
      `${where}: unknown task id ${describe(id)} in ${describeSet(0)} (task ${index} of the mix is "${taskId(mixLevel(index), index)}"); for the level-${level} set, give "set": "level-${level}"`,
    );
  }
  if (set !== 0 && set !== level) {
    throw badRequest(`${where}: unknown task id ${describe(id)} in ${describeSet(set)} (its ids are "succession-${set}-<index>")`);
  }
  const noFictionalLaw = LEVEL_SPEC[level].noFictionalLaw;
  if (options.fictionalLaw === true && noFictionalLaw !== null) {
    throw badRequest(`${where}: ${describe(id)} is a level-${level} task, which has no fictional law (${noFictionalLaw}): drop options.fictionalLaw`);
  }
  return { id, seed, set, level, index, options };
}

/** The cache key of a task: everything its gold answer depends on. */
export function taskKey(ref: TaskRef): string {
  const options = SET_OPTION_KEYS.length === 0 ? "" : JSON.stringify(SET_OPTION_KEYS.map((k) => (ref.options as Record<string, unknown>)[k] ?? null));
  return `${ref.seed}:${ref.set}:${ref.index}${options}`;
}

// Task i of the mix is task i of its level's set from MIX_PINNED_TASKS on: the mix pins its first
// tasks to chosen variants (gold.test.ts checks both sides on three seeds). A task file's line of
// a lower index is compared with what the generator builds to know which set it is from.

function sameAnswer(a: ExpectedAnswer, b: ExpectedAnswer): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Gold answers read from task files as `succ generate` writes them (`succ serve --tasks`), so
 * that a task scored by id costs no rebuild from the first request. A line gives its id, its
 * answer and `info` (seed, index, generatorVersion, fictionalLaw); its golds are kept under the
 * keys of the sets it belongs to (its level's set, and the mix when the mix has that task).
 * They are taken as written: the generator version must be this server's, and only the lines
 * whose set the id leaves open (the pinned first tasks of the mix) are rebuilt to be told apart.
 */
/** A gold answer as received or rebuilt, and the same answer prepared for scoring (prepareExpected). */
interface Gold {
  answer: ExpectedAnswer;
  prepared: PreparedExpected;
}

export class PreloadedGolds {
  private readonly answers = new Map<string, ExpectedAnswer>();
  /** The same answers prepared, made the first time one is asked for. */
  private readonly golds = new Map<string, Gold>();
  /** Task lines read. */
  tasks = 0;

  /** Golds kept: one per set a task belongs to. */
  get size(): number {
    return this.answers.size;
  }

  get(key: string): ExpectedAnswer | undefined {
    return this.answers.get(key);
  }

  /** The answer of `key` with its prepared form, or undefined when no file gave it. */
  gold(key: string): Gold | undefined {
    let gold = this.golds.get(key);
    if (gold === undefined) {
      const answer = this.answers.get(key);
      if (answer === undefined) return undefined;
      gold = { answer, prepared: prepareExpected(answer) }; // checked when the line was read
      this.golds.set(key, gold);
    }
    return gold;
  }

  /** Reads one task line (parsed JSON); `where` names it in errors ("tasks.jsonl, line 3"). */
  add(line: unknown, where: string): void {
    const fail = (why: string): never => {
      throw new ServeError(`${where}: ${why}`);
    };
    if (!isRecord(line)) fail(`expected a task (a JSON object), got ${kindOf(line)}`);
    const task = line as Record<string, unknown>;
    const info = task.info;
    if (!isRecord(info)) fail('not a task of succ generate (no "info")');
    const { seed, index, generatorVersion, fictionalLaw } = info as Record<string, unknown>;
    if (fictionalLaw !== undefined && typeof fictionalLaw !== "boolean") fail(`info.fictionalLaw: expected true or false, got ${kindOf(fictionalLaw)}`);
    const level = LEVELS.find((l) => l === task.level);
    // Each task carries the version in which tasks of its kind last changed (levels 1-4 keep theirs).
    const version = level === undefined ? GENERATOR_VERSION : taskVersion(level, fictionalLaw === true);
    if (generatorVersion !== version) {
      fail(`written by generator ${describe(generatorVersion)}, this server rebuilds tasks with ${GENERATOR_VERSION} (tasks of this kind: ${version}): generate the file again`);
    }
    if (typeof seed !== "number" || !Number.isSafeInteger(seed) || seed < 0) fail(`info.seed: expected a whole number, got ${describe(seed)}`);
    if (level === undefined) fail(`level: expected ${LEVELS.join(", ")}, got ${describe(task.level)}`);
    const options: SetOptions = fictionalLaw === true ? { fictionalLaw: true } : {};
    let ref: TaskRef;
    try {
      ref = readTaskRef(task.id, seed as number, level!, options, "id");
    } catch (e) {
      if (e instanceof RequestError) fail(e.message);
      throw e;
    }
    if (ref!.index !== index) fail(`info.index is ${describe(index)}, the id ${ref!.id} says ${ref!.index}`);
    try {
      checkExpected(task.answer);
    } catch (e) {
      fail(`answer: not a gold answer: ${(e as Error).message}`);
    }
    const answer = task.answer as ExpectedAnswer;
    const inLevelSet = ref!;
    const inMix: TaskRef = { ...inLevelSet, set: 0 };
    const keys: string[] = [];
    if (mixLevel(inLevelSet.index) !== level) {
      keys.push(taskKey(inLevelSet));
    } else if (inLevelSet.index >= MIX_PINNED_TASKS) {
      keys.push(taskKey(inLevelSet), taskKey(inMix));
    } else {
      if (sameAnswer(answer, GoldCache.build(inLevelSet))) keys.push(taskKey(inLevelSet));
      if (sameAnswer(answer, GoldCache.build(inMix))) keys.push(taskKey(inMix));
      if (keys.length === 0) fail(`the answer of ${inLevelSet.id} (seed ${seed}) is neither the mix's nor the level-${level} set's: not a file of succ generate ${GENERATOR_VERSION}`);
    }
    for (const key of keys) {
      const known = this.answers.get(key);
      if (known !== undefined && !sameAnswer(known, answer)) fail(`${inLevelSet.id} (seed ${seed}) was given before with another answer`);
      this.answers.set(key, answer);
    }
    this.tasks++;
  }
}

/**
 * A bounded least-recently-used cache of gold answers (a Map keeps insertion order: a hit is
 * moved to the end, the first key is the oldest), in front of the preloaded ones if any. A miss
 * builds the task with the generator.
 */
export class GoldCache {
  private readonly answers = new Map<string, Gold>();
  hits = 0;
  misses = 0;

  constructor(
    readonly capacity: number,
    private readonly loaded: PreloadedGolds = new PreloadedGolds(),
  ) {
    if (!Number.isSafeInteger(capacity) || capacity < 1) throw new RangeError(`cache capacity must be a whole number ≥ 1, got ${capacity}`);
  }

  get size(): number {
    return this.answers.size;
  }

  /** Tasks whose golds were read from task files. */
  get preloaded(): number {
    return this.loaded.tasks;
  }

  get(ref: TaskRef): ExpectedAnswer {
    return this.lookup(ref).answer;
  }

  /** The gold of `ref` prepared for scoring (the same hit, miss and eviction as get). */
  prepared(ref: TaskRef): PreparedExpected {
    return this.lookup(ref).prepared;
  }

  private lookup(ref: TaskRef): Gold {
    const key = taskKey(ref);
    const loaded = this.loaded.gold(key);
    if (loaded !== undefined) {
      this.hits++;
      return loaded;
    }
    const cached = this.answers.get(key);
    if (cached !== undefined) {
      this.hits++;
      this.answers.delete(key);
      this.answers.set(key, cached);
      return cached;
    }
    this.misses++;
    const answer = GoldCache.build(ref);
    const gold = { answer, prepared: prepareExpected(answer) };
    this.answers.set(key, gold);
    if (this.answers.size > this.capacity) this.answers.delete(this.answers.keys().next().value!);
    return gold;
  }

  /** The gold answer of a task, from the generator. */
  static build(ref: TaskRef): ExpectedAnswer {
    // taskGold: the same draws and guards as generateTask, without the prompt text or the difficulty.
    const task = taskGold(ref.seed, ref.index, ref.set, ref.options.fictionalLaw === true ? { fictionalLaw: true } : {});
    // readTaskRef already checked the id against the set; this is the generator's own word.
    if (task.id !== ref.id) throw new Error(`generator: task ${ref.index} of ${describeSet(ref.set)} is ${task.id}, not ${ref.id}`);
    return task.answer;
  }
}

/**
 * Gold answers given in requests (`{"reply", "answer"}` items, OpenRLHF labels holding an answer),
 * kept prepared by content: a trainer sends a task's gold with each of its rollouts, each time as
 * a new object. `prepare(answer)` takes what JSON.parse made of a request (plain objects,
 * numbers: no getter, no prototype but Object's), gives what prepareExpected(answer) gives, and
 * throws as it does; for an answer equal to one kept (the same keys in the same order at every
 * level, the same numbers: what JSON.parse makes of the same text, whitespace and number spelling
 * aside) it gives that one's PreparedExpected again, with what a prepared gold builds for its
 * later replies (the gold block's text, the expression of its shape). Only answers that
 * prepareExpected accepts are kept, from the second time they are met. `prepareText(text)` does
 * the same for an answer given as JSON text (POST /score's items by answer, read from the body),
 * and keeps the text of each answer it keeps: the same text again is found by a lookup of the
 * text, without parsing it. Bounded: past `capacity` answers (and as many texts), the oldest are
 * dropped.
 */
export class AnswerCache {
  /** The answers kept, by a hash of their numbers (contentHash). */
  private readonly golds: Generations<Kept>;
  private readonly half: number;
  /** Hashes of answers met once and not kept, in two generations as well. */
  private seenNow = new Set<number>();
  private seenBefore = new Set<number>();
  /**
   * The texts of kept answers (prepareText), in generations of their own, by textHash (a sample
   * of their characters). A Map keyed by the text itself would hash every character of it for
   * each lookup (V8 keeps no hash for a slice of a body): some 2,600 instructions an item, where
   * the sample and a comparison cost about 1,100.
   */
  private readonly texts: Generations<KeptText>;
  hits = 0;
  misses = 0;

  constructor(readonly capacity: number) {
    if (!Number.isSafeInteger(capacity) || capacity < 1) throw new RangeError(`cache capacity must be a whole number ≥ 1, got ${capacity}`);
    this.half = Math.ceil(capacity / 2);
    this.golds = new Generations(this.half);
    this.texts = new Generations(this.half);
  }

  /** Answers kept (one kept in both generations counts twice): at most `capacity`. */
  get size(): number {
    return this.golds.size;
  }

  prepare(answer: unknown): PreparedExpected {
    const found = this.read(answer);
    return found instanceof PreparedExpected ? found : found.prepared;
  }

  /**
   * The prepared gold of an answer given as JSON text (a slice of a request's body, not read
   * yet), or null when the text is not valid JSON, gives a key twice, or is not an answer that
   * prepareExpected accepts: the caller then reads the request the general way, for its error.
   * A text met before, kept with its answer, is found without being parsed: the same text is
   * the same answer, and it was read, checked and found free of duplicate keys when kept.
   */
  prepareText(text: string): PreparedExpected | null {
    const hash = textHash(text);
    const recent = findText(this.texts.newer, hash, text);
    if (recent !== undefined) {
      this.hits++;
      return recent;
    }
    const older = findText(this.texts.older, hash, text);
    if (older !== undefined) {
      this.hits++;
      this.keepText(hash, text, older);
      return older;
    }
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      return null;
    }
    if (hasDuplicateKey(text, answer)) return null;
    let found: Kept | PreparedExpected;
    try {
      found = this.read(answer);
    } catch (e) {
      if (e instanceof ScoringError) return null;
      throw e;
    }
    if (found instanceof PreparedExpected) return found;
    this.keepText(hash, text, found.prepared); // kept by content (its second sighting or later): its text too
    return found.prepared;
  }

  /** The answer kept with `answer`'s content (a Kept), or `answer` prepared anew when none is (not kept, or kept now). */
  private read(answer: unknown): Kept | PreparedExpected {
    const hash = contentHash(answer);
    // for...in walks what Object.keys lists only when no key is inherited: Object.prototype's.
    const plain = noInheritedKeys();
    const recent = plain ? find(this.golds.newer, hash, answer) : undefined;
    if (recent !== undefined) {
      this.hits++;
      return recent;
    }
    const older = plain ? find(this.golds.older, hash, answer) : undefined;
    if (older !== undefined) {
      this.hits++;
      this.golds.keep(hash, older);
      return older;
    }
    this.misses++;
    const prepared = prepareExpected(answer as ExpectedAnswer); // throws for a malformed answer
    // Kept from its hash's second sighting on: an answer met once costs no memory (keeping
    // every answer of a stream of new ones made the collector copy each: 10.5 → 16.7 µs an item).
    if (this.seenNow.has(hash) || this.seenBefore.has(hash)) {
      const entry = kept(answer as ExpectedAnswer, prepared);
      this.golds.keep(hash, entry);
      return entry;
    }
    this.seenNow.add(hash);
    if (this.seenNow.size >= this.half) {
      this.seenBefore = this.seenNow;
      this.seenNow = new Set();
    }
    return prepared;
  }

  /**
   * Keeps a copy of `text` (a slice of a request's body would keep the whole body in memory):
   * through UTF-16 code units, the one encoding that gives any string back exactly.
   */
  private keepText(hash: number, text: string, prepared: PreparedExpected): void {
    this.texts.keep(hash, { text: Buffer.from(text, "utf16le").toString("utf16le"), prepared });
  }
}

/**
 * Entries by a hash in two generations, the entries of each hash newest last (at most
 * MAX_SAME_HASH): entries go into `newer`; when it holds `half` of them it becomes `older` (the
 * one before is dropped), and the caller keeps again in `newer` an entry it found in `older`. No
 * walk of a Map to find the oldest (V8 walks the deleted entries too).
 */
class Generations<T> {
  newer = new Map<number, T[]>();
  older = new Map<number, T[]>();
  private newerSize = 0;
  private olderSize = 0;

  constructor(private readonly half: number) {}

  /** Entries kept (one kept in both generations counts twice). */
  get size(): number {
    return this.newerSize + this.olderSize;
  }

  keep(hash: number, entry: T): void {
    const list = this.newer.get(hash);
    if (list === undefined) this.newer.set(hash, [entry]);
    else {
      list.push(entry);
      if (list.length > MAX_SAME_HASH) {
        list.shift();
        this.newerSize--;
      }
    }
    if (++this.newerSize >= this.half) {
      this.older = this.newer;
      this.olderSize = this.newerSize;
      this.newer = new Map();
      this.newerSize = 0;
    }
  }
}

/** An answer kept: its prepared gold, and its keys and numbers in the order it wrote them. */
interface Kept {
  prepared: PreparedExpected;
  root: readonly string[];
  total: number;
  ids: readonly string[];
  lineKeys: readonly (readonly string[])[];
  lineValues: readonly (readonly unknown[])[];
}

/** `answer`, which prepareExpected accepted, as the lists writesKept compares an answer with. */
function kept(answer: ExpectedAnswer, prepared: PreparedExpected): Kept {
  const ids = Object.keys(answer.beneficiaires);
  const lines = ids.map((id) => answer.beneficiaires[id] as unknown as Record<string, unknown>);
  const lineKeys = lines.map((line) => Object.keys(line));
  return { prepared, root: Object.keys(answer), total: answer.total_droits, ids, lineKeys, lineValues: lines.map((line, i) => lineKeys[i]!.map((key) => line[key])) };
}

/** Answers kept with one hash (equal hashes are rare but for equal answers), each compared in turn. */
const MAX_SAME_HASH = 4;

/** An answer's text kept (a copy, not a slice of a body) with its prepared gold. */
interface KeptText {
  text: string;
  prepared: PreparedExpected;
}

/** Characters sampled by textHash: the last TAIL_SAMPLES (an answer's total and its last line), and as many spread over the rest. */
const TAIL_SAMPLES = 16;

/**
 * A 30-bit hash of a text's length and of some of its characters: each of its last TAIL_SAMPLES,
 * and TAIL_SAMPLES more evenly spread before them. Equal texts hash alike; texts that differ only
 * where it does not look share a hash, and findText tells them apart.
 */
function textHash(text: string): number {
  const n = text.length;
  let hash = n;
  const tail = Math.max(0, n - TAIL_SAMPLES);
  for (let i = n - 1; i >= tail; i--) hash = (Math.imul(hash, 0x01000193) + text.charCodeAt(i)) | 0;
  const step = Math.ceil(tail / TAIL_SAMPLES);
  for (let i = tail - 1; i >= 0; i -= step) hash = (Math.imul(hash, 0x01000193) + text.charCodeAt(i)) | 0;
  return hash & 0x3fffffff; // a small integer: a Map keeps it without allocating
}

/** The prepared gold kept in `texts` under `hash` for exactly `text`, if any. */
function findText(texts: Map<number, KeptText[]>, hash: number, text: string): PreparedExpected | undefined {
  const list = texts.get(hash);
  if (list === undefined) return undefined;
  for (let k = list.length - 1; k >= 0; k--) if (list[k]!.text === text) return list[k]!.prepared;
  return undefined;
}

const EMPTY = {};

/** Whether Object.prototype has no enumerable key (for...in on a plain object then lists its own keys). */
function noInheritedKeys(): boolean {
  for (const _ in EMPTY) return false;
  return true;
}

/** The answer kept in `golds` under `hash` that `answer` equals, if any. */
function find(golds: Map<number, Kept[]>, hash: number, answer: unknown): Kept | undefined {
  const list = golds.get(hash);
  if (list === undefined) return undefined;
  for (let k = list.length - 1; k >= 0; k--) if (writesKept(list[k]!, answer)) return list[k];
  return undefined;
}

/** A plain object: JSON.parse's (Object.prototype its prototype; an array has another). */
function isPlain(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * Whether `value` writes exactly the kept answer: the same keys in the same order in each object
 * (for...in, no array made), the same numbers (=== : -0 is 0, which readGold reads the same).
 */
function writesKept(kept: Kept, value: unknown): boolean {
  if (!isPlain(value)) return false;
  let n = 0;
  for (const key in value) if (key !== kept.root[n++]) return false;
  if (n !== kept.root.length || value.total_droits !== kept.total) return false;
  const lines = value.beneficiaires;
  if (!isPlain(lines)) return false;
  const { ids, lineKeys, lineValues } = kept;
  // Object.keys here: the objects of ids are of as many shapes as answers have (B1, B1 and B2,
  // …), where for...in would take V8's slow path; a line is of two shapes.
  const own = Object.keys(lines);
  if (own.length !== ids.length) return false;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    if (own[i] !== id) return false;
    const line = lines[id];
    if (!isPlain(line)) return false;
    const keys = lineKeys[i]!;
    const values = lineValues[i]!;
    let k = 0;
    for (const key in line) {
      if (key !== keys[k] || line[key] !== values[k]) return false;
      k++;
    }
    if (k !== keys.length) return false;
  }
  return true;
}

/**
 * A 32-bit hash of the numbers of an answer's lines and of its total, in order (for...in: no
 * array made). Equal answers hash alike; anything else only spreads them, writesKept decides.
 */
function contentHash(answer: unknown): number {
  if (!isRecord(answer)) return 0;
  const total = answer.total_droits;
  let hash = typeof total === "number" ? total | 0 : 0;
  const lines = answer.beneficiaires;
  if (!isRecord(lines)) return hash & 0x3fffffff;
  for (const id of Object.keys(lines)) {
    const line = lines[id];
    if (!isRecord(line)) continue;
    for (const key in line) {
      const value = line[key];
      hash = (Math.imul(hash, 0x01000193) + (typeof value === "number" ? value | 0 : 1)) | 0;
    }
  }
  return hash & 0x3fffffff; // a small integer: a Set or a Map keeps it without allocating
}
