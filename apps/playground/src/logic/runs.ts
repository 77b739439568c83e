import { generateTask, type Task } from "@succ/generator";
import { meanInterval, successInterval, Z95, type Cluster, type Interval } from "./stats.js";

/**
 * The output of `succ eval --out DIR`: `results.jsonl` (one line per rollout) and
 * `summary.json` (settings and counts overall and per level), read in the browser.
 */

/** One line of results.jsonl, checked. */
export interface Rollout {
  id: string;
  index: number;
  level: number;
  variant: string;
  rollout: number;
  reply: string | null;
  score: number;
  reason: string;
  finishReason: string | null;
  promptTokens: number | null;
  completionTokens: number | null;
  latencyMs: number | null;
  attempts: number | null;
  error: string | null;
  /** 1-based line of results.jsonl. */
  line: number;
}

/** Counts of summary.json for one level or overall, as written (null when absent). */
export interface LevelFigures {
  done: number | null;
  errors: number | null;
  mean_reward: number | null;
  successes: number | null;
  success_rate: number | null;
  prompt_tokens: number | null;
  completion_tokens: number | null;
}

export interface RunSummary {
  model: string | null;
  status: string | null;
  seed: number | null;
  /** The set's level option: 0 for the mix. */
  level: number | null;
  n: number | null;
  rolloutsPerTask: number | null;
  allOrNothing: boolean | null;
  generatorVersion: string | null;
  /** Whether the run's tasks were drawn with a fictional law (`succ eval --fictional-law`). */
  fictionalLaw: boolean;
  /** Score at or above which a rollout counts as a success. */
  threshold: number | null;
  overall: (LevelFigures & { expected: number | null; missing: number | null }) | null;
  perLevel: Map<number, LevelFigures>;
  /** Every scalar setting of the file, for display. */
  settings: [string, string][];
}

export interface SkippedLine {
  line: number;
  why: string;
}

export interface Run {
  name: string;
  files: string[];
  summary: RunSummary | null;
  rollouts: Rollout[];
  skipped: SkippedLine[];
  /** Second lines for a rollout already read (the first is kept, as `succ eval` does). */
  duplicates: number;
}

/** A file that cannot be read as part of a run: the message names the file and the problem. */
export class RunFileError extends Error {
  override name = "RunFileError";
}

/**
 * The success threshold when no summary.json says it: the one `succ eval` writes today (a
 * partial credit never reaches it, 1.0 does).
 */
export const DEFAULT_SUCCESS_THRESHOLD = 0.99;

const isNat = (x: unknown): x is number => typeof x === "number" && Number.isSafeInteger(x) && x >= 0;
const numOrNull = (x: unknown): number | null => (typeof x === "number" && Number.isFinite(x) ? x : null);
const strOrNull = (x: unknown): string | null => (typeof x === "string" ? x : null);

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/** One line, or why it is not a rollout line. */
function readLine(text: string, line: number): Rollout | string {
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch {
    return "not JSON";
  }
  if (!isRecord(o)) return "not a JSON object";
  if (typeof o.id !== "string") return "no string id";
  if (!isNat(o.index)) return "index is not a whole number ≥ 0";
  if (!isNat(o.rollout)) return "rollout is not a whole number ≥ 0";
  if (!isNat(o.level) || o.level < 1) return "level is not a whole number ≥ 1";
  if (typeof o.score !== "number" || !(o.score >= 0 && o.score <= 1)) return "score is not a number in [0, 1]";
  if (o.error !== undefined && o.error !== null && typeof o.error !== "string") return "error is neither null nor a string";
  if (o.reply !== undefined && o.reply !== null && typeof o.reply !== "string") return "reply is neither null nor a string";
  const usage = isRecord(o.usage) ? o.usage : null;
  return {
    id: o.id,
    index: o.index,
    level: o.level,
    variant: strOrNull(o.variant) ?? "",
    rollout: o.rollout,
    reply: strOrNull(o.reply),
    score: o.score,
    reason: strOrNull(o.reason) ?? "",
    finishReason: strOrNull(o.finish_reason),
    promptTokens: numOrNull(usage?.prompt_tokens),
    completionTokens: numOrNull(usage?.completion_tokens),
    latencyMs: numOrNull(o.latency_ms),
    attempts: numOrNull(o.attempts),
    error: strOrNull(o.error),
    line,
  };
}

