/**
 * A worker thread of `succ generate --jobs N` (generate-jobs.ts): it draws the tasks of
 * the index ranges it is sent, with the same generator call as one job (task i depends only on
 * (seed, i)), and sends back their lines as UTF-8 bytes; the main thread writes them in index order.
 */
import { parentPort, workerData } from "node:worker_threads";
import { generateTask, taskLine, type Level } from "@succ/generator";
import type { ChunkRequest, ChunkResult, WorkerSet } from "./generate-jobs.js";

const set = workerData as WorkerSet;
const NEWLINE = 10;
const taskOpts = set.fictionalLaw ? { fictionalLaw: true } : {};

parentPort!.on("message", (req: ChunkRequest) => {
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
  // The lines encoded here, each into its exact place, in the buffer sent back with the request
  // when it is large enough (else a new one with room to spare), handed over to the main thread
  // (no copy of the text on either side).
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
  const result: ChunkResult = { chunk: req.chunk, bytes, ends, rules, error };
  parentPort!.postMessage(result, [buffer]);
});
