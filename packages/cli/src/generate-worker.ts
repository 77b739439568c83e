/**
 * A worker thread of `succ generate --jobs N` (generate-jobs.ts): it draws the tasks of
 * the index ranges it is sent, with the same generator call as one job (task i depends only on
 * (seed, i)), and sends back their lines; the main thread writes them in index order.
 */
import { parentPort, workerData } from "node:worker_threads";
import { generateTask, taskLine, type Level } from "@succ/generator";
import type { ChunkRequest, ChunkResult, WorkerSet } from "./generate-jobs.js";

const set = workerData as WorkerSet;
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
  const result: ChunkResult = { chunk: req.chunk, lines, rules, error };
  parentPort!.postMessage(result);
});
