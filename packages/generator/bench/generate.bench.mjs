// Benchmarks of `succ generate` (issue 3, "Performance"), through the built CLI:
//  1. the default 400 tasks written to a file: wall time (target < 1 s);
//  2. 100,000 tasks streamed to /dev/null: tasks/s (target ≥ 2,000/s) and peak RSS (< 200 MB);
//  3. levels 4, 5 and 6 alone (`--level L`, 10,000 tasks each) streamed to /dev/null: tasks/s
//     (target for levels 5 and 6, the real law: at least half the rate of level 4);
//  4. `--fictional-law` (each task's own law): the mix and level 5, tasks/s (reported, with their
//     share of the rate without the option; no target).
//  5. Level 7 in process (issue 21): tasks per CPU-second, and the gold rebuild of a task id
//     (`taskGold`, what `succ serve` does) in CPU ms beside its floor, the engine reading and
//     computing the same task's dossier once (target: at most 0.3 ms).
// Usage: node bench/generate.bench.mjs [--tasks 100000] [--level-tasks 10000] [--runs 5] [--level7-tasks 600] [--strict]
// Build first (`pnpm build` at the root). --strict exits 1 when a target is missed.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, openSync, closeSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { tasks: { type: "string", default: "100000" }, "level-tasks": { type: "string", default: "10000" }, runs: { type: "string", default: "5" }, "level7-tasks": { type: "string", default: "600" }, strict: { type: "boolean", default: false } },
});
const STREAM_TASKS = Number(values.tasks);
const LEVEL_TASKS = Number(values["level-tasks"]);
const RUNS = Number(values.runs);
const bin = fileURLToPath(new URL("../../cli/dist/bin.js", import.meta.url));
if (!existsSync(bin)) {
  console.error(`bench: ${bin} is missing; run \`pnpm build\` first`);
  process.exit(2);
}

const TARGETS = { fileSeconds: 1, tasksPerSecond: 2000, rssMB: 200 };
const results = [];
const report = (name, value, unit, ok, target) => {
  results.push(ok);
  console.log(`${ok ? "ok  " : "SLOW"} ${name}: ${value} ${unit} (target ${target})`);
};

// 1. Default set to a file, wall time of the whole command (node start-up included).
const dir = mkdtempSync(join(tmpdir(), "succ-bench-"));
const out = join(dir, "tasks.jsonl");
const times = [];
for (let i = 0; i < RUNS; i++) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [bin, "generate", "--out", out], { stdio: ["ignore", "ignore", "inherit"] });
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0) throw new Error(`succ generate exited with ${r.status}`);
  times.push(s);
}
times.sort((a, b) => a - b);
const size = statSync(out).size;
rmSync(dir, { recursive: true, force: true });
const median = times[Math.floor(times.length / 2)];
console.log(`succ generate --out FILE (400 tasks, ${(size / 1e6).toFixed(1)} MB), ${RUNS} runs: min ${times[0].toFixed(3)} s, median ${median.toFixed(3)} s`);
report("default set to a file, median wall time", median.toFixed(3), "s", median < TARGETS.fileSeconds, `< ${TARGETS.fileSeconds} s`);

// 2. Streaming to /dev/null, with peak resident memory.
const devnull = openSync("/dev/null", "w");
let wall;
let rssKB;
const timeBin = "/usr/bin/time";
if (existsSync(timeBin)) {
  const r = spawnSync(timeBin, ["-v", process.execPath, bin, "generate", "-n", String(STREAM_TASKS)], { stdio: ["ignore", devnull, "pipe"], encoding: "utf8" });
  if (r.status !== 0) throw new Error(`succ generate exited with ${r.status}: ${r.stderr}`);
  rssKB = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr)[1]);
  const m = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/.exec(r.stderr);
  wall = Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]);
} else {
  // Without GNU time: the child reports its own peak RSS (process.resourceUsage) on exit.
  const probe = `process.on("exit",()=>process.stderr.write("RSS "+process.resourceUsage().maxRSS+"\\n"));process.argv.splice(1,1);await import(${JSON.stringify(bin)});`;
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", probe, bin, "generate", "-n", String(STREAM_TASKS)], { stdio: ["ignore", devnull, "pipe"], encoding: "utf8" });
  wall = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0) throw new Error(`succ generate exited with ${r.status}: ${r.stderr}`);
  rssKB = Number(/RSS (\d+)/.exec(r.stderr)[1]);
}
closeSync(devnull);
const rate = STREAM_TASKS / wall;
const rssMB = rssKB / 1024;
console.log(`succ generate -n ${STREAM_TASKS} > /dev/null: ${wall.toFixed(1)} s, ${Math.round(rate)} tasks/s, peak RSS ${rssMB.toFixed(0)} MB`);
report("streaming rate", Math.round(rate), "tasks/s", rate >= TARGETS.tasksPerSecond, `≥ ${TARGETS.tasksPerSecond}/s`);
report("streaming peak RSS", rssMB.toFixed(0), "MB", rssMB < TARGETS.rssMB, `< ${TARGETS.rssMB} MB`);

