import { isSuccess, SUCCESS_THRESHOLD } from "@succ/scoring";
import type { EvalConfig } from "./options.js";

/** The scorer's definition of success (every value right), re-exported for the writers of this CLI. */
export { SUCCESS_THRESHOLD };

/** What results.jsonl holds, one line per rollout. */
export interface ResultLine {
  id: string;
  index: number;
  level: number;
  variant: string;
  rollout: number;
  reply: string | null;
  score: number;
  reason: string;
  finish_reason: string | null;
  usage: { prompt_tokens: number | null; completion_tokens: number | null; total_tokens: number | null } | null;
  latency_ms: number;
  attempts: number;
  error: string | null;
}

class Tally {
  done = 0;
  errors = 0;
  sum = 0;
  successes = 0;
  promptTokens = 0;
  completionTokens = 0;

  add(line: Pick<ResultLine, "score" | "error" | "usage">): void {
    this.done++;
    if (line.error) this.errors++;
    this.sum += line.score;
    if (isSuccess(line.score)) this.successes++;
    this.promptTokens += line.usage?.prompt_tokens ?? 0;
    this.completionTokens += line.usage?.completion_tokens ?? 0;
  }

  get mean(): number | null {
    return this.done === 0 ? null : this.sum / this.done;
  }

  json() {
    const round = (x: number | null) => (x === null ? null : Math.round(x * 1e6) / 1e6);
    return {
      done: this.done,
      errors: this.errors,
      mean_reward: round(this.mean),
      successes: this.successes,
      success_rate: round(this.done === 0 ? null : this.successes / this.done),
      prompt_tokens: this.promptTokens,
      completion_tokens: this.completionTokens,
    };
  }
}

/** Running totals, overall and per level, of the rollouts of the requested set. */
export class Stats {
  readonly overall = new Tally();
  readonly levels = new Map<number, Tally>();

  add(line: Pick<ResultLine, "level" | "score" | "error" | "usage">): void {
    this.overall.add(line);
    let t = this.levels.get(line.level);
    if (!t) this.levels.set(line.level, (t = new Tally()));
    t.add(line);
  }
}

export type RunStatus = "running" | "complete" | "interrupted";

/** The settings a resumed run must share with the run already in --out. */
export function runIdentity(cfg: EvalConfig, generatorVersion: string) {
  return { model: cfg.model, seed: cfg.seed, level: cfg.level, fictional_law: cfg.fictionalLaw, all_or_nothing: cfg.allOrNothing, ...strictEndKey(cfg), generator_version: generatorVersion };
}

/** Only a run of --strict-end says so (a summary without the key allowed end-of-sequence tokens after the block). */
function strictEndKey(cfg: EvalConfig): { strict_end?: true } {
  return cfg.strictEnd ? { strict_end: true } : {};
}

export function summaryJson(
  cfg: EvalConfig,
  generatorVersion: string,
  stats: Stats,
  status: RunStatus,
  startedAt: string,
): string {
  const expected = cfg.n * cfg.rollouts;
  const perLevel: Record<string, ReturnType<Tally["json"]>> = {};
  for (const level of [...stats.levels.keys()].sort((a, b) => a - b)) perLevel[String(level)] = stats.levels.get(level)!.json();
  const summary = {
    task: "succession-fr",
    status,
    model: cfg.model,
    base_url: cfg.displayBaseURL,
    api_key_env: cfg.apiKeyEnv,
    api_key_sent: cfg.apiKey !== null,
    generator_version: generatorVersion,
    seed: cfg.seed,
    level: cfg.level,
    // Only a run of --fictional-law says so (a summary without the key is a run of the real law).
    ...(cfg.fictionalLaw ? { fictional_law: true } : {}),
    n: cfg.n,
    rollouts_per_task: cfg.rollouts,
    all_or_nothing: cfg.allOrNothing,
    ...strictEndKey(cfg),
    temperature: cfg.temperature,
    max_tokens: cfg.maxTokens,
    timeout_s: cfg.timeoutMs / 1000,
    max_attempts: cfg.maxAttempts,
    success_threshold: SUCCESS_THRESHOLD,
    started_at: startedAt,
    updated_at: new Date().toISOString(),
    overall: { expected, missing: expected - stats.overall.done, ...stats.overall.json() },
    per_level: perLevel,
  };
  return `${JSON.stringify(summary, null, 2)}\n`;
}

function fmt(x: number | null, digits: number): string {
  return x === null ? "-" : x.toFixed(digits);
}

/** The table printed on stderr at the end of a run. */
export function summaryTable(stats: Stats, expected: number): string {
  const rows: string[][] = [["level", "done", "errors", "mean reward", "success", "rate"]];
  const row = (name: string, t: Tally) => [
    name,
    String(t.done),
    String(t.errors),
    fmt(t.mean, 3),
    `${t.successes}/${t.done}`,
    t.done === 0 ? "-" : `${((100 * t.successes) / t.done).toFixed(1)} %`,
  ];
  for (const level of [...stats.levels.keys()].sort((a, b) => a - b)) rows.push(row(String(level), stats.levels.get(level)!));
  rows.push(row("all", stats.overall));
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const lines = rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "));
  lines.splice(1, 0, widths.map((w) => "-".repeat(w)).join("  "));
  const missing = expected - stats.overall.done;
  if (missing > 0) lines.push(`${missing} of ${expected} rollouts not done yet (run again with the same --out to finish)`);
  return `${lines.join("\n")}\n`;
}
