// Benchmark of `succ compute --jsonl` on JSONL files of deterministic dossiers (1–9
// beneficiaries, estates and gifts with every rule; packages/engine/bench/dossiers.mjs), under
// the `seed` rules and the same dossiers under `cgi`, output to /dev/null, against its floor:
// jsonl-floor.mjs, which reads the same file line by line the same way, only does JSON.parse +
// JSON.stringify of each line, and writes the same way. Each child reports its own CPU time
// (user + sys), peak RSS and garbage-collection time when it exits; floor and engine run
// interleaved, three times each, and the figures are medians.
//
//   pnpm --filter @succ/cli bench         (after `pnpm build`; the root `pnpm bench` builds)
//   node packages/cli/bench/compute-jsonl.bench.mjs [--lines 100000] [--runs 3]
//
// Targets: issue 21, at most 1.5× the floor in CPU time on 100,000 dossiers, under seed and
// under cgi; issue 2, 100,000 dossiers in under 5 s, and flat memory: the peak RSS at 100,000
// lines is about the one at 10,000 (streaming, not accumulating).
import { spawnSync } from "node:child_process";
import { createWriteStream, mkdtempSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { asCgi, makeSet } from "../../engine/bench/dossiers.mjs";

const BIN = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
const FLOOR = fileURLToPath(new URL("./jsonl-floor.mjs", import.meta.url));
const option = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const LINES = option("--lines", 100_000);
const RUNS = option("--runs", 3);
const RATIO_TARGET = 1.5;
const dir = mkdtempSync(join(tmpdir(), "succ-jsonl-bench-"));

// The child reports, when it exits, its CPU time, peak RSS and the time of its GC pauses.
const hook = join(dir, "report.cjs");
writeFileSync(
  hook,
  `const { PerformanceObserver } = require("node:perf_hooks");
let gcMs = 0, gcCount = 0;
new PerformanceObserver((list) => { for (const e of list.getEntries()) { gcMs += e.duration; gcCount++; } }).observe({ entryTypes: ["gc"] });
process.on("exit", () => {
  const cpu = process.cpuUsage();
  require("node:fs").writeFileSync(process.env.SUCC_BENCH_REPORT, JSON.stringify({ cpu: (cpu.user + cpu.system) / 1e6, maxRssMB: process.resourceUsage().maxRSS / 1024, gcMs, gcCount }));
});
`,
);

async function writeJsonl(file, n, map = (d) => d) {
  // Distinct dossiers, generated in chunks so that the benchmark itself stays small in memory.
  const out = createWriteStream(file);
  const chunk = 5000;
  for (let k = 0; k < n; k += chunk) {
    const set = makeSet(1000 + k, 1, 9, Math.min(chunk, n - k));
    if (!out.write(`${set.map((d) => JSON.stringify(map(d))).join("\n")}\n`)) await new Promise((r) => out.once("drain", r));
  }
  await new Promise((r) => out.end(r));
}

function run(args, nodeOptions = []) {
  const report = join(dir, "report.json");
  const devnull = openSync("/dev/null", "w");
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [...nodeOptions, "--require", hook, ...args], {
    stdio: ["ignore", devnull, "pipe"],
    env: { ...process.env, SUCC_BENCH_REPORT: report },
    encoding: "utf8",
  });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  closeSync(devnull);
  if (r.status !== 0) throw new Error(`${args.join(" ")} exited with ${r.status}: ${r.stderr}`);
  return { seconds, ...JSON.parse(readFileSync(report, "utf8")) };
}
const engine = (file, nodeOptions) => run([BIN, "compute", "--jsonl", file], nodeOptions);
const floor = (file) => run([FLOOR, file]);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  console.log(`succ compute --jsonl benchmark — node ${process.version}, ${LINES.toLocaleString("en-US")} dossiers, ${RUNS} interleaved runs of the floor and the engine, CPU time (user + sys)`);
  const files = { seed: join(dir, "seed.jsonl"), cgi: join(dir, "cgi.jsonl") };
  await writeJsonl(files.seed, LINES);
  await writeJsonl(files.cgi, LINES, asCgi);
  const rows = {};
  for (const [set, file] of Object.entries(files)) {
    const e = [];
    const f = [];
    for (let k = 0; k < RUNS; k++) {
      f.push(floor(file));
      e.push(engine(file));
    }
    const cpuE = median(e.map((x) => x.cpu));
    const cpuF = median(f.map((x) => x.cpu));
    const ratio = cpuE / cpuF;
    const gcE = median(e.map((x) => x.gcMs / 1000 / x.cpu));
    const gcF = median(f.map((x) => x.gcMs / 1000 / x.cpu));
    rows[set] = { e, f, ratio, wall: median(e.map((x) => x.seconds)), rss: median(e.map((x) => x.maxRssMB)) };
    console.log(
      `${set.padEnd(4)}: engine ${cpuE.toFixed(2)} s CPU (${(1e6 * cpuE / LINES).toFixed(1)} µs a dossier, GC ${(100 * gcE).toFixed(1)} %, ${median(e.map((x) => x.gcCount))} GCs), ` +
        `floor ${cpuF.toFixed(2)} s CPU (GC ${(100 * gcF).toFixed(1)} %): ×${ratio.toFixed(2)} ` +
        `[runs ${e.map((x, k) => (x.cpu / f[k].cpu).toFixed(2)).join(", ")}] — target ≤ ${RATIO_TARGET}×: ${LINES >= 100_000 ? (ratio <= RATIO_TARGET ? "met" : "MISSED") : "not measured (fewer lines)"}`,
    );
  }
  const seed = rows.seed;
  console.log(`${LINES.toLocaleString("en-US")} seed lines: ${seed.wall.toFixed(2)} s wall (median), ${Math.round(LINES / seed.wall).toLocaleString("en-US")} dossiers/s, peak RSS ${seed.rss.toFixed(0)} MB`);
  console.log(`target < 5 s for 100,000 lines: ${LINES >= 100_000 ? (seed.wall < 5 ? "met" : "MISSED") : "not measured (fewer lines)"}`);
  if (LINES > 10_000) {
    const smallFile = join(dir, "seed-10000.jsonl");
    await writeJsonl(smallFile, 10_000);
    const small = engine(smallFile);
    const growth = seed.rss / small.maxRssMB;
    console.log(`memory: peak RSS ×${growth.toFixed(2)} from 10,000 (${small.maxRssMB.toFixed(0)} MB) to ${LINES.toLocaleString("en-US")} lines: ${growth < 1.5 ? "flat" : "GROWS"}`);
  }
  // Streaming, not accumulating: the whole file again with the V8 old space capped at 32 MB
  // (the input file alone is over 100 MB at 100,000 lines); it must still succeed.
  const capped = engine(files.seed, ["--max-old-space-size=32"]);
  console.log(`memory: ${LINES.toLocaleString("en-US")} lines with a 32 MB heap cap: ok in ${capped.seconds.toFixed(2)} s, peak RSS ${capped.maxRssMB.toFixed(0)} MB`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
