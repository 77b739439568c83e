import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateTask, generateTasks, taskLine } from "@succ/generator";
import { formatAnswer, type ExpectedAnswer } from "@succ/scoring";
import { afterAll, describe, expect, it } from "vitest";
import { killAllServers, postJson, startServe } from "./helpers/serve";
import { runCli, waitFor } from "./helpers/spawn-cli";

const dir = mkdtempSync(join(tmpdir(), "succ-serve-"));
afterAll(async () => {
  await killAllServers();
  rmSync(dir, { recursive: true, force: true });
});

// The example of @succ/scoring's README: B1 exempt, B2 with 149,270 € taxable and 28,048 € of tax.
const EXPECTED: ExpectedAnswer = {
  beneficiaires: { B1: { part_taxable: 0, droits: 0 }, B2: { part_taxable: 149270, droits: 28048 } },
  total_droits: 28048,
};

/** Child pids of `pid` (the cluster's workers). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" }).split("\n").filter(Boolean).map(Number);
  } catch {
    return []; // ps exits 1 when there is none
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("succ serve: options", () => {
  it("--help names every route and option", async () => {
    const r = await runCli(["serve", "--help"]);
    expect(r.code).toBe(0);
    for (const text of ["POST /score", "POST /openrlhf", "GET  /health", "GET  /version", "--host", "--port", "--workers", "--token-env", "--max-batch", "--max-body-mb", "--cache-size", "--seed", "--level", "--trim-reply", "--all-or-nothing", "--grace", "--tasks"]) {
      expect(r.stdout).toContain(text);
    }
  });

  it.each([
    [["--port", "70000"], "succ serve: --port: expected a whole number from 0 to 65535, got 70000\n"],
    [["--workers", "0"], /^succ serve: --workers: expected a whole number from 1 to \d+, got 0\n$/],
    [["--level", "8"], "succ serve: --level: expected a whole number from 0 to 7, got 8\n"],
    [["--token-env", "SUCC_TEST_UNSET_TOKEN"], "succ serve: --token-env SUCC_TEST_UNSET_TOKEN: the variable is not set or empty\n"],
    [["--token-env", "not a name"], 'succ serve: --token-env: expected the name of an environment variable, got "not a name"\n'],
    [["--bogus"], "succ serve: Unknown option '--bogus'\n"],
  ])("refuses %j with one line and exit code 2", async (args, message) => {
    const r = await runCli(["serve", ...args], { ...process.env, SUCC_TEST_UNSET_TOKEN: "" });
    expect(r.code).toBe(2);
    if (typeof message === "string") expect(r.stderr).toBe(message);
    else expect(r.stderr).toMatch(message);
  });

  it("says so when the port is taken, and exits 2", async () => {
    const first = await startServe();
    const port = new URL(first.url).port;
    const second = await runCli(["serve", "--port", port]);
    expect(second.code).toBe(2);
    expect(second.stderr).toBe(`succ serve: cannot listen on 127.0.0.1:${port}: the port is in use (EADDRINUSE)\n`);
    expect((await first.stop()).code).toBe(0);
  });
});

describe("succ serve --tasks", () => {
  it("reads the golds of task files at start, and scores their ids without rebuilding one", async () => {
    // Two files, as `succ generate --level 6 --seed 5 -n 6 --offset 0|6` writes them.
    const tasks = [...generateTasks({ n: 12, seed: 5, level: 6 })];
    const files = [join(dir, "a.jsonl"), join(dir, "b.jsonl")];
    writeFileSync(files[0]!, tasks.slice(0, 6).map((t) => `${taskLine(t)}\n`).join(""));
    writeFileSync(files[1]!, tasks.slice(6).map((t) => `${taskLine(t)}\n`).join(""));
    const served = await startServe(["--tasks", ...files]);
    try {
      expect(served.running.stderr()).toContain(`succ serve: the gold answers of 12 tasks read from ${files.join(", ")}\n`);
      const r = await postJson(`${served.url}/score`, { items: tasks.map((t) => ({ reply: formatAnswer(t.answer), id: t.id, seed: 5, set: "level-6" })) });
      expect(r.body.scores).toEqual(Array(12).fill(1));
      const version = (await (await fetch(`${served.url}/version`)).json()) as { server: Record<string, unknown> };
      expect(version.server).toMatchObject({ preloaded: 12, cached: 0 });
    } finally {
      expect((await served.stop()).code).toBe(0);
    }
  });

  it("refuses a file that is not one of this generator's, naming the file and the line", async () => {
    const task = JSON.parse(taskLine(generateTask(0, 7, 0)));
    const file = join(dir, "old.jsonl");
    writeFileSync(file, `${taskLine(generateTask(0, 6, 0))}\n${JSON.stringify({ ...task, info: { ...task.info, generatorVersion: "0.0.9" } })}\n`);
    const r = await runCli(["serve", "--port", "0", "--tasks", file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^succ serve: --tasks ${file.replace(/[.\\/]/g, "\\$&")}, line 2: written by generator "0\\.0\\.9", this server rebuilds tasks with [0-9.]+ \\(tasks of this kind: [0-9.]+\\): generate the file again\n$`));
    const none = await runCli(["serve", "--port", "0", "--tasks", join(dir, "missing.jsonl")]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("missing.jsonl");
  });
});

describe("succ serve on 127.0.0.1", () => {
  it("speaks OpenRLHF's remote reward protocol as OpenRLHF sends it", async () => {
    const served = await startServe(["--trim-reply"]);
    try {
      // openrlhf/utils/agent.py (SingleTurnAgentExecutor._fetch_rewards_via_http) posts, with
      // aiohttp's json=, {"query": [...], "prompts": [...], "labels": [...]}; the query is
      // hf_tokenizer.decode(prompt + response tokens, skip_special_tokens=False).
      const template = (prompt: string) => `<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n<|im_start|>user\n${prompt}<|im_end|>\n<|im_start|>assistant\n`;
      const tasks = [...generateTasks({ n: 3 })];
      const prompts = tasks.map((t) => template(t.prompt));
      const query = [
        `${prompts[0]}<think>Je calcule.</think>\n${formatAnswer(tasks[0]!.answer)}<|im_end|>`,
        `${prompts[1]}${formatAnswer(tasks[1]!.answer).replace(/"total_droits": (\d+)/, (_m, n) => `"total_droits": ${Number(n) + 1}`)}<|im_end|>`,
        `${prompts[2]}Je ne sais pas.<|im_end|>`,
      ];
      const r = await postJson(`${served.url}/openrlhf`, { query, prompts, labels: tasks.map((t) => t.id) });
      expect(r.status).toBe(200);
      expect(r.body.rewards).toHaveLength(3);
      expect(r.body.rewards[0]).toBe(1);
      // Every beneficiary right, the total off by one: no field expected non-zero is wrong, but
      // "all right" needs the total: 0.45 × (weights right) / (weights) = 0.45.
      expect(r.body.rewards[1]).toBe(0.45);
      expect(r.body.rewards[2]).toBe(0);
      expect(r.body.scores).toEqual(r.body.rewards);
      expect(r.body.extra_logs).toEqual({ succ_all_right: [1, 0, 0], succ_well_formed: [1, 1, 0] });
      // A gold answer as the label (the dataset's `answer` column), one query a request as
      // OpenRLHF's current single-turn path sends.
      const one = await postJson(`${served.url}/openrlhf`, { query: [query[0]], prompts: [prompts[0]], labels: [JSON.stringify(tasks[0]!.answer)] });
      expect(one.body).toMatchObject({ rewards: [1], scores: [1], extra_logs: { succ_all_right: [1], succ_well_formed: [1] } });
    } finally {
      await served.stop();
    }
  });

  it("scores /score items with ids and with answers, hostile and malformed bodies, and keeps serving", async () => {
    const served = await startServe(["--max-body-mb", "1", "--max-batch", "100"]);
    try {
      const mix = generateTask(0, 1, 0);
      const level4 = generateTask(0, 1, 4);
      const ok = await postJson(`${served.url}/score`, {
        items: [
          { reply: formatAnswer(mix.answer), id: "succession-4-1", seed: 0 },
          { reply: formatAnswer(level4.answer), id: "succession-4-1", seed: 0, set: "level-4" },
          { reply: formatAnswer(EXPECTED), answer: EXPECTED },
          { reply: `${formatAnswer(EXPECTED)}<droits>{}</droits>`, answer: EXPECTED },
        ],
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ scores: [1, 1, 1, 0], reasons: ["ok", "ok", "ok", "several_blocks"] });

      const unknown = await postJson(`${served.url}/score`, { items: [{ reply: "x", id: "succession-3-17", seed: 0 }] });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toContain('unknown task id "succession-3-17" in the mix of levels');
      const invalid = await postJson(`${served.url}/score`, '{"items": [{"reply": "x", ');
      expect(invalid.status).toBe(400);
      expect(invalid.body.error).toMatch(/^invalid JSON: /);
      const tooMany = await postJson(`${served.url}/score`, { items: Array.from({ length: 101 }, () => ({ reply: "x", answer: EXPECTED })) });
      expect(tooMany.status).toBe(413);
      expect(tooMany.body).toEqual({ error: "items: 101 items, over the limit of 100 a request (succ serve --max-batch)" });
      // 1.5 MiB of reply in a 1 MiB limit.
      const tooBig = await postJson(`${served.url}/score`, { items: [{ reply: "x".repeat(1_500_000), answer: EXPECTED }] });
      expect(tooBig.status).toBe(413);
      expect(tooBig.body).toEqual({ error: `the body is over the limit of ${2 ** 20} bytes (succ serve --max-body-mb)` });

      // Not HTTP at all: a 400 on that connection, nothing else.
      const garbage = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(new URL(served.url).port), "127.0.0.1", () => socket.end("\x00\x01 NOT HTTP\r\n\r\n"));
        let text = "";
        socket.setEncoding("utf8").on("data", (d: string) => (text += d));
        socket.on("close", () => resolve(text));
        socket.on("error", reject);
      });
      expect(garbage).toMatch(/^HTTP\/1\.1 400 /);

      const after = await postJson(`${served.url}/score`, { items: [{ reply: formatAnswer(EXPECTED), answer: EXPECTED }] });
      expect(after.body.scores).toEqual([1]);
      const health = await fetch(`${served.url}/health`);
      expect(await health.json()).toEqual({ status: "ok" });
    } finally {
      const result = await served.stop();
      expect(result.code).toBe(0);
      expect(result.stderr).not.toMatch(/internal error|at .*\.js:\d+/);
    }
  });

  it("asks for the bearer token read from --token-env", async () => {
    const served = await startServe(["--token-env", "SUCC_TEST_TOKEN"], { ...process.env, SUCC_TEST_TOKEN: "t0ken-for-test" });
    try {
      const items = [{ reply: formatAnswer(EXPECTED), answer: EXPECTED }];
      expect((await postJson(`${served.url}/score`, { items })).status).toBe(401);
      expect((await postJson(`${served.url}/score`, { items }, { authorization: "Bearer t0ken-for-test" })).body.scores).toEqual([1]);
      expect((await fetch(`${served.url}/health`)).status).toBe(200);
    } finally {
      const result = await served.stop();
      expect(result.stderr).not.toContain("t0ken-for-test");
    }
  });

  it("finishes a batch in flight on SIGTERM, then exits 0 and listens no more", async () => {
    const served = await startServe();
    const { port } = new URL(served.url);
    // 400 tasks of seed 11 (no gold cached yet), sent in two halves: SIGTERM arrives between them.
    const tasks = [...generateTasks({ n: 400, seed: 11 })];
    const body = Buffer.from(JSON.stringify({ items: tasks.map((t) => ({ reply: formatAnswer(t.answer), id: t.id, seed: 11 })) }));
    const half = Math.floor(body.length / 2);
    const req = request({ host: "127.0.0.1", port, path: "/score", method: "POST", headers: { "content-type": "application/json", "content-length": body.length } });
    const response = new Promise<{ status: number; connection: string | undefined; body: Record<string, any> }>((resolve, reject) => {
      req.on("response", (res) => {
        let text = "";
        res.setEncoding("utf8").on("data", (d: string) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection, body: JSON.parse(text) }));
      });
      req.on("error", reject);
    });
    req.write(body.subarray(0, half));
    // The server has the request when it counts it in flight; SIGTERM says how many there are.
    await new Promise((resolve) => setTimeout(resolve, 300));
    served.running.child.kill("SIGTERM");
    await waitFor(() => served.running.stderr().includes("SIGTERM: finishing 1 request(s) in flight, then stopping"), 10_000, "the SIGTERM line");
    req.end(body.subarray(half));
    const answered = await response;
    expect(answered.status).toBe(200);
    expect(answered.connection).toBe("close");
    expect(answered.body.scores).toHaveLength(400);
    expect(answered.body.scores.every((s: number) => s === 1)).toBe(true);
    const exit = await served.running.done;
    expect(exit.code).toBe(0);
    expect(exit.stderr).toContain("succ serve: stopped\n");
    await expect(fetch(`${served.url}/health`)).rejects.toThrow();
  });

  it("serves with --workers 2 and stops every worker on SIGTERM", async () => {
    const served = await startServe(["--workers", "2"]);
    expect(served.running.stderr()).toContain("(2 workers;");
    const workers = childrenOf(served.running.child.pid!);
    expect(workers).toHaveLength(2);
    const task = generateTask(0, 5, 0);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => postJson(`${served.url}/score`, { items: [{ reply: formatAnswer(task.answer), id: task.id }] })),
    );
    expect(replies.map((r) => r.body.scores[0])).toEqual(Array(8).fill(1));
    const result = await served.stop();
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("SIGTERM: the workers finish the requests in flight, then stop\n");
    await waitFor(() => workers.every((pid) => !alive(pid)), 10_000, "the workers to exit");
  });
});
