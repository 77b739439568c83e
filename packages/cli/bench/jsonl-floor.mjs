// The floor of `succ compute --jsonl` (compute-jsonl.bench.mjs): what any JSON-lines tool pays
// to read and write the same lines. It reads the file with the CLI's own reader,
// `readLineBatches` (packages/cli/src/io.ts: chunks of 256 KiB cut into lines on the bytes), only
// does `JSON.parse` and `JSON.stringify` of each line, and writes the results with the CLI's own
// writer, `Output` (UTF-8 encoded into reused chunks of 256 KiB, each written once full), as the
// command does, a batch of 64 lines a call.
//
//   node packages/cli/bench/jsonl-floor.mjs FILE > /dev/null
import { Output, readLineBatches } from "../dist/index.js";

const BATCH = 64;
const out = await Output.open(undefined, { exitOnSignals: false });
let pending = "";
let n = 0;
for await (const lines of readLineBatches(process.argv[2])) {
  for (const line of lines) {
    pending += `${JSON.stringify(JSON.parse(line))}\n`;
    if (++n % BATCH === 0) {
      await out.write(pending);
      pending = "";
    }
  }
}
if (pending !== "") await out.write(pending);
await out.close(true);
