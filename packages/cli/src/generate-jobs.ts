/**
 * `succ generate --jobs N`: the tasks drawn by N worker threads (generate-worker.ts), written in
 * index order. Task i depends only on (seed, i), so a worker draws any range of indices with the
 * same call as one job, and the lines are byte for byte those of one job; the main thread only
 * puts them in order, applies --min-rules (the generator's own filter) and writes them.
 */
import { Worker } from "node:worker_threads";
import { MinRulesFilter, type GenerateOptions } from "@succ/generator";

/** What a worker draws from: the set (its options beyond -n and --offset). */
export interface WorkerSet {
  seed: number;
  level: number;
  fictionalLaw: boolean;
  minRules: number;
}

/** A range of task indices for a worker: `count` tasks from `start`. */
export interface ChunkRequest {
  chunk: number;
  start: number;
  count: number;
}

/**
 * A worker's answer: the lines of the range, the number of rules that change each task's answer
 * when --min-rules asks for it, and the error that stopped the range early (the lines before it
 * are sent).
 */
export interface ChunkResult {
  chunk: number;
  lines: string[];
  rules: number[];
  error?: { range: boolean; message: string; stack?: string };
}

/** Tasks a worker draws per message: enough to make messages cheap, few enough to spread the work. */
export const CHUNK_TASKS = 32;

/** Ranges handed out ahead of the one being written, per worker (bounds the lines held in memory). */
const AHEAD_PER_WORKER = 3;

/** The lines of the set `opts` (no newline), in order, drawn by `jobs` worker threads. */
export async function* parallelLines(opts: Required<GenerateOptions>, jobs: number): AsyncGenerator<string> {
  const { n, offset, minRules, level } = opts;
  if (n === 0) return;
  // Without --min-rules the set is exactly n tasks; with it, ranges are drawn until n are kept.
  const chunks = minRules === 0 ? Math.ceil(n / CHUNK_TASKS) : Infinity;
  const startOf = (c: number): number => offset + c * CHUNK_TASKS;
  const countOf = (c: number): number => (minRules === 0 ? Math.min(CHUNK_TASKS, n - c * CHUNK_TASKS) : CHUNK_TASKS);
  const set: WorkerSet = { seed: opts.seed, level, fictionalLaw: opts.fictionalLaw, minRules };

  const results = new Map<number, ChunkResult>();
  const idle: Worker[] = [];
  let assigned = 0;
  let written = 0;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const assign = (w: Worker): void => {
    if (assigned >= chunks || assigned - written >= AHEAD_PER_WORKER * jobs) {
      idle.push(w);
      return;
    }
    const c = assigned++;
    w.postMessage({ chunk: c, start: startOf(c), count: countOf(c) } satisfies ChunkRequest);
  };
  const fail = (e: Error): void => {
    failure ??= e;
    wake?.();
  };

  const workers: Worker[] = [];
  for (let j = 0; j < Math.min(jobs, chunks); j++) {
    const w = new Worker(new URL("./generate-worker.js", import.meta.url), { workerData: set });
    w.on("message", (r: ChunkResult) => {
      results.set(r.chunk, r);
      assign(w);
      wake?.();
    });
    w.on("error", fail);
    w.on("exit", (code) => {
      if (code !== 0) fail(new Error(`succ generate: worker ${j + 1} of ${jobs} stopped (exit code ${code})`));
    });
    workers.push(w);
  }
  // Two ranges each to start with, so that no worker waits for the main thread.
  for (let k = 0; k < 2; k++) for (const w of workers) assign(w);

  const filter = minRules > 0 ? new MinRulesFilter(n, minRules, level) : null;
  try {
    while (written < chunks) {
      let r = results.get(written);
      while (r === undefined) {
        if (failure !== null) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        r = results.get(written);
      }
      results.delete(written);
      written++;
      while (idle.length > 0 && assigned < chunks && assigned - written < AHEAD_PER_WORKER * jobs) assign(idle.pop()!);
      for (let k = 0; k < r.lines.length; k++) {
        if (filter === null) yield r.lines[k]!;
        else {
          if (filter.keep(startOf(r.chunk) + k, r.rules[k]!)) yield r.lines[k]!;
          if (filter.done) return;
        }
      }
      if (r.error !== undefined) {
        const e = r.error.range ? new RangeError(r.error.message) : new Error(r.error.message);
        if (r.error.stack !== undefined) e.stack = r.error.stack;
        throw e;
      }
    }
  } finally {
    for (const w of workers) {
      w.removeAllListeners("exit");
      void w.terminate();
    }
  }
}