/** Reads results.jsonl: every rollout line, and the lines that are not (with why). */
export function readResults(text: string): Pick<Run, "rollouts" | "skipped" | "duplicates"> {
  const rollouts: Rollout[] = [];
  const skipped: SkippedLine[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  let start = 0;
  for (let line = 1; start <= text.length; line++) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    const lineText = text.slice(start, end).trim();
    start = end + 1;
    if (lineText === "") continue;
    const r = readLine(lineText, line);
    if (typeof r === "string") {
      skipped.push({ line, why: r });
      continue;
    }
    const key = `${r.index}:${r.rollout}`;
    if (seen.has(key)) {
      duplicates++;
      continue;
    }
    seen.add(key);
    rollouts.push(r);
  }
  return { rollouts, skipped, duplicates };
}

function figures(o: unknown): LevelFigures {
  const r = isRecord(o) ? o : {};
  return {
    done: numOrNull(r.done),
    errors: numOrNull(r.errors),
    mean_reward: numOrNull(r.mean_reward),
    successes: numOrNull(r.successes),
    success_rate: numOrNull(r.success_rate),
    prompt_tokens: numOrNull(r.prompt_tokens),
    completion_tokens: numOrNull(r.completion_tokens),
  };
}

/** Reads summary.json; throws RunFileError naming `file` when it is not one. */
export function readSummary(text: string, file = "summary.json"): RunSummary {
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch (e) {
    throw new RunFileError(`${file}: not valid JSON (${(e as Error).message})`);
  }
  if (!isRecord(o) || !isRecord(o.per_level)) throw new RunFileError(`${file}: not a summary written by succ eval (no per_level object)`);
  const perLevel = new Map<number, LevelFigures>();
  for (const [key, value] of Object.entries(o.per_level)) {
    const level = Number(key);
    if (!Number.isSafeInteger(level) || level < 1 || !isRecord(value)) throw new RunFileError(`${file}: per_level.${key} is not a level's counts`);
    perLevel.set(level, figures(value));
  }
  const overall = isRecord(o.overall) ? { ...figures(o.overall), expected: numOrNull(o.overall.expected), missing: numOrNull(o.overall.missing) } : null;
  const settings: [string, string][] = Object.entries(o)
    .filter(([, v]) => v === null || ["string", "number", "boolean"].includes(typeof v))
    .map(([k, v]) => [k, String(v)]);
  return {
    model: strOrNull(o.model),
    status: strOrNull(o.status),
    seed: numOrNull(o.seed),
    level: numOrNull(o.level),
    n: numOrNull(o.n),
    rolloutsPerTask: numOrNull(o.rollouts_per_task),
    allOrNothing: typeof o.all_or_nothing === "boolean" ? o.all_or_nothing : null,
    generatorVersion: strOrNull(o.generator_version),
    fictionalLaw: o.fictional_law === true,
    threshold: numOrNull(o.success_threshold),
    overall,
    perLevel,
    settings,
  };
}

/** Whether a file is a summary (one JSON object with `per_level`) or rollout lines. */
export function fileKind(name: string, text: string): "summary" | "results" {
  if (/\.jsonl$/i.test(name)) return "results";
  if (/\.json$/i.test(name)) return "summary";
  try {
    const o: unknown = JSON.parse(text);
    if (isRecord(o) && "per_level" in o) return "summary";
  } catch {
    // Several lines: results.
  }
  return "results";
}

