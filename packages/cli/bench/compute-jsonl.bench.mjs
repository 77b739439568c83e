// Benchmark of `succ compute --jsonl`: wall time and peak memory (max RSS) of the built CLI over
// JSONL files of 10,000 and 100,000 deterministic dossiers (1–9 beneficiaries, estates and
// gifts with every rule; see packages/engine/bench/dossiers.mjs), output to /dev/null.
//
//   pnpm --filter @succ/cli bench         (after `pnpm build`; the root `pnpm bench` builds)
//   node packages/cli/bench/compute-jsonl.bench.mjs [--lines 100000]
//
// Targets (issue 2): 100,000 dossiers in under 5 s, and flat memory: the peak RSS at 100,000
// lines is about the one at 10,000 (streaming, not accumulating).
import { spawnSync } from "node:child_process";
import { createWriteStream, mkdtempSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { makeSet } from "../../engine/bench/dossiers.mjs";

const BIN = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
const arg = process.argv.indexOf("--lines");
const LINES = arg > 0 ? Number(process.argv[arg + 1]) : 100_000;
const dir = mkdtempSync(join(tmpdir(), "succ-jsonl-bench-"));

// The child reports its own peak RSS when it exits (portable: no /usr/bin/time needed).
const hook = join(dir, "max-rss.cjs");
writeFileSync(hook, 'process.on("exit", () => require("node:fs").writeFileSync(process.env.SUCC_BENCH_RSS, String(process.resourceUsage().maxRSS)));\n');

async function writeJsonl(file, n) {
  // Distinct dossiers, generated in chunks so that the benchmark itself stays small in memory.
  const out = createWriteStream(file);
  const chunk = 5000;
  for (let k = 0; k < n; k += chunk) {
    const set = makeSet(1000 + k, 1, 9, Math.min(chunk, n - k));
    if (!out.write(`${set.map((d) => JSON.stringify(d)).join("\n")}\n`)) await new Promise((r) => out.once("drain", r));
  }
  await new Promise((r) => out.end(r));
}

function run(file, nodeOptions = []) {
  const rssFile = join(dir, "rss.txt");
  const devnull = openSync("/dev/null", "w");
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [...nodeOptions, "--require", hook, BIN, "compute", "--jsonl", file], {
    stdio: ["ignore", devnull, "pipe"],
    env: { ...process.env, SUCC_BENCH_RSS: rssFile },
    encoding: "utf8",
  });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  closeSync(devnull);
  if (r.status !== 0) throw new Error(`succ compute --jsonl exited with ${r.status}: ${r.stderr}`);
  return { seconds, maxRssMB: Number(readFileSync(rssFile, "utf8")) / 1024 };
}

try {
  console.log(`succ compute --jsonl benchmark — node ${process.version}`);
  const sizes = [...new Set([Math.min(10_000, LINES), LINES])];
  const results = [];
  for (const n of sizes) {
    const file = join(dir, `dossiers-${n}.jsonl`);
    await writeJsonl(file, n);
    const best = [run(file), run(file)].sort((a, b) => a.seconds - b.seconds)[0];
    results.push({ n, file, ...best });
    console.log(
      `${String(n.toLocaleString("en-US")).padStart(8)} lines: ${best.seconds.toFixed(2)} s wall (best of 2), ` +
        `${Math.round(n / best.seconds).toLocaleString("en-US")} dossiers/s, peak RSS ${best.maxRssMB.toFixed(0)} MB`,
    );
  }
  const last = results.at(-1);
  const first = results[0];
  console.log(`target < 5 s for 100,000 lines: ${LINES >= 100_000 ? (last.seconds < 5 ? "met" : "MISSED") : "not measured (fewer lines)"}`);
  if (results.length > 1) {
    const growth = last.maxRssMB / first.maxRssMB;
    console.log(`memory: peak RSS ×${growth.toFixed(2)} from ${first.n.toLocaleString("en-US")} to ${last.n.toLocaleString("en-US")} lines: ${growth < 1.5 ? "flat" : "GROWS"}`);
  }
  // Streaming, not accumulating: the whole file again with the V8 old space capped at 32 MB
  // (the input file alone is over 100 MB at 100,000 lines); it must still succeed.
  const capped = run(last.file, ["--max-old-space-size=32"]);
  console.log(`memory: ${last.n.toLocaleString("en-US")} lines with a 32 MB heap cap: ok in ${capped.seconds.toFixed(2)} s, peak RSS ${capped.maxRssMB.toFixed(0)} MB`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
