// Makes the run fixtures of the playground's tests: two real `succ eval` runs of the built CLI
// against a chat-completions server on 127.0.0.1 that answers as a pretend model would
// (scripts/replies.mjs). Run from the repository after `pnpm build`:
//
//   pnpm --filter playground fixtures
//
// Writes fixtures/runs/<model>/{results.jsonl,summary.json} (replacing the earlier ones). One
// request in flight at a time (-c 1) so that the files come out in the same order every time;
// the first request of task 7 gets an HTTP 400, to show a failed rollout.
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { generateTasks } from "@succ/generator";
import { MODELS, replyFor } from "./replies.mjs";

const here = fileURLToPath(new URL(".", import.meta.url));
const root = resolve(here, "../../..");
const bin = join(root, "packages/cli/dist/bin.js");
const outRoot = resolve(here, "../fixtures/runs");
const N = 40;
const R = 2;

const tasks = new Map();
for (const t of generateTasks({ n: N, seed: 0, level: 0 })) tasks.set(t.prompt, t);

let model = "";
const asked = new Map();
const server = createServer((req, res) => {
  const chunks = [];
  req.on("data", (d) => chunks.push(d));
  req.on("end", () => {
    const send = (status, body) => {
      const text = JSON.stringify(body);
      res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
      res.end(text);
    };
    if (req.method === "GET") return send(200, { object: "list", data: Object.keys(MODELS).map((id) => ({ id, object: "model" })) });
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const task = tasks.get(body.messages[0].content);
    if (!task) return send(400, { error: { message: "unknown prompt" } });
    const draw = asked.get(task.id) ?? 0;
    asked.set(task.id, draw + 1);
    if (task.info.index === 7 && draw === 0) return send(400, { error: { message: "context length exceeded (pretend)" } });
    const content = replyFor(model, task, draw, 200 + ((task.info.index * 37) % 400));
    send(200, {
      id: `chatcmpl-${task.id}-${draw}`,
      object: "chat.completion",
      created: 0,
      model: body.model,
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
      usage: { prompt_tokens: Math.ceil(task.prompt.length / 4), completion_tokens: Math.ceil(content.length / 4), total_tokens: Math.ceil(task.prompt.length / 4) + Math.ceil(content.length / 4) },
    });
  });
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const url = `http://127.0.0.1:${server.address().port}/v1`;

try {
  for (const name of Object.keys(MODELS)) {
    model = name;
    asked.clear();
    const out = join(outRoot, name);
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    // Not spawnSync: the server answers from this process's event loop.
    const child = spawn(process.execPath, [bin, "eval", "--base-url", url, "--model", name, "-n", String(N), "-r", String(R), "-c", "1", "--out", out], {
      env: { ...process.env, OPENAI_API_KEY: "" },
      stdio: ["ignore", "inherit", "inherit"],
    });
    const code = await new Promise((ok) => child.on("close", ok));
    if (code !== 0) throw new Error(`succ eval exited ${code}`);
  }
} finally {
  server.close();
}
