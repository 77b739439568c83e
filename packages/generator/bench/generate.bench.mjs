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
//  6. Levels 1-6 in process (issue 21), in CPU time: tasks per CPU-second for the mix, levels 5
//     and 6 and the mix with --fictional-law (targets 5,000, 2,000, 2,000, 2,000), beside their
//     floor (the engine reading and computing the accepted dossiers once); the gold rebuild of a
//     task id (`taskGold`) per level, beside the same floor (target: at most 0.3 ms); and
//     `succ generate --jobs 1` against `--jobs 2` through the CLI, wall time and CPU time (target:
//     2 jobs at least 1.6× faster in wall time on a machine of 2 cores or more; only meaningful
//     when nothing else runs). 50,000 tasks by default: over 10,000, each thread's start (its own
//     copy of the code compiled and warmed up) weighs as much as the drawing. One job already
//     keeps more than one core busy (V8's compiler and garbage collector run beside it), which
//     the row prints: that share bounds the speed-up of 2 jobs on 2 cores. Beside them, the
//     machine's own ceiling (reported, no target): two independent processes started together,
//     each drawing half the set, with nothing shared and nothing to put in order.
// Usage: node bench/generate.bench.mjs [--tasks 100000] [--level-tasks 10000] [--runs 5] [--level7-tasks 600]
//        [--gen-tasks 2000] [--gold-tasks 600] [--jobs-tasks 50000] [--strict]
// Build first (`pnpm build` at the root). --strict exits 1 when a target is missed.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, openSync, closeSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { tasks: { type: "string", default: "100000" }, "level-tasks": { type: "string", default: "10000" }, runs: { type: "string", default: "5" }, "level7-tasks": { type: "string", default: "600" }, "gen-tasks": { type: "string", default: "2000" }, "gold-tasks": { type: "string", default: "600" }, "jobs-tasks": { type: "string", default: "50000" }, strict: { type: "boolean", default: false } },
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
await levelRows(Number(values["gen-tasks"]), Number(values["gold-tasks"]), Number(values["jobs-tasks"]));

if (values.strict && results.includes(false)) process.exit(1);

// Shared by sections 5 and 6: the built generator and engine, the CPU time (user + sys) of a
// call in seconds, and the median of a list.
async function builds() {
  const gen = await import(new URL("../dist/index.js", import.meta.url).href);
  const engine = await import(new URL("../../engine/dist/index.js", import.meta.url).href);
  return { gen, engine };
}
function cpuSeconds(f) {
  const t0 = process.cpuUsage();
  f();
  const u = process.cpuUsage(t0);
  return (u.user + u.system) / 1e6;
}
function medianOf(xs) {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}

// 5. Level 7 (the civil devolution computed), in process and in CPU time (user + sys; the machine
//    may be shared), each figure the median of three runs over the same task ids, after a warm-up.
//    The floor of a gold rebuild: the engine reading and computing the task's own dossier once
//    (every draw the rebuild redraws, and each civil mistake's counterfactual, come on top).
async function level7Rows(n) {
  const { gen, engine } = await builds();
  const SEED = 21;
  // Warm-up of both paths (the JIT), on other ids.
  for (let i = 0; i < 1000; i++) {
    gen.taskGold(SEED + 1, i, 7);
    gen.generateTask(SEED + 2, i, 7);
  }
  const dossiers = [];
  const rate = [];
  for (let r = 0; r < 3; r++) rate.push(cpuSeconds(() => { for (let i = 0; i < n; i++) if (r === 0) dossiers.push(gen.generateTask(SEED, i, 7).info.dossier); else gen.generateTask(SEED, i, 7); }));
  const perSecond = n / medianOf(rate);
  console.log(`level 7 in process, generateTask × ${n} (3 runs): ${Math.round(perSecond)} tasks per CPU-second`);
  // The rebuild and its floor interleaved, run by run.
  const gold = [];
  const floor = [];
  for (let r = 0; r < 3; r++) {
    gold.push(cpuSeconds(() => { for (let i = 0; i < n; i++) gen.taskGold(SEED, i, 7); }));
    floor.push(cpuSeconds(() => { for (const d of dossiers) engine.compute(engine.readDossier(d)); }));
  }
  const goldMs = (1000 * medianOf(gold)) / n;
  const floorMs = (1000 * medianOf(floor)) / n;
  console.log(`level 7 gold rebuild (taskGold), ${n} ids: ${goldMs.toFixed(3)} ms a task; floor (readDossier + compute of its dossier) ${floorMs.toFixed(3)} ms; ratio ${(goldMs / floorMs).toFixed(1)}×`);
  report("level 7 gold rebuild of a task id", goldMs.toFixed(3), "CPU ms", goldMs <= 0.3, "≤ 0.3 ms");
}