/** A run from the files of one `--out` folder (results.jsonl and/or summary.json). */
export function loadRun(files: readonly { name: string; text: string }[]): Run {
  if (files.length === 0) throw new RunFileError("no file: open results.jsonl and summary.json of a succ eval run");
  let summary: RunSummary | null = null;
  let results: Pick<Run, "rollouts" | "skipped" | "duplicates"> | null = null;
  let summaryName = "";
  let resultsName = "";
  for (const f of files) {
    if (fileKind(f.name, f.text) === "summary") {
      if (summary) throw new RunFileError(`${f.name}: a second summary (${summaryName} already read); open one run at a time`);
      summary = readSummary(f.text, f.name);
      summaryName = f.name;
    } else {
      if (results) throw new RunFileError(`${f.name}: a second results file (${resultsName} already read); open one run at a time`);
      results = readResults(f.text);
      resultsName = f.name;
      if (results.rollouts.length === 0) {
        const first = results.skipped[0];
        throw new RunFileError(`${f.name}: no rollout line${first ? ` (line ${first.line}: ${first.why})` : " (the file is empty)"}`);
      }
    }
  }
  const name = summary?.model ?? resultsName ?? summaryName;
  return { name: name || "run", files: files.map((f) => f.name), summary, rollouts: results?.rollouts ?? [], skipped: results?.skipped ?? [], duplicates: results?.duplicates ?? 0 };
}

export function thresholdOf(run: Run): number {
  return run.summary?.threshold ?? DEFAULT_SUCCESS_THRESHOLD;
}

export interface LevelStats {
  /** Null for all levels together. */
  level: number | null;
  rollouts: number;
  tasks: number;
  errors: number;
  successes: number;
  meanReward: number | null;
  meanInterval: Interval | null;
  successRate: number | null;
  successInterval: Interval | null;
  promptTokens: number;
  completionTokens: number;
}

class Tally {
  rollouts = 0;
  errors = 0;
  successes = 0;
  sum = 0;
  promptTokens = 0;
  completionTokens = 0;
  readonly rewards = new Map<number, Cluster>();
  readonly wins = new Map<number, Cluster>();

  add(r: Rollout, threshold: number): void {
    this.rollouts++;
    if (r.error !== null) this.errors++;
    const win = r.score >= threshold ? 1 : 0;
    this.successes += win;
    this.sum += r.score;
    this.promptTokens += r.promptTokens ?? 0;
    this.completionTokens += r.completionTokens ?? 0;
    const reward = this.rewards.get(r.index);
    if (reward) {
      reward.sum += r.score;
      reward.count++;
      this.wins.get(r.index)!.sum += win;
      this.wins.get(r.index)!.count++;
    } else {
      this.rewards.set(r.index, { sum: r.score, count: 1 });
      this.wins.set(r.index, { sum: win, count: 1 });
    }
  }

  stats(level: number | null): LevelStats {
    const n = this.rollouts;
    return {
      level,
      rollouts: n,
      tasks: this.rewards.size,
      errors: this.errors,
      successes: this.successes,
      meanReward: n === 0 ? null : this.sum / n,
      meanInterval: meanInterval([...this.rewards.values()]),
      successRate: n === 0 ? null : this.successes / n,
      successInterval: successInterval([...this.wins.values()]),
      promptTokens: this.promptTokens,
      completionTokens: this.completionTokens,
    };
  }
}

/**
 * Success rate and mean reward per level and overall, with 95 % intervals that take the task
 * as the unit drawn at random (several rollouts of one task are not independent trials).
 */
export function runStats(rollouts: readonly Rollout[], threshold: number): { levels: LevelStats[]; overall: LevelStats } {
  const overall = new Tally();
  const levels = new Map<number, Tally>();
  for (const r of rollouts) {
    overall.add(r, threshold);
    let t = levels.get(r.level);
    if (!t) levels.set(r.level, (t = new Tally()));
    t.add(r, threshold);
  }
  return {
    levels: [...levels.keys()].sort((a, b) => a - b).map((level) => levels.get(level)!.stats(level)),
    overall: overall.stats(null),
  };
}

export interface Bin {
  label: string;
  count: number;
}

