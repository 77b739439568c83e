// The floor of `succ compute --jsonl` (compute-jsonl.bench.mjs): what any JSON-lines tool pays
// to read and write the same lines. It reads the file with the CLI's own reader,
// `readLineBatches` (packages/cli/src/io.ts: chunks of 256 KiB cut into lines on the bytes), only
// does `JSON.parse` and `JSON.stringify` of each line, and writes the results as the CLI's
// `Output` does to stdout (strings gathered up to 64 KiB, one write each, waiting for `drain`).
//
//   node packages/cli/bench/jsonl-floor.mjs FILE > /dev/null
import { readLineBatches } from "../dist/index.js";

const HIGH_WATER = 1 << 16;
let buffer = [];
let size = 0;
async function flush() {
  if (buffer.length === 0) return;
  const chunk = buffer.join("");
  buffer = [];
  size = 0;
  if (!process.stdout.write(chunk)) await new Promise((resolve) => process.stdout.once("drain", resolve));
}

for await (const lines of readLineBatches(process.argv[2])) {
  for (const line of lines) {
    const text = `${JSON.stringify(JSON.parse(line))}\n`;
    buffer.push(text);
    size += text.length;
    if (size >= HIGH_WATER) await flush();
  }
}
await flush();
