// Benchmark of the playground (issue 14), measured in Debian's Chromium on the built app
// (`pnpm build` first; the root `pnpm bench` does):
//
//   JavaScript of the built app, gzipped                    < 300 kB
//   open a level-4 task and show its sheet (in the page)    < 200 ms   (median and worst of 40)
//   load a 10,000-rollout run (drop to figures shown)       < 1 s      (median of 5)
//
//   node bench/playground.bench.mjs [--tasks 40] [--rounds 5] [--reply-chars 2000]
//
// The run is built from real tasks (seed 0, mix, 2,500 tasks × 4 rollouts) with the replies of
// a pretend model (scripts/replies.mjs), about 2,000 characters of reasoning each, scored by
// @succ/scoring, in the format `succ eval` writes. Exit code 1 if the size target is missed, or
// a timing target by more than a factor of 2 (a near miss is reported as FAIL but does not fail
// the run: timings move with the machine's load).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { generateTasks, GENERATOR_VERSION } from "@succ/generator";
import { scoreReply } from "@succ/scoring";
import { DIST, launch, serve } from "../scripts/browser.mjs";
import { replyFor } from "../scripts/replies.mjs";

const { values } = parseArgs({ options: { tasks: { type: "string" }, rounds: { type: "string" }, "reply-chars": { type: "string" } } });
const TASK_SAMPLES = Number(values.tasks ?? 40);
const ROUNDS = Number(values.rounds ?? 5);
const REPLY_CHARS = Number(values["reply-chars"] ?? 2000);
const RUN_TASKS = 2500;
const RUN_ROLLOUTS = 4;

const rows = [];
let failed = false;
function report(what, figure, target, ok, hard) {
  rows.push([what, figure, target, ok ? "ok" : "FAIL"]);
  if (!ok && hard) failed = true;
}