/** Score distribution: exactly 0, ten bins of 0.1 between (the last open at 1), exactly 1. */
export function histogram(rollouts: readonly Rollout[]): Bin[] {
  const counts = new Array<number>(12).fill(0);
  for (const r of rollouts) {
    if (r.score === 0) counts[0]!++;
    else if (r.score === 1) counts[11]!++;
    else counts[Math.min(10, Math.max(1, Math.ceil(r.score * 10)))]!++;
  }
  const tenth = (k: number) => (k / 10).toString();
  return counts.map((count, k) => ({ label: k === 0 ? "0" : k === 11 ? "1" : `${tenth(k - 1)}–${tenth(k)}`, count }));
}

/** The code of a reason: `bad_amount: B1.droits` → `bad_amount`. */
export function reasonCode(reason: string): string {
  const colon = reason.indexOf(":");
  return colon < 0 ? reason : reason.slice(0, colon);
}

export interface ReasonCount {
  code: string;
  count: number;
  /** Full reasons under this code, most frequent first (at most five). */
  details: { reason: string; count: number }[];
}

/** Why rollouts failed (score under the threshold), by reason code, most frequent first. */
export function failureReasons(rollouts: readonly Rollout[], threshold: number): ReasonCount[] {
  const byCode = new Map<string, Map<string, number>>();
  for (const r of rollouts) {
    if (r.score >= threshold) continue;
    const code = reasonCode(r.reason) || "(none)";
    let details = byCode.get(code);
    if (!details) byCode.set(code, (details = new Map()));
    details.set(r.reason, (details.get(r.reason) ?? 0) + 1);
  }
  const out = [...byCode].map(([code, details]) => ({
    code,
    count: [...details.values()].reduce((a, b) => a + b, 0),
    details: [...details].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)).slice(0, 5),
  }));
  return out.sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
}

export type Outcome = "all" | "success" | "failure" | "error";

export interface RolloutFilter {
  level: number | null;
  outcome: Outcome;
  /** A reason code, or null for any. */
  reason: string | null;
  /** Part of the task id (case-insensitive), or "". */
  text: string;
}

export const NO_FILTER: RolloutFilter = { level: null, outcome: "all", reason: null, text: "" };

export function filterRollouts(rollouts: readonly Rollout[], f: RolloutFilter, threshold: number): Rollout[] {
  const text = f.text.trim().toLowerCase();
  return rollouts.filter(
    (r) =>
      (f.level === null || r.level === f.level) &&
      (f.outcome === "all" ||
        (f.outcome === "success" && r.score >= threshold) ||
        (f.outcome === "failure" && r.score < threshold) ||
        (f.outcome === "error" && r.error !== null)) &&
      (f.reason === null || reasonCode(r.reason) === f.reason) &&
      (text === "" || r.id.toLowerCase().includes(text) || r.variant.toLowerCase().includes(text)),
  );
}

export const SORT_KEYS = ["task", "level", "variant", "rollout", "score", "reason", "latency", "tokens"] as const;
export type SortKey = (typeof SORT_KEYS)[number];

const sortValue: Record<SortKey, (r: Rollout) => number | string> = {
  task: (r) => r.index,
  level: (r) => r.level,
  variant: (r) => r.variant,
  rollout: (r) => r.rollout,
  score: (r) => r.score,
  reason: (r) => r.reason,
  latency: (r) => r.latencyMs ?? -1,
  tokens: (r) => r.completionTokens ?? -1,
};

/** Sorted copy; ties keep task then rollout order. */
export function sortRollouts(rollouts: readonly Rollout[], key: SortKey, descending: boolean): Rollout[] {
  const value = sortValue[key];
  const sign = descending ? -1 : 1;
  return [...rollouts].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    const c = typeof va === "number" && typeof vb === "number" ? va - vb : String(va).localeCompare(String(vb));
    return sign * c || a.index - b.index || a.rollout - b.rollout;
  });
}

/**
 * The task a rollout answered, generated again from the run's seed and level: its gold answer
 * and dossier are not in results.jsonl. Null without a summary (the seed is unknown), or when
 * the task generated again is not the one recorded (another generator version).
 */
