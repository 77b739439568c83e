// The floor of `succ compute --jsonl` (compute-jsonl.bench.mjs): what any JSON-lines tool pays
// to read and write the same lines. It reads the file line by line as the CLI's `readLines` does
// (packages/cli/src/io.ts: a read stream through `readline`, `crlfDelay: Infinity`), only does
// `JSON.parse` and `JSON.stringify` of each line, and writes the results as the CLI's `Output`
// does to stdout (strings gathered up to 64 KiB, one write each, waiting for `drain`).
//
//   node packages/cli/bench/jsonl-floor.mjs FILE > /dev/null
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";

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

for await (const line of createInterface({ input: createReadStream(process.argv[2]), crlfDelay: Infinity })) {
  const text = `${JSON.stringify(JSON.parse(line))}\n`;
  buffer.push(text);
  size += text.length;
  if (size >= HIGH_WATER) await flush();
}
await flush();
