/**
 * One range of task indices of `succ generate --jobs N` drawn and encoded, by a worker thread
 * (generate-worker.ts) or by the main thread itself (generate-jobs.ts), with the same generator
 * call as one job: task i depends only on (seed, i), whoever draws it.
 */
import { generateTask, taskLine, type Level } from "@succ/generator";
import type { ChunkRequest, ChunkResult, WorkerSet } from "./generate-jobs.js";

const NEWLINE = 10;
/** A thread's first buffer: a range of the mix takes about 280 KiB of UTF-8 (one of levels 5-7 more: the buffer grows once, then serves again). */
const INITIAL_BYTES = 1 << 19;

/** The lines of the range `req` as UTF-8 bytes, in `req.buffer` (or a larger one when it is not large enough); the error that stopped the range early, if any. */
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
  // The lines encoded here, one after the other, in the buffer sent with the request (else a new
  // one), which a worker hands over to the main thread (no copy of the text on either side). A
  // UTF-16 code unit is at most 3 bytes of UTF-8, so a line is written once there is room for 3
  // bytes a unit, without measuring its UTF-8 length first (a second pass over each line, about
  // 3 % of the CPU time of 2 jobs); the buffer grows, its bytes copied, only when a range needs more.
  const ends: number[] = [];
  let bytes = Buffer.from(req.buffer ?? new ArrayBuffer(INITIAL_BYTES));
  let at = 0;
  for (const line of lines) {
    const room = 3 * line.length + 1;
    if (at + room > bytes.length) {
      const larger = Buffer.from(new ArrayBuffer(Math.max(2 * bytes.length, at + room)));
      larger.set(bytes.subarray(0, at));
      bytes = larger;
    }
    at += bytes.write(line, at, "utf8");
    bytes[at++] = NEWLINE;
    ends.push(at);
  }
  bytes = bytes.subarray(0, at);
  return { chunk: req.chunk, bytes, ends, rules, error };
}