export function taskOfRollout(summary: RunSummary | null, r: Rollout): Task | null {
  if (!summary || summary.seed === null || summary.level === null) return null;
  let task: Task;
  try {
    task = generateTask(summary.seed, r.index, summary.level as 0, { fictionalLaw: summary.fictionalLaw });
  } catch {
    return null;
  }
  return task.id === r.id ? task : null;
}

export interface TaskPair {
  id: string;
  index: number;
  level: number;
  /** Mean score of the task's rollouts in each run; null when the run has none. */
  a: number | null;
  b: number | null;
}

export interface Comparison {
  levels: { level: number | null; a: LevelStats | null; b: LevelStats | null }[];
  tasks: TaskPair[];
  /** Tasks in both runs where B's mean score is above A's, below it, equal. */
  bBetter: number;
  aBetter: number;
  same: number;
  /** Mean of B − A over the tasks in both runs, with its 95 % normal interval (paired). */
  meanDelta: number | null;
  deltaInterval: Interval | null;
  /** Why the two runs may not be on the same tasks, or null when their summaries agree. */
  mismatch: string | null;
}

function perTask(rollouts: readonly Rollout[]): Map<string, { index: number; level: number; sum: number; count: number }> {
  const out = new Map<string, { index: number; level: number; sum: number; count: number }>();
  for (const r of rollouts) {
    const t = out.get(r.id);
    if (t) {
      t.sum += r.score;
      t.count++;
    } else out.set(r.id, { index: r.index, level: r.level, sum: r.score, count: 1 });
  }
  return out;
}

function setMismatch(a: RunSummary | null, b: RunSummary | null): string | null {
  if (!a || !b) return "a summary.json is missing: tasks are paired by id, which is the same task only for the same seed and level";
  const differ = (["seed", "level", "generatorVersion"] as const).filter((k) => a[k] !== b[k]);
  if (differ.length === 0) return null;
  return `the runs are on different task sets (${differ.map((k) => `${k} ${String(a[k])} vs ${String(b[k])}`).join(", ")}): tasks with the same id are not the same task`;
}

/** Two runs side by side: per level, and task by task on the tasks both have. */
export function compareRuns(a: Run, b: Run): Comparison {
  const sa = runStats(a.rollouts, thresholdOf(a));
  const sb = runStats(b.rollouts, thresholdOf(b));
  const levelSet = [...new Set([...sa.levels.map((l) => l.level!), ...sb.levels.map((l) => l.level!)])].sort((x, y) => x - y);
  const levels = [
    ...levelSet.map((level) => ({ level, a: sa.levels.find((l) => l.level === level) ?? null, b: sb.levels.find((l) => l.level === level) ?? null })),
    { level: null, a: sa.overall, b: sb.overall },
  ];
  const ta = perTask(a.rollouts);
  const tb = perTask(b.rollouts);
  const ids = [...new Set([...ta.keys(), ...tb.keys()])];
  const tasks: TaskPair[] = ids.map((id) => {
    const x = ta.get(id);
    const y = tb.get(id);
    const t = (x ?? y)!;
    return { id, index: t.index, level: t.level, a: x ? x.sum / x.count : null, b: y ? y.sum / y.count : null };
  });
  tasks.sort((p, q) => p.index - q.index);
  let bBetter = 0;
  let aBetter = 0;
  let same = 0;
  const deltas: number[] = [];
  for (const t of tasks) {
    if (t.a === null || t.b === null) continue;
    const d = t.b - t.a;
    deltas.push(d);
    if (d > 0) bBetter++;
    else if (d < 0) aBetter++;
    else same++;
  }
  const k = deltas.length;
  const meanDelta = k === 0 ? null : deltas.reduce((s, d) => s + d, 0) / k;
  let deltaInterval: Interval | null = null;
  if (k >= 2 && meanDelta !== null) {
    const sd = Math.sqrt(deltas.reduce((s, d) => s + (d - meanDelta) ** 2, 0) / (k - 1));
    const half = Z95 * (sd / Math.sqrt(k));
    deltaInterval = [meanDelta - half, meanDelta + half];
  }
  return { levels, tasks, bBetter, aBetter, same, meanDelta, deltaInterval, mismatch: setMismatch(a.summary, b.summary) };
}