// 6. Levels 1-6 (issue 21), in process and in CPU time (user + sys), each figure the median of
//    three runs, the task and its floor interleaved run by run, after a warm-up. The floor: the
//    engine reading and computing each accepted task's dossier once, under the task's law (what
//    no generator can skip); the draws, the redraws, the guards' counterfactuals, the prompt and
//    the line come on top.
async function levelRows(genTasks, goldTasks, jobsTasks) {
  const { gen, engine } = await builds();
  const SEED = 21;
  const floorOf = (tasks) => () => {
    for (const t of tasks) engine.compute(engine.readDossier(t.info.dossier), { source: gen.lawSourceOf(t.info) });
  };
  const sets = [
    ["the mix", { level: 0 }, 5000],
    ["level 5", { level: 5 }, 2000],
    ["level 6", { level: 6 }, 2000],
    ["the mix, --fictional-law", { level: 0, fictionalLaw: true }, 2000],
  ];
  for (const [name, o, target] of sets) {
    const opts = { ...o, seed: SEED, n: genTasks };
    for (const t of gen.generateTasks({ ...opts, seed: SEED + 1, n: 200 })) gen.taskLine(t);
    const tasks = [...gen.generateTasks(opts)];
    const run = [];
    const floor = [];
    for (let r = 0; r < 3; r++) {
      run.push(cpuSeconds(() => { for (const t of gen.generateTasks(opts)) gen.taskLine(t); }));
      floor.push(cpuSeconds(floorOf(tasks)));
    }
    const rate = genTasks / medianOf(run);
    const floorRate = genTasks / medianOf(floor);
    console.log(`${name}, generateTasks + taskLine × ${genTasks} (3 runs): ${Math.round(rate)} tasks per CPU-second; floor (readDossier + compute of each task's dossier) ${Math.round(floorRate)}; the floor is ${(floorRate / rate).toFixed(1)}× faster`);
    report(`${name}: tasks per CPU-second`, Math.round(rate), "tasks/CPU-s", rate >= target, `≥ ${target.toLocaleString("en")}`);
  }

  const golds = [["the mix", 0, {}], ...[1, 2, 3, 4, 5, 6].map((l) => [`level ${l}`, l, {}]), ["the mix, --fictional-law", 0, { fictionalLaw: true }]];
  for (const [name, level, o] of golds) {
    for (let i = 0; i < 200; i++) gen.taskGold(SEED + 1, i, level, o);
    const tasks = [];
    for (let i = 0; i < goldTasks; i++) tasks.push(gen.generateTask(SEED, i, level, o));
    const gold = [];
    const floor = [];
    for (let r = 0; r < 3; r++) {
      gold.push(cpuSeconds(() => { for (let i = 0; i < goldTasks; i++) gen.taskGold(SEED, i, level, o); }));
      floor.push(cpuSeconds(floorOf(tasks)));
    }
    const goldMs = (1000 * medianOf(gold)) / goldTasks;
    const floorMs = (1000 * medianOf(floor)) / goldTasks;
    console.log(`${name} gold rebuild (taskGold), ${goldTasks} ids: ${goldMs.toFixed(3)} ms a task; floor ${floorMs.toFixed(3)} ms; ratio ${(goldMs / floorMs).toFixed(1)}×`);
    report(`${name}: gold rebuild of a task id`, goldMs.toFixed(3), "CPU ms", goldMs <= 0.3, "≤ 0.3 ms");
  }

  // --jobs 1 against --jobs 2 through the CLI, alternated, each the median of three runs: wall
  // time (what more cores buy) and the child's CPU time (user + sys, from /usr/bin/time).
  const timeBin = "/usr/bin/time";
  // `succ generate ARGS` as a command and its arguments, under /usr/bin/time when there is one,
  // and the CPU time it prints on stderr (NaN without it).
  const timed = (args) => (existsSync(timeBin) ? [timeBin, ["-f", "CPU %U %S", process.execPath, bin, "generate", ...args]] : [process.execPath, [bin, "generate", ...args]]);
  const cpuOf = (stderr) => {
    const m = /CPU ([\d.]+) ([\d.]+)/.exec(stderr);
    return m ? Number(m[1]) + Number(m[2]) : NaN;
  };
  const jobsRun = (jobs) => {
    const devnull = openSync("/dev/null", "w");
    const t0 = process.hrtime.bigint();
    const r = spawnSync(...timed(["-n", String(jobsTasks), "--jobs", String(jobs)]), { stdio: ["ignore", devnull, "pipe"], encoding: "utf8" });
    const wall = Number(process.hrtime.bigint() - t0) / 1e9;
    closeSync(devnull);
    if (r.status !== 0) throw new Error(`succ generate --jobs ${jobs} exited with ${r.status}: ${r.stderr}`);
    return { wall, cpu: cpuOf(r.stderr) };
  };
  // The machine's own ceiling for 2 jobs: two independent `succ generate` processes started
  // together, each drawing half the set (`-n H` and `-n H --offset H`), with nothing shared and
  // nothing to put in order; wall time until both end, CPU time summed. What --jobs 2 cannot beat.
  const halvesRun = async () => {
    const half = Math.floor(jobsTasks / 2);
    const t0 = process.hrtime.bigint();
    const cpus = await Promise.all(
      [["-n", String(half)], ["-n", String(jobsTasks - half), "--offset", String(half)]].map(
        (range) =>
          new Promise((resolve, reject) => {
            const child = spawn(...timed(range), { stdio: ["ignore", "ignore", "pipe"] });
            let err = "";
            child.stderr.on("data", (d) => (err += d));
            child.on("error", reject);
            child.on("close", (code) => (code === 0 ? resolve(cpuOf(err)) : reject(new Error(`succ generate ${range.join(" ")} exited with ${code}: ${err}`))));
          }),
      ),
    );
    return { wall: Number(process.hrtime.bigint() - t0) / 1e9, cpu: cpus[0] + cpus[1] };
  };
  const one = [];
  const two = [];
  const halves = [];
  for (let r = 0; r < 3; r++) {
    one.push(jobsRun(1));
    two.push(jobsRun(2));
    halves.push(await halvesRun());
  }
  const wall1 = medianOf(one.map((x) => x.wall));
  const wall2 = medianOf(two.map((x) => x.wall));
  const wallH = medianOf(halves.map((x) => x.wall));
  const cpu1 = medianOf(one.map((x) => x.cpu));
  const cpu2 = medianOf(two.map((x) => x.cpu));
  const cpuH = medianOf(halves.map((x) => x.cpu));
  const cores = (await import("node:os")).availableParallelism();
  console.log(`succ generate -n ${jobsTasks} > /dev/null (3 runs each, ${cores} cores): --jobs 1 ${wall1.toFixed(2)} s wall, ${cpu1.toFixed(2)} s CPU (${(cpu1 / wall1).toFixed(2)} cores busy); --jobs 2 ${wall2.toFixed(2)} s wall, ${cpu2.toFixed(2)} s CPU (${(cpu2 / wall2).toFixed(2)} cores busy)`);
  console.log(`the machine's ceiling for 2 jobs, two independent processes each drawing half: ${wallH.toFixed(2)} s wall, ${cpuH.toFixed(2)} s CPU, ${(wall1 / wallH).toFixed(2)}× --jobs 1; --jobs 2 reaches ${Math.round((100 * wallH) / wall2)} % of that speed`);
  if (cores >= 2) report("--jobs 2 against --jobs 1, wall time", `${(wall1 / wall2).toFixed(2)}×`, "faster", wall1 / wall2 >= 1.6, "≥ 1.6× on 2 cores, when nothing else runs");
}
