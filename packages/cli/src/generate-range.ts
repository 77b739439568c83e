/**
 * One range of task indices of `succ generate --jobs N` drawn and encoded, by a worker thread
 * (generate-worker.ts) or by the main thread itself (generate-jobs.ts), with the same generator
 * call as one job: task i depends only on (seed, i), whoever draws it.
 */
import { generateTask, taskLine, type Level } from "@succ/generator";
import type { ChunkRequest, ChunkResult, WorkerSet } from "./generate-jobs.js";

const NEWLINE = 10;

/** The lines of the range `req` as UTF-8 bytes, in `req.buffer` when it is large enough; the error that stopped the range early, if any. */
export function drawRange(set: WorkerSet, req: ChunkRequest): ChunkResult {
  const taskOpts = set.fictionalLaw ? { fictionalLaw: true } : {};
  const lines: string[] = [];
  const rules: number[] = [];
  let error: ChunkResult["error"];
  try {
    for (let i = req.start; i < req.start + req.count; i++) {
      const task = generateTask(set.seed, i, set.level as 0 | Level, taskOpts);
      lines.push(taskLine(task));
      // The --min-rules filter reads the difficulty (computed on first read at levels 1-4): only then.
      if (set.minRules > 0) rules.push(task.info.difficulty.rules.length);
    }
  } catch (e) {
    error = { range: e instanceof RangeError, message: e instanceof Error ? e.message : String(e), stack: e instanceof Error ? e.stack : undefined };
  }
  // The lines encoded here, each into its exact place, in the buffer sent with the request when
  // it is large enough (else a new one with room to spare), which a worker hands over to the
  // main thread (no copy of the text on either side).
  const ends: number[] = [];
  let size = 0;
  for (const line of lines) ends.push((size += Buffer.byteLength(line, "utf8") + 1));
  const buffer = req.buffer !== undefined && req.buffer.byteLength >= size ? req.buffer : new ArrayBuffer(size + (size >> 2));
  const bytes = Buffer.from(buffer, 0, size);
  let at = 0;
  for (const line of lines) {
    at += bytes.write(line, at, "utf8");
    bytes[at++] = NEWLINE;
  }
  return { chunk: req.chunk, bytes, ends, rules, error };
}
