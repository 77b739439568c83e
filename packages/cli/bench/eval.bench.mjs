// Benchmark of `succ eval` (issue 5): throughput and the CLI's own overhead, against a local
// chat-completions server that answers at once (gold replies, so scoring runs in full).
// Run on the built CLI (`pnpm build` first; the root `pnpm bench` does):
//
//   node packages/cli/bench/eval.bench.mjs [-n 400] [-r 2] [-c 32]
//
// Reports rollouts/s over the CLI's whole wall time (start-up, task generation, the pre-flight
// request and the final summary included) and the CLI's CPU time (user + system, measured inside
// the CLI process by a preloaded hook) against that wall time.
//
//   target: >= 200 rollouts/s at -c 32
//
// Exit code 1 if the target is missed by more than a factor of 2 (timings move with the
// machine and its load; a near miss is reported as FAIL but does not fail the run).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { generateTasks } from "@succ/generator";
import { formatAnswer } from "@succ/scoring";

const { values } = parseArgs({
  options: { n: { type: "string", short: "n" }, r: { type: "string", short: "r" }, c: { type: "string", short: "c" } },
});
const n = Number(values.n ?? 400);
const r = Number(values.r ?? 2);
const c = Number(values.c ?? 32);
const TARGET = 200;

const bin = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "succ-eval-bench-"));

// Gold replies, looked up by prompt: the server does no work per request beyond a map lookup.
const replies = new Map();
for (const t of generateTasks({ n, seed: 0, level: 0, offset: 0 })) replies.set(t.prompt, `Calcul.\n${formatAnswer(t.answer)}`);

let requests = 0;
const server = createServer((req, res) => {
  const chunks = [];
  req.on("data", (d) => chunks.push(d));
  req.on("end", () => {
    if (req.method === "GET") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"object":"list","data":[{"id":"bench-model","object":"model"}]}');
      return;
    }
    requests++;
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const content = replies.get(body.messages[0].content) ?? "?";
    const text = JSON.stringify({
      id: `chatcmpl-${requests}`,
      object: "chat.completion",
      created: 0,
      model: body.model,
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
      usage: { prompt_tokens: 1000, completion_tokens: 100, total_tokens: 1100 },
    });
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
    res.end(text);
  });
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${server.address().port}/v1`;

// Preloaded into the CLI: writes its own CPU usage (microseconds) when it exits.
const cpuFile = join(work, "cpu.json");
const hook = join(work, "cpu-hook.mjs");
writeFileSync(
  hook,
  `import { writeFileSync } from "node:fs";\nprocess.on("exit", () => writeFileSync(${JSON.stringify(cpuFile)}, JSON.stringify(process.cpuUsage())));\n`,
);

const out = join(work, "run");
const args = ["--import", hook, bin, "eval", "--base-url", url, "--model", "bench-model", "-n", String(n), "-r", String(r), "-c", String(c), "--out", out];
const started = process.hrtime.bigint();
const code = await new Promise((resolve) => {
  const child = spawn(process.execPath, args, { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, OPENAI_API_KEY: "" } });
  let err = "";
  child.stderr.on("data", (d) => (err += d));
  child.on("close", (status) => {
    if (status !== 0) process.stderr.write(err);
    resolve(status);
  });
});
const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
server.close();

const cpu = JSON.parse(readFileSync(cpuFile, "utf8"));
const summary = JSON.parse(readFileSync(join(out, "summary.json"), "utf8"));
rmSync(work, { recursive: true, force: true });

const rollouts = summary.overall.done;
const rate = (rollouts * 1000) / wallMs;
const cpuMs = (cpu.user + cpu.system) / 1000;
const ok = code === 0 && rollouts === n * r && summary.overall.success_rate === 1;
const rows = [
  ["rollouts", `${rollouts} (${n} tasks × ${r}), ${requests} requests, mean reward ${summary.overall.mean_reward}`],
  ["wall time", `${(wallMs / 1000).toFixed(2)} s`],
  ["rollouts/s", `${rate.toFixed(0)} (target ≥ ${TARGET} at -c 32) ${rate >= TARGET ? "ok" : "FAIL"}`],
  ["CLI CPU", `${(cpuMs / 1000).toFixed(2)} s (user ${(cpu.user / 1e6).toFixed(2)} s, system ${(cpu.system / 1e6).toFixed(2)} s) = ${((100 * cpuMs) / wallMs).toFixed(0)} % of wall`],
  ["CLI CPU per rollout", `${(cpuMs / rollouts).toFixed(2)} ms`],
];
process.stdout.write(`succ eval -c ${c} against a server that answers at once\n`);
for (const [k, v] of rows) process.stdout.write(`  ${k.padEnd(20)} ${v}\n`);
if (!ok) {
  process.stdout.write(`  run failed: exit ${code}, ${rollouts} rollouts\n`);
  process.exit(1);
}
process.exit(rate * 2 < TARGET ? 1 : 0);
