// Benchmark of `succ score` (issue 21) against its JSON.parse floor, on the built CLI (`pnpm
// build` first; the root `pnpm bench` does):
//
//   node packages/cli/bench/score.bench.mjs [--replies 200000] [--runs 3]
//
// The replies file: --replies lines of {"id", "reply"} for the 400 tasks of the default set, five
// kinds of reply in turn, each about 1,600 characters of reasoning and then (but for the last)
// a <droits> block: the gold block with a newline after it, the gold block, one amount wrong
// (partial credit), every amount written as French text ("149 270 €"), and no block.
//
// The floor is what any scorer of that file pays before scoring: a Node process that reads the
// same file line by line the same way (readline over a read stream), JSON.parse-s each line and
// writes an {"id", "score", "reason"} line for it, buffered in 64 kB chunks as `succ score`
// writes. Both write to /dev/null. CPU time (user + system, measured inside each child at exit,
// start-up included), median of --runs runs, the floor and succ score interleaved.
//
//   target (issue 21): succ score at most 1.3x its floor
//
// Exit code 1 if the ratio is over twice the target (a near miss is reported as MISSED but does
// not fail the run).
import { spawnSync } from "node:child_process";
import { closeSync, createWriteStream, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { generateTasks, taskLine } from "@succ/generator";
import { formatAnswer } from "@succ/scoring";

const { values } = parseArgs({ options: { replies: { type: "string" }, runs: { type: "string" } } });
const REPLIES = Number(values.replies ?? 200_000);
const RUNS = Number(values.runs ?? 3);
const TARGET = 1.3;

const bin = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "succ-score-bench-"));

// The child's own CPU time, written when it exits.
const hook = join(dir, "cpu.cjs");
writeFileSync(hook, 'process.on("exit", () => { const u = process.cpuUsage(); require("node:fs").writeFileSync(process.env.SUCC_BENCH_CPU, String((u.user + u.system) / 1e6)); });\n');

const floorScript = join(dir, "floor.mjs");
writeFileSync(
  floorScript,
  `import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
let buffer = [];
let size = 0;
for await (const line of createInterface({ input: createReadStream(process.argv[2]), crlfDelay: Infinity })) {
  const row = JSON.parse(line);
  const text = \`\${JSON.stringify({ id: row.id, score: 1, reason: "ok" })}\\n\`;
  buffer.push(text);
  size += text.length;
  if (size >= 1 << 16) {
    process.stdout.write(buffer.join(""));
    buffer = [];
    size = 0;
  }
}
process.stdout.write(buffer.join(""));
`,
);

const reasoning = [
  "Calcul de l'actif net successoral : maison à Rennes 420 000 €, comptes 65 000 €, ",
  "moins le prêt immobilier 12 000 € et les frais funéraires forfaitaires de 1 500 €. ",
  "Le conjoint survivant est exonéré (article 796-0 bis du CGI). Chaque enfant reçoit ",
  "sa part ; on applique l'abattement de 100 000 € en ligne directe (article 779 I), puis ",
  "le barème de l'article 777 : 5 % jusqu'à 8 072 €, 10 % jusqu'à 12 109 €, 15 % jusqu'à ",
  "15 932 €, 20 % jusqu'à 552 324 €. Le neveu légataire bénéficie de l'abattement de 7 967 € ",
  "et est taxé à 55 %. Le total des droits est la somme des droits de chaque bénéficiaire. ",
].join("").repeat(2);

const french = (n) => `"${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, "\u202f")} €"`;
const tasks = [...generateTasks({ n: 400, seed: 0, level: 0, offset: 0 })];
const kinds = (gold) => [
  `${reasoning}\n\n${gold}\n`,
  `${reasoning}\n\n${gold}`,
  `${reasoning}\n\n${gold.replace(/"total_droits": (\d+)/, (_, n) => `"total_droits": ${Number(n) + 1}`)}`,
  `${reasoning}\n\n${gold.replace(/: (\d+)/g, (_, n) => `: ${french(n)}`)}`,
  `${reasoning}\n\nJe ne suis pas certain du résultat.`,
];
const perTask = tasks.map((t) => kinds(formatAnswer(t.answer)));

const tasksFile = join(dir, "tasks.jsonl");
const repliesFile = join(dir, "replies.jsonl");

function run(args) {
  const cpuFile = join(dir, "cpu.txt");
  const devnull = openSync("/dev/null", "w");
  const r = spawnSync(process.execPath, ["--require", hook, ...args], {
    stdio: ["ignore", devnull, "pipe"],
    env: { ...process.env, SUCC_BENCH_CPU: cpuFile },
    encoding: "utf8",
  });
  closeSync(devnull);
  if (r.status !== 0) throw new Error(`${args.join(" ")} exited with ${r.status}: ${r.stderr}`);
  return { cpu: Number(readFileSync(cpuFile, "utf8")), stderr: r.stderr };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  writeFileSync(tasksFile, tasks.map((t) => `${taskLine(t)}\n`).join(""));
  const out = createWriteStream(repliesFile);
  let bytes = 0;
  for (let k = 0; k < REPLIES; k++) {
    const t = k % tasks.length;
    const line = `${JSON.stringify({ id: tasks[t].id, reply: perTask[t][Math.floor(k / tasks.length) % 5] })}\n`;
    bytes += Buffer.byteLength(line);
    if (!out.write(line)) await new Promise((r) => out.once("drain", r));
  }
  await new Promise((r) => out.end(r));

  const floor = [];
  const score = [];
  let summary = "";
  for (let i = 0; i < RUNS; i++) {
    floor.push(run([floorScript, repliesFile]).cpu);
    const s = run([bin, "score", "--tasks", tasksFile, "--replies", repliesFile]);
    score.push(s.cpu);
    summary = s.stderr;
  }
  const f = median(floor);
  const s = median(score);
  const ratio = s / f;
  const us = (seconds) => ((seconds * 1e6) / REPLIES).toFixed(2);
  console.log(`succ score benchmark — node ${process.version}`);
  console.log(`${REPLIES.toLocaleString("en-US")} replies (${(bytes / 1e6).toFixed(0)} MB), 400 tasks; CPU s (user + system), median of ${RUNS}, interleaved`);
  console.log(summary.trimEnd().replace(/^/gm, "  "));
  console.log(`  JSON.parse floor: ${f.toFixed(2)} s (${us(f)} µs a reply; runs ${floor.map((x) => x.toFixed(2)).join(", ")})`);
  console.log(`  succ score:       ${s.toFixed(2)} s (${us(s)} µs a reply; runs ${score.map((x) => x.toFixed(2)).join(", ")})`);
  console.log(`succ score / floor: ${ratio.toFixed(2)}x (target ≤ ${TARGET}x): ${ratio <= TARGET ? "met" : "MISSED"}`);
  if (ratio > 2 * TARGET) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