// 3. One level at a time, streamed to /dev/null (node start-up included, as a user runs it).
const levelRate = (level, extra = []) => {
  const out = openSync("/dev/null", "w");
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [bin, "generate", "-n", String(LEVEL_TASKS), "--level", String(level), ...extra], { stdio: ["ignore", out, "inherit"] });
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  closeSync(out);
  if (r.status !== 0) throw new Error(`succ generate --level ${level} ${extra.join(" ")} exited with ${r.status}`);
  return LEVEL_TASKS / s;
};
const rates = {};
for (const level of [4, 5, 6]) {
  rates[level] = levelRate(level);
  console.log(`succ generate -n ${LEVEL_TASKS} --level ${level} > /dev/null: ${Math.round(rates[level])} tasks/s`);
}
for (const level of [5, 6]) {
  const ratio = rates[level] / rates[4];
  report(`level ${level} rate, share of level 4's`, `${Math.round(100 * ratio)} %`, `(${Math.round(rates[level])} against ${Math.round(rates[4])} tasks/s)`, ratio >= 0.5, "≥ 50 %");
}

// 4. --fictional-law: the mix and level 5, beside the same sets under the real law.
const mixRate = levelRate(0);
for (const [level, real] of [[0, mixRate], [5, rates[5]]]) {
  const rate = levelRate(level, ["--fictional-law"]);
  const name = level === 0 ? "the mix" : `level ${level}`;
  console.log(`succ generate -n ${LEVEL_TASKS} --level ${level} --fictional-law > /dev/null: ${Math.round(rate)} tasks/s (${name}; ${Math.round((100 * rate) / real)} % of the ${Math.round(real)} tasks/s without the option)`);
}

await level7Rows(Number(values["level7-tasks"]));

if (values.strict && results.includes(false)) process.exit(1);

// 5. Level 7 (the civil devolution computed), in process and in CPU time (user + sys; the machine
//    may be shared), each figure the median of three runs over the same task ids, after a warm-up.
//    The floor of a gold rebuild: the engine reading and computing the task's own dossier once
//    (every draw the rebuild redraws, and each civil mistake's counterfactual, come on top).
async function level7Rows(n) {
  const gen = await import(new URL("../dist/index.js", import.meta.url).href);
  const engine = await import(new URL("../../engine/dist/index.js", import.meta.url).href);
  const cpu = (f) => {
    const t0 = process.cpuUsage();
    f();
    const u = process.cpuUsage(t0);
    return (u.user + u.system) / 1e6;
  };
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const SEED = 21;
  // Warm-up of both paths (the JIT), on other ids.
  for (let i = 0; i < 1000; i++) {
    gen.taskGold(SEED + 1, i, 7);
    gen.generateTask(SEED + 2, i, 7);
  }
  const dossiers = [];
  const rate = [];
  for (let r = 0; r < 3; r++) rate.push(cpu(() => { for (let i = 0; i < n; i++) if (r === 0) dossiers.push(gen.generateTask(SEED, i, 7).info.dossier); else gen.generateTask(SEED, i, 7); }));
  const perSecond = n / median(rate);
  console.log(`level 7 in process, generateTask × ${n} (3 runs): ${Math.round(perSecond)} tasks per CPU-second`);
  // The rebuild and its floor interleaved, run by run.
  const gold = [];
  const floor = [];
  for (let r = 0; r < 3; r++) {
    gold.push(cpu(() => { for (let i = 0; i < n; i++) gen.taskGold(SEED, i, 7); }));
    floor.push(cpu(() => { for (const d of dossiers) engine.compute(engine.readDossier(d)); }));
  }
  const goldMs = (1000 * median(gold)) / n;
  const floorMs = (1000 * median(floor)) / n;
  console.log(`level 7 gold rebuild (taskGold), ${n} ids: ${goldMs.toFixed(3)} ms a task; floor (readDossier + compute of its dossier) ${floorMs.toFixed(3)} ms; ratio ${(goldMs / floorMs).toFixed(1)}×`);
  report("level 7 gold rebuild of a task id", goldMs.toFixed(3), "CPU ms", goldMs <= 0.3, "≤ 0.3 ms");
}