// 1. Size of the built JavaScript, gzipped as a static server would (level 9).
const assets = join(DIST, "assets");
const js = readdirSync(assets).filter((f) => f.endsWith(".js"));
const gz = js.reduce((s, f) => s + gzipSync(readFileSync(join(assets, f)), { level: 9 }).length, 0);
const raw = js.reduce((s, f) => s + readFileSync(join(assets, f)).length, 0);
const bundle = js.map((f) => readFileSync(join(assets, f), "utf8")).join("\n");
report("built JS, gzipped", `${(gz / 1000).toFixed(1)} kB (${(raw / 1000).toFixed(1)} kB raw, ${js.length} file)`, "< 300 kB", gz < 300_000, true);
report("node: imports in the bundle", String((bundle.match(/["']node:[a-z_]+["']/g) ?? []).length), "0", !/["']node:[a-z_]+["']/.test(bundle), true);

// 2. A 10,000-rollout run in the format of `succ eval`, from real tasks.
const work = mkdtempSync(join(tmpdir(), "playground-bench-"));
const t0 = performance.now();
const lines = [];
let sum = 0;
const perLevel = new Map();
for (const task of generateTasks({ n: RUN_TASKS, seed: 0, level: 0 })) {
  for (let rollout = 0; rollout < RUN_ROLLOUTS; rollout++) {
    const reply = replyFor("careful-model", task, rollout, REPLY_CHARS);
    const { score, reason } = scoreReply(reply, task.answer);
    sum += score;
    const l = perLevel.get(task.level) ?? { done: 0, sum: 0, successes: 0 };
    perLevel.set(task.level, { done: l.done + 1, sum: l.sum + score, successes: l.successes + (score >= 0.99 ? 1 : 0) });
    const usage = { prompt_tokens: Math.ceil(task.prompt.length / 4), completion_tokens: Math.ceil(reply.length / 4), total_tokens: 0 };
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
    lines.push(JSON.stringify({ id: task.id, index: task.info.index, level: task.level, variant: task.variant, rollout, reply, score, reason, finish_reason: "stop", usage, latency_ms: 1000, attempts: 1, error: null }));
  }
}
const results = `${lines.join("\n")}\n`;
const summary = {
  task: "succession-fr",
  status: "complete",
  model: "careful-model",
  generator_version: GENERATOR_VERSION,
  seed: 0,
  level: 0,
  n: RUN_TASKS,
  rollouts_per_task: RUN_ROLLOUTS,
  all_or_nothing: false,
  success_threshold: 0.99,
  overall: { expected: lines.length, missing: 0, done: lines.length, errors: 0, mean_reward: sum / lines.length },
  per_level: Object.fromEntries([...perLevel].map(([k, l]) => [String(k), { done: l.done, errors: 0, mean_reward: l.sum / l.done, successes: l.successes, success_rate: l.successes / l.done }])),
};
writeFileSync(join(work, "results.jsonl"), results);
writeFileSync(join(work, "summary.json"), JSON.stringify(summary, null, 2));
const runMb = (Buffer.byteLength(results) / 1e6).toFixed(1);
console.error(`bench: ${lines.length} rollouts (${runMb} MB) built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const server = await serve(DIST, { "/bench/results.jsonl": join(work, "results.jsonl"), "/bench/summary.json": join(work, "summary.json") });
const browser = await launch();
try {
  const page = await browser.context.newPage();

  // 3. Opening a level-4 task: the hash changes, the task is generated and computed in the page,
  // and the time runs until the frame after its sheet is in the document.
  await page.goto(`${server.url}#seed=0&level=4&i=0`);
  await page.waitForSelector('[data-testid="sheet"][data-task-id="succession-4-0"]');
  const cold = await page.evaluate(() => performance.now());
  const times = [];
  for (let k = 1; k <= TASK_SAMPLES; k++) {
    times.push(
      await page.evaluate(
        (k) =>
          new Promise((resolve) => {
            const want = `[data-testid="sheet"][data-task-id="succession-4-${k}"]`;
            const start = performance.now();
            // Never hang: a sheet that does not come in 10 s is reported as Infinity (FAIL).
            setTimeout(() => resolve(Infinity), 10_000);
            const done = () => requestAnimationFrame(() => resolve(performance.now() - start));
            const observer = new MutationObserver(() => {
              if (document.querySelector(want)) {
                observer.disconnect();
                done();
              }
            });
            observer.observe(document.body, { childList: true, subtree: true, attributes: true });
            location.hash = `#seed=0&level=4&i=${k}`;
          }),
        k,
      ),
    );
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const worst = times[times.length - 1];
  report(`open a level-4 task and show its sheet (${TASK_SAMPLES} tasks)`, `median ${median.toFixed(1)} ms, worst ${worst.toFixed(1)} ms`, "< 200 ms", worst < 200, worst >= 400);
  report("first load of a permalink to its sheet", `${cold.toFixed(0)} ms (page load included)`, "—", true, false);

  // 4. Loading the run: its files handed to the drop zone, the time runs until the frame after
  // the per-level table shows the 10,000 rollouts.
  // A fresh page each round: the same files dropped again on the same page change nothing.
  await page.close();
  const loads = [];
  for (let round = 0; round < ROUNDS; round++) {
    const fresh = await browser.context.newPage();
    await fresh.goto(`${server.url}#view=runs`);
    await fresh.waitForSelector('[data-testid="drop-A"]');
    loads.push(
      await fresh.evaluate(async (url) => {
        const data = new DataTransfer();
        for (const name of ["results.jsonl", "summary.json"]) data.items.add(new File([await (await fetch(`${url}bench/${name}`)).blob()], name));
        return new Promise((resolve) => {
          const start = performance.now();
          setTimeout(() => resolve(Infinity), 10_000);
          const observer = new MutationObserver(() => {
            const all = document.querySelector('[data-testid="run-A"] [data-testid="levels"] tr[data-level="all"]');
            if (all && all.textContent.includes("10000")) {
              observer.disconnect();
              requestAnimationFrame(() => resolve(performance.now() - start));
            }
          });
          observer.observe(document.body, { childList: true, subtree: true });
          document.querySelector('[data-testid="drop-A"]').dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
        });
      }, server.url),
    );
    await fresh.close();
  }
  loads.sort((a, b) => a - b);
  const loadMedian = loads[Math.floor(loads.length / 2)];
  report(`load a ${lines.length.toLocaleString("en")}-rollout run (${runMb} MB, ${ROUNDS} rounds)`, `median ${loadMedian.toFixed(0)} ms, worst ${loads[loads.length - 1].toFixed(0)} ms`, "< 1 s", loadMedian < 1000, loadMedian >= 2000);
} finally {
  await browser.close();
  await server.close();
  rmSync(work, { recursive: true, force: true });
}

const widths = [0, 1, 2, 3].map((i) => Math.max(...[["what", "figure", "target", ""], ...rows].map((r) => r[i].length)));
const fmt = (r) => r.map((c, i) => c.padEnd(widths[i])).join("  ");
console.log(fmt(["what", "figure", "target", ""]));
for (const r of rows) console.log(fmt(r));
process.exit(failed ? 1 : 0);
