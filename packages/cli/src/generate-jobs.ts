/**
 * `succ generate --jobs N`: the tasks drawn by N threads, the main thread and N − 1 worker
 * threads (generate-worker.ts), written in index order. Task i depends only on (seed, i), so a
 * thread draws any range of indices with the same call as one job (generate-range.ts), and the
 * lines are byte for byte those of one job. A worker sends its range's lines already encoded
 * (UTF-8, each with its newline) in a buffer it hands over without a copy; the main thread puts
 * the ranges in order, applies --min-rules (the generator's own filter), writes the bytes and,
 * when no range is ready to write, draws the next one itself. (N workers beside an idle main
 * thread cost one more thread its start and its own copy of the code, compiled and warmed up.) Once written, a buffer goes back to a worker with its next range,
 * to be filled again: a fresh buffer for each range (about 280 KiB of the mix) touched pages the
 * kernel had to supply one by one, which cost more than a job's share of the drawing.
 */
import { Worker } from "node:worker_threads";
import { setImmediate as immediate } from "node:timers/promises";
import { MinRulesFilter, type GenerateOptions } from "@succ/generator";
import { drawRange } from "./generate-range.js";

/** What a worker draws from: the set (its options beyond -n and --offset). */
export interface WorkerSet {
  seed: number;
  level: number;
  fictionalLaw: boolean;
  minRules: number;
}

/** A range of task indices for a worker: `count` tasks from `start`, and a buffer already written to fill again (transferred) if one is free. */
export interface ChunkRequest {
  chunk: number;
  start: number;
  count: number;
  buffer?: ArrayBuffer;
}

/**
 * A worker's answer: the lines of the range as UTF-8 bytes, each followed by "\n" (`bytes`, its
 * buffer transferred), where each line ends in them (`ends[k]`: the offset after line k's
 * newline), the number of rules that change each task's answer when --min-rules asks for it, and
 * the error that stopped the range early (the lines before it are sent).
 */
export interface ChunkResult {
  chunk: number;
  bytes: Uint8Array;
  ends: number[];
  rules: number[];
  error?: { range: boolean; message: string; stack?: string };
}

/**
 * Lines written by the main thread: UTF-8 bytes (whole lines with their newlines), how many lines
 * they hold, and, when the buffer can be filled again, what to call once the bytes are written.
 */
export interface LineBytes {
  bytes: Uint8Array;
  lines: number;
  written?: () => void;
}

/** Tasks a worker draws per message: enough to make messages cheap, few enough to spread the work. */
export const CHUNK_TASKS = 32;

/** Ranges handed out ahead of the one being written, per job (bounds the lines held in memory). */
const AHEAD_PER_JOB = 3;

/** The lines of the set `opts`, in order, drawn by `jobs` threads (the main one included): UTF-8 bytes, a range (or, with --min-rules, a kept line) at a time. */
export async function* parallelLines(opts: Required<GenerateOptions>, jobs: number): AsyncGenerator<LineBytes> {
  const { n, offset, minRules, level } = opts;
  if (n === 0) return;
  // Without --min-rules the set is exactly n tasks; with it, ranges are drawn until n are kept.
  const chunks = minRules === 0 ? Math.ceil(n / CHUNK_TASKS) : Infinity;
  const startOf = (c: number): number => offset + c * CHUNK_TASKS;
  const countOf = (c: number): number => (minRules === 0 ? Math.min(CHUNK_TASKS, n - c * CHUNK_TASKS) : CHUNK_TASKS);
  const set: WorkerSet = { seed: opts.seed, level, fictionalLaw: opts.fictionalLaw, minRules };

  const results = new Map<number, ChunkResult>();
  /** Buffers whose bytes are written, for the next ranges. */
  const spare: ArrayBuffer[] = [];
  const idle: Worker[] = [];
  let assigned = 0;
  let written = 0;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  /** The next range to draw, if one may be drawn now (a range to write within reach). */
  const nextRange = (): ChunkRequest | null => {
    if (assigned >= chunks || assigned - written >= AHEAD_PER_JOB * jobs) return null;
    const c = assigned++;
    return { chunk: c, start: startOf(c), count: countOf(c), buffer: spare.pop() };
  };
  const assign = (w: Worker): void => {
    const req = nextRange();
    if (req === null) idle.push(w);
    else w.postMessage(req, req.buffer === undefined ? [] : [req.buffer]);
  };
  const fail = (e: Error): void => {
    failure ??= e;
    wake?.();
  };

  const workers: Worker[] = [];
  for (let j = 1; j < Math.min(jobs, chunks); j++) {
    const w = new Worker(new URL("./generate-worker.js", import.meta.url), { workerData: set });
    w.on("message", (r: ChunkResult) => {
      results.set(r.chunk, r);
      assign(w);
      wake?.();
    });
    w.on("error", fail);
    w.on("exit", (code) => {
      if (code !== 0) fail(new Error(`succ generate: worker ${j} of ${jobs - 1} stopped (exit code ${code})`));
    });
    workers.push(w);
  }
  // Two ranges each to start with, so that no worker waits while the main thread draws one.
  for (let k = 0; k < 2; k++) for (const w of workers) assign(w);

  const filter = minRules > 0 ? new MinRulesFilter(n, minRules, level) : null;
  try {
    while (written < chunks) {
      let r = results.get(written);
      while (r === undefined) {
        if (failure !== null) throw failure;
        const own = nextRange();
        if (own !== null) {
          results.set(own.chunk, drawRange(set, own));
          // The workers' messages (their next ranges), signals and progress in between.
          await immediate();
        } else {
          await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
        }
        r = results.get(written);
      }
      results.delete(written);
      written++;
      while (idle.length > 0 && assigned < chunks && assigned - written < AHEAD_PER_JOB * jobs) assign(idle.pop()!);
      if (filter === null) {
        const buffer = r.bytes.buffer as ArrayBuffer;
        if (r.ends.length > 0) yield { bytes: r.bytes, lines: r.ends.length, written: () => spare.push(buffer) };
      } else {
        for (let k = 0; k < r.ends.length; k++) {
          if (filter.keep(startOf(r.chunk) + k, r.rules[k]!)) yield { bytes: r.bytes.subarray(k === 0 ? 0 : r.ends[k - 1], r.ends[k]), lines: 1 };
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
