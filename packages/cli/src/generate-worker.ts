/**
 * A worker thread of `succ generate --jobs N` (generate-jobs.ts): it draws the tasks of the
 * index ranges it is sent (generate-range.ts) and sends back their lines as UTF-8 bytes, the
 * buffer handed over; the main thread writes them in index order.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { ChunkRequest, WorkerSet } from "./generate-jobs.js";
import { drawRange } from "./generate-range.js";

const set = workerData as WorkerSet;

parentPort!.on("message", (req: ChunkRequest) => {
  const result = drawRange(set, req);
  parentPort!.postMessage(result, [result.bytes.buffer as ArrayBuffer]);
});
