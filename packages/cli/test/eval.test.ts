import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateTasks, type Task } from "@succ/generator";
import { formatAnswer, scoreReply } from "@succ/scoring";
import { startFakeServer, type ChatRequest, type FakeAnswer, type FakeServer } from "./helpers/fake-openai-server";
import { runCli, startCli, waitFor } from "./helpers/spawn-cli";

const KEY = "sk-succ-TEST-7f3a9c2e1b-DO-NOT-LEAK";
const MODEL = "fake-model";

const tasks: Task[] = Array.from(generateTasks({ n: 12, seed: 0, level: 0, offset: 0 }));
const byPrompt = new Map(tasks.map((t, i) => [t.prompt, i] as const));
const indexOf = (req: ChatRequest) => {
  const i = byPrompt.get(req.prompt);
  if (i === undefined) throw new Error("unknown prompt");
  return i;
};

const gold = (t: Task) => `Calcul détaillé…\n\n${formatAnswer(t.answer)}`;
function wrong(t: Task): string {
  const answer = structuredClone(t.answer);
  const id = Object.keys(answer.beneficiaires).find((b) => answer.beneficiaires[b]!.droits > 0)!;
  answer.beneficiaires[id]!.droits += 1;
  answer.total_droits += 1;
  return `<droits>${JSON.stringify(answer)}</droits>`;
}
const MALFORMED = '<droits>{"beneficiaires": {"B1": {"part_taxable": 12</droits>';

function env(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...process.env };
  delete e.OPENAI_API_KEY;
  delete e.OPENAI_BASE_URL;
  delete e.SUCC_TEST_KEY;
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete e[k];
    else e[k] = v;
  }
  return e;
}

const tmp: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), "succ-eval-"));
  tmp.push(d);
  return d;
}
afterAll(() => {
  for (const d of tmp) rmSync(d, { recursive: true, force: true });
});

function readResults(dir: string) {
  return readFileSync(join(dir, "results.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Record<string, any>);
}
const readSummary = (dir: string) => JSON.parse(readFileSync(join(dir, "summary.json"), "utf8")) as Record<string, any>;

/** Every file of DIR, stdout and stderr must be free of the key. */
function expectNoKey(dir: string, ...texts: string[]) {
  for (const f of readdirSync(dir)) expect(readFileSync(join(dir, f), "utf8")).not.toContain(KEY);
  for (const t of texts) expect(t).not.toContain(KEY);
}

describe("succ eval against a chat-completions server on 127.0.0.1", () => {
  // Task 0 gold, 1 wrong, 2 malformed, 3 slow (never answers: beyond --timeout 3, both attempts), 4 429 with
  // Retry-After in seconds then gold, 5 500 then gold, 6 429 with Retry-After as an HTTP date
  // then gold, 7 a body that is not JSON; 8+ gold.
  let firstRun = true;
  const behaviour = (req: ChatRequest): FakeAnswer => {
    const i = indexOf(req);
    const t = tasks[i]!;
    switch (i) {
      case 1:
        return { kind: "reply", content: wrong(t) };
      case 2:
        return { kind: "reply", content: MALFORMED };
      case 3:
        return firstRun ? { kind: "hang" } : { kind: "reply", content: gold(t) };
      case 4:
        return req.attempt === 1 ? { kind: "status", status: 429, headers: { "retry-after": "1" }, message: "slow down" } : { kind: "reply", content: gold(t) };
      case 5:
        return req.attempt === 1 ? { kind: "status", status: 500, message: "boom" } : { kind: "reply", content: gold(t) };
      case 6:
        return req.attempt === 1
          ? { kind: "status", status: 429, headers: { "retry-after": new Date(Date.now() + 2000).toUTCString() } }
          : { kind: "reply", content: gold(t) };
      case 7:
        return firstRun ? { kind: "raw", body: "<html>not json</html>" } : { kind: "reply", content: gold(t) };
      default:
        return { kind: "reply", content: gold(t) };
    }
  };

  let server: FakeServer;
  let dir: string;
  let first: Awaited<ReturnType<typeof runCli>>;
  beforeAll(async () => {
    server = await startFakeServer(behaviour, { requireKey: KEY });
    dir = join(tempDir(), "run");
    first = await runCli(
      ["eval", "--base-url", server.url, "--model", MODEL, "--api-key-env", "SUCC_TEST_KEY", "-n", "8", "-c", "4", "--timeout", "3", "--max-attempts", "2", "--out", dir],
      env({ SUCC_TEST_KEY: KEY }),
    );
  });
  afterAll(async () => {
    await server.close();
  });

  it("finishes with exit 0 and one result line per rollout", () => {
    expect(first.stderr).not.toMatch(/internal error/);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe("");
    const lines = readResults(dir);
    expect(lines).toHaveLength(8);
    expect(lines.map((l) => l.index).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    for (const l of lines) {
      const t = tasks[l.index]!;
      expect(l).toMatchObject({ id: t.id, level: t.level, variant: t.variant, rollout: 0 });
      for (const k of ["reply", "score", "reason", "finish_reason", "usage", "latency_ms", "attempts", "error"]) expect(l).toHaveProperty(k);
      expect(typeof l.latency_ms).toBe("number");
    }
  });

  it("scores each reply with @succ/scoring and records failures with their error", () => {
    const at = new Map(readResults(dir).map((l) => [l.index as number, l]));
    expect(at.get(0)).toMatchObject({ score: 1, reason: "ok", error: null, attempts: 1, finish_reason: "stop" });
    expect(at.get(0)!.usage).toEqual({ prompt_tokens: tasks[0]!.prompt.length, completion_tokens: gold(tasks[0]!).length, total_tokens: tasks[0]!.prompt.length + gold(tasks[0]!).length });
    const w = at.get(1)!;
    expect(w.score).toBe(scoreReply(wrong(tasks[1]!), tasks[1]!.answer).score);
    expect(w.score).toBeLessThan(0.99);
    expect(w.error).toBeNull();
    expect(at.get(2)).toMatchObject({ score: 0, error: null, reply: MALFORMED });
    expect(at.get(2)!.reason).not.toBe("ok");
    expect(at.get(3)).toMatchObject({ score: 0, reason: "error", reply: null, attempts: 2 });
    expect(at.get(3)!.error).toMatch(/timeout/);
    expect(at.get(4)).toMatchObject({ score: 1, attempts: 2, error: null });
    expect(at.get(5)).toMatchObject({ score: 1, attempts: 2, error: null });
    expect(at.get(6)).toMatchObject({ score: 1, attempts: 2, error: null });
    expect(at.get(7)).toMatchObject({ score: 0, reason: "error", attempts: 1 });
    expect(at.get(7)!.error).toMatch(/malformed response/);
  });

  it("retries 429 after Retry-After (seconds or HTTP date), 500 at once, time-outs up to --max-attempts", () => {
    const reqs = (i: number) => server.chats.filter((c) => c.prompt === tasks[i]!.prompt);
    const r4 = reqs(4);
    expect(r4).toHaveLength(2);
    expect(r4[1]!.at - r4[0]!.at).toBeGreaterThanOrEqual(900); // Retry-After: 1
    const r6 = reqs(6);
    expect(r6).toHaveLength(2);
    expect(r6[1]!.at - r6[0]!.at).toBeGreaterThanOrEqual(500); // HTTP date about 2 s ahead (1 s resolution)
    expect(reqs(5)).toHaveLength(2);
    expect(reqs(3)).toHaveLength(2);
    expect(reqs(0)).toHaveLength(1);
    expect(reqs(7)).toHaveLength(1); // a body that is not JSON is not retried
  });

  it("sends the prompt as one user message, with the model, and the key as a bearer token", () => {
    const firstRunChats = server.chats.slice();
    expect(firstRunChats.length).toBeGreaterThan(0);
    for (const c of firstRunChats) {
      expect(c.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(c.body.model).toBe(MODEL);
      expect(c.body.messages).toEqual([{ role: "user", content: c.prompt }]);
    }
    expect(server.modelsAuth).toEqual([`Bearer ${KEY}`]);
  });

  it("writes summary.json: model, base URL, counts, mean reward and success rate, overall and per level", () => {
    const s = readSummary(dir);
    const lines = readResults(dir);
    expect(s).toMatchObject({ status: "complete", model: MODEL, base_url: server.url, seed: 0, level: 0, n: 8, rollouts_per_task: 1, api_key_env: "SUCC_TEST_KEY" });
    const mean = lines.reduce((a, l) => a + l.score, 0) / 8;
    expect(s.overall).toMatchObject({ expected: 8, done: 8, missing: 0, errors: 2, successes: 4 }); // tasks 0, 4, 5, 6
    expect(s.overall.mean_reward).toBeCloseTo(mean, 5);
    expect(s.overall.success_rate).toBeCloseTo(4 / 8, 5);
    for (const level of [1, 2, 3, 4]) {
      const mine = lines.filter((l) => l.level === level);
      const got = s.per_level[String(level)];
      expect(got.done).toBe(mine.length);
      expect(got.successes).toBe(mine.filter((l) => l.score >= 0.99).length);
      expect(got.mean_reward).toBeCloseTo(mine.reduce((a, l) => a + l.score, 0) / mine.length, 5);
    }
    expect(first.stderr).toMatch(/mean reward/);
    expect(first.stderr).toMatch(/^all\s+8\s+2\s/m);
  });

  it("never writes the key to a file, stdout or stderr", () => {
    expectNoKey(dir, first.stdout, first.stderr);
  });

  it("resumes: no new request for finished rollouts, errored ones run again, broken lines rewritten", async () => {
    firstRun = false;
    appendFileSync(join(dir, "results.jsonl"), '{"id":"succession-1-0","index":0,"lev'); // a crash mid-write
    const before = server.chats.length;
    const again = await runCli(
      ["eval", "--base-url", server.url, "--model", MODEL, "--api-key-env", "SUCC_TEST_KEY", "-n", "10", "-c", "4", "--timeout", "5", "--out", dir],
      env({ SUCC_TEST_KEY: KEY }),
    );
    expect(again.code).toBe(0);
    const sent = server.chats.slice(before).map(indexOf).sort((a, b) => a - b);
    expect(sent).toEqual([3, 7, 8, 9]); // the two errored rollouts and the two new tasks
    const text = readFileSync(join(dir, "results.jsonl"), "utf8");
    expect(text.endsWith("\n")).toBe(true);
    const lines = readResults(dir); // every line parses: the broken one is gone
    expect(lines.map((l) => l.index).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(lines.find((l) => l.index === 3)).toMatchObject({ score: 1, error: null });
    const s = readSummary(dir);
    expect(s.overall).toMatchObject({ expected: 10, done: 10, errors: 0 });
    expect(again.stderr).toMatch(/resuming/);
    expectNoKey(dir, again.stdout, again.stderr);

    // A third run has nothing left to do and sends nothing.
    const n = server.chats.length;
    const third = await runCli(["eval", "--base-url", server.url, "--model", MODEL, "--api-key-env", "SUCC_TEST_KEY", "-n", "10", "--out", dir], env({ SUCC_TEST_KEY: KEY }));
    expect(third.code).toBe(0);
    expect(server.chats.length).toBe(n);
    expect(readResults(dir)).toHaveLength(10);
  });

  it("refuses to resume a run of another model or seed", async () => {
    const r = await runCli(["eval", "--base-url", server.url, "--model", "other", "--api-key-env", "SUCC_TEST_KEY", "-n", "10", "--out", dir], env({ SUCC_TEST_KEY: KEY }));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/another run/);
    const s = await runCli(["eval", "--base-url", server.url, "--model", MODEL, "--seed", "3", "--api-key-env", "SUCC_TEST_KEY", "--out", dir], env({ SUCC_TEST_KEY: KEY }));
    expect(s.code).toBe(2);
  });
});

describe("succ eval --fictional-law", () => {
  it("sends the fictional tasks' prompts, scores against their own gold, and resumes only a run of the same law", async () => {
    const fictional = Array.from(generateTasks({ n: 3, fictionalLaw: true }));
    const byFictional = new Map(fictional.map((t) => [t.prompt, t] as const));
    // The server answers each fictional prompt with its gold; a prompt it does not know gets a wrong reply.
    const server = await startFakeServer((req) => {
      const t = byFictional.get(req.prompt);
      return { kind: "reply", content: t ? gold(t) : "rien" };
    });
    try {
      const dir = join(tempDir(), "fictional");
      const r = await runCli(["eval", "--base-url", server.url, "--model", MODEL, "-n", "3", "--fictional-law", "--out", dir], env());
      expect(r.code).toBe(0);
      expect(readResults(dir).map((l) => l.score)).toEqual([1, 1, 1]);
      expect(readSummary(dir)).toMatchObject({ fictional_law: true, level: 0 });
      const again = await runCli(["eval", "--base-url", server.url, "--model", MODEL, "-n", "3", "--out", dir], env());
      expect(again.code).toBe(2);
      expect(again.stderr).toMatch(/holds another run \(fictional_law true there, false asked\)/);
    } finally {
      await server.close();
    }
  });
});

describe("succ eval: rollouts, no key", () => {
  it("runs -r rollouts per task and sends no Authorization header when OPENAI_API_KEY is unset", async () => {
    const server = await startFakeServer((req) => ({ kind: "reply", content: gold(tasks[indexOf(req)]!) }));
    try {
      const dir = join(tempDir(), "r3");
      const r = await runCli(["eval", "--base-url", `${server.url}/`, "--model", MODEL, "-n", "3", "-r", "3", "-c", "2", "--level", "0", "--out", dir], env());
      expect(r.code).toBe(0);
      const lines = readResults(dir);
      expect(lines).toHaveLength(9);
      expect(new Set(lines.map((l) => `${l.index}:${l.rollout}`)).size).toBe(9);
      expect(lines.every((l) => l.score === 1)).toBe(true);
      for (const c of server.chats) expect(c.headers.authorization).toBeUndefined();
      expect(server.modelsAuth).toEqual([undefined]);
      const s = readSummary(dir);
      expect(s).toMatchObject({ api_key_sent: false, rollouts_per_task: 3 });
      expect(s.overall).toMatchObject({ done: 9, successes: 9, success_rate: 1, mean_reward: 1 });
    } finally {
      await server.close();
    }
  });

  it("passes --temperature and --max-tokens, and scores all-or-nothing", async () => {
    const server = await startFakeServer((req) => ({ kind: "reply", content: wrong(tasks[indexOf(req)]!) }));
    try {
      const dir = join(tempDir(), "aon");
      const r = await runCli(["eval", "--base-url", server.url, "-m", MODEL, "-n", "2", "--temperature", "0.3", "--max-tokens", "2048", "--all-or-nothing", "-o", dir], env());
      expect(r.code).toBe(0);
      for (const c of server.chats) expect(c.body).toMatchObject({ temperature: 0.3, max_tokens: 2048 });
      expect(readResults(dir).every((l) => l.score === 0)).toBe(true);
      expect(readSummary(dir)).toMatchObject({ all_or_nothing: true, temperature: 0.3, max_tokens: 2048 });
    } finally {
      await server.close();
    }
  });
});

describe("succ eval: end-of-sequence tokens", () => {
  it("scores a reply ending in <|im_end|> 1.0 by default, and 0 with --strict-end (said in the summary)", async () => {
    const server = await startFakeServer((req) => ({ kind: "reply", content: `${gold(tasks[indexOf(req)]!)}<|im_end|>` }));
    try {
      const plain = join(tempDir(), "eos");
      expect((await runCli(["eval", "--base-url", server.url, "-m", MODEL, "-n", "2", "-o", plain], env())).code).toBe(0);
      expect(readResults(plain).map((l) => l.score)).toEqual([1, 1]);
      expect(readSummary(plain)).not.toHaveProperty("strict_end");
      const strict = join(tempDir(), "eos-strict");
      expect((await runCli(["eval", "--base-url", server.url, "-m", MODEL, "-n", "2", "--strict-end", "-o", strict], env())).code).toBe(0);
      expect(readResults(strict).map((l) => [l.score, l.reason])).toEqual([[0, "text_after_block"], [0, "text_after_block"]]);
      expect(readSummary(strict)).toMatchObject({ strict_end: true });
    } finally {
      await server.close();
    }
  });
});

describe("succ eval: Ctrl-C", () => {
  it("first SIGINT: no new request, the ones in flight finish and are kept, summary written, exit 130", async () => {
    const server = await startFakeServer((req) => ({ kind: "hold", then: { kind: "reply", content: gold(tasks[indexOf(req)]!) } }));
    try {
      const dir = join(tempDir(), "int1");
      const run = startCli(["eval", "--base-url", server.url, "--model", MODEL, "-n", "8", "-c", "2", "--out", dir], env());
      await waitFor(() => server.held() === 2, 20_000, "two requests in flight");
      run.child.kill("SIGINT");
      await waitFor(() => /interrupted/.test(run.stderr()), 20_000, "the interruption message");
      server.release();
      const r = await run.done;
      expect(r.code).toBe(130);
      expect(server.chats).toHaveLength(2);
      const lines = readResults(dir);
      expect(lines).toHaveLength(2);
      expect(lines.every((l) => l.score === 1)).toBe(true);
      const s = readSummary(dir);
      expect(s.status).toBe("interrupted");
      expect(s.overall).toMatchObject({ expected: 8, done: 2, missing: 6 });
      expect(existsSync(join(dir, ".succ-eval.lock"))).toBe(false);
    } finally {
      await server.close();
    }
  });

  it("second SIGINT aborts the requests in flight; nothing half-done is recorded", async () => {
    const server = await startFakeServer(() => ({ kind: "hang" }));
    try {
      const dir = join(tempDir(), "int2");
      const run = startCli(["eval", "--base-url", server.url, "--model", MODEL, "-n", "4", "-c", "3", "--out", dir], env());
      await waitFor(() => server.chats.length === 3, 20_000, "three requests in flight");
      run.child.kill("SIGINT");
      await waitFor(() => /interrupted/.test(run.stderr()), 20_000, "the interruption message");
      run.child.kill("SIGINT");
      const r = await run.done;
      expect(r.code).toBe(130);
      expect(readFileSync(join(dir, "results.jsonl"), "utf8")).toBe("");
      expect(readSummary(dir)).toMatchObject({ status: "interrupted", overall: { done: 0, missing: 4 } });
    } finally {
      await server.close();
    }
  });
});

describe("succ eval: bad options fail before any model request (exit 2)", () => {
  let server: FakeServer;
  beforeAll(async () => {
    server = await startFakeServer(() => ({ kind: "reply", content: "x" }), { requireKey: KEY });
  });
  afterAll(async () => {
    await server.close();
  });

  const cases: Array<[string, (url: string, dir: string) => string[], RegExp, Record<string, string>?]> = [
    ["no --model", (u, d) => ["--base-url", u, "--out", d], /--model is required/],
    ["no --base-url", (_u, d) => ["--model", MODEL, "--out", d], /--base-url is required/],
    ["a URL that is not http(s)", (_u, d) => ["--base-url", "ftp://127.0.0.1/v1", "--model", MODEL, "--out", d], /http:\/\/ or https:\/\//],
    ["not a URL", (_u, d) => ["--base-url", "localhost v1", "--model", MODEL, "--out", d], /not a URL/],
    ["credentials in the URL", (u, d) => ["--base-url", u.replace("http://", "http://me:pw@"), "--model", MODEL, "--out", d], /credentials/],
    ["-c 0", (u, d) => ["--base-url", u, "--model", MODEL, "-c", "0", "--out", d], /-c: expected a whole number from 1/],
    ["-r 0", (u, d) => ["--base-url", u, "--model", MODEL, "-r", "0", "--out", d], /-r: expected a whole number from 1/],
    ["--timeout 0", (u, d) => ["--base-url", u, "--model", MODEL, "--timeout", "0", "--out", d], /--timeout: expected a number above 0/],
    ["--level 8", (u, d) => ["--base-url", u, "--model", MODEL, "--level", "8", "--out", d], /--level/],
    ["no --out", (u) => ["--base-url", u, "--model", MODEL], /--out DIR is required/],
    ["an unknown option", (u, d) => ["--base-url", u, "--model", MODEL, "--bogus", "--out", d], /bogus/],
    ["--api-key-env naming an unset variable", (u, d) => ["--base-url", u, "--model", MODEL, "--api-key-env", "SUCC_NOT_SET_ANYWHERE", "--out", d], /SUCC_NOT_SET_ANYWHERE/],
    ["a key the server refuses", (u, d) => ["--base-url", u, "--model", MODEL, "--api-key-env", "SUCC_TEST_KEY", "--out", d], /refused the key/, { SUCC_TEST_KEY: "sk-wrong-key" }],
    ["no key where one is needed", (u, d) => ["--base-url", u, "--model", MODEL, "--out", d], /wants a key/],
  ];
  for (const [name, args, message, extra] of cases) {
    it(name, async () => {
      const dir = join(tempDir(), "bad");
      const r = await runCli(["eval", ...args(server.url, dir)], env(extra ?? {}));
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
      expect(server.chats).toHaveLength(0);
      expect(existsSync(join(dir, "results.jsonl"))).toBe(false);
    });
  }

  it("an unreachable URL (nothing listens on the port)", async () => {
    const closed = await startFakeServer(() => ({ kind: "reply", content: "x" }));
    const url = closed.url;
    await closed.close();
    const dir = join(tempDir(), "unreachable");
    const r = await runCli(["eval", "--base-url", url, "--model", MODEL, "--out", dir], env());
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot reach/);
    expect(existsSync(dir)).toBe(false);
  });

  it("--help documents every option", async () => {
    const r = await runCli(["eval", "--help"], env());
    expect(r.code).toBe(0);
    for (const opt of ["--base-url", "--model", "--api-key-env", "-n", "--seed", "--level", "--rollouts", "--concurrency", "--temperature", "--max-tokens", "--timeout", "--max-attempts", "--all-or-nothing", "--out", "Retry-After", "Ctrl-C", "130"]) {
      expect(r.stdout).toContain(opt);
    }
  });
});

describe("succ eval: the key stays secret even when the server echoes it", () => {
  it("scrubs the key from recorded errors and replies", async () => {
    const server = await startFakeServer((req) =>
      indexOf(req) === 0
        ? { kind: "status", status: 400, message: `bad request for key ${KEY}` }
        : { kind: "reply", content: `you sent ${KEY}\n${gold(tasks[indexOf(req)]!)}` },
    );
    try {
      const dir = join(tempDir(), "echo");
      const r = await runCli(["eval", "--base-url", server.url, "--model", MODEL, "-n", "2", "--out", dir], env({ OPENAI_API_KEY: KEY }));
      expect(r.code).toBe(0);
      for (const c of server.chats) expect(c.headers.authorization).toBe(`Bearer ${KEY}`);
      const lines = readResults(dir);
      const l0 = lines.find((l) => l.index === 0)!;
      expect(l0.error).toMatch(/HTTP 400/);
      expect(l0.error).toContain("[REDACTED]");
      expect(l0.attempts).toBe(1); // 400 is not retried
      expectNoKey(dir, r.stdout, r.stderr);
    } finally {
      await server.close();
    }
  });
});

describe("succ eval: whatever happens to the terminal, the run finishes and its summary is final", () => {
  /** Starts a run whose requests are held, waits for `held` of them, applies `hit`, releases them. */
  async function heldRun(dir: string, hit: (child: ReturnType<typeof startCli>["child"]) => void, extra: string[] = []) {
    const server = await startFakeServer((req) => ({ kind: "hold", then: { kind: "reply", content: gold(tasks[indexOf(req)]!) } }));
    try {
      const run = startCli(["eval", "--base-url", server.url, "--model", MODEL, "-n", "4", "-c", "2", "--out", dir, ...extra], env());
      await waitFor(() => server.held() === 2, 20_000, "two requests in flight");
      hit(run.child);
      // The rest of the run: the two held requests, then the two others (held in turn).
      server.release();
      await waitFor(() => server.chats.length === 4 && server.held() === 2, 20_000, "the last two requests");
      server.release();
      return await run.done;
    } finally {
      await server.close();
    }
  }

  it("stderr closed by its reader (`succ eval … 2>&1 | head -2`): exit 0, every rollout kept, summary complete, no lock", async () => {
    const dir = join(tempDir(), "closed-stderr");
    // Closing our end of the pipe: the CLI's next write to stderr gets EPIPE.
    const r = await heldRun(dir, (child) => child.stderr!.destroy());
    expect(r.code).toBe(0);
    expect(readResults(dir)).toHaveLength(4);
    expect(readSummary(dir)).toMatchObject({ status: "complete", overall: { done: 4, missing: 0, successes: 4 } });
    expect(existsSync(join(dir, ".succ-eval.lock"))).toBe(false);
  });

  it("SIGHUP (the SSH session dropped): the run goes on to the end", async () => {
    const dir = join(tempDir(), "hangup");
    const r = await heldRun(dir, (child) => child.kill("SIGHUP"));
    expect(r.signal).toBeNull();
    expect(r.code).toBe(0);
    expect(readResults(dir)).toHaveLength(4);
    expect(readSummary(dir)).toMatchObject({ status: "complete", overall: { done: 4 } });
    expect(existsSync(join(dir, ".succ-eval.lock"))).toBe(false);
  });
});

describe("succ eval: runs that cannot be right are refused or reported", () => {
  let server: FakeServer;
  beforeAll(async () => {
    server = await startFakeServer((req) => ({ kind: "reply", content: gold(tasks[indexOf(req)]!) }));
  });
  afterAll(async () => {
    await server.close();
  });

  it("a resume that names fewer tasks or rollouts than the run holds is refused; the summary stays", async () => {
    const dir = join(tempDir(), "fewer");
    expect((await runCli(["eval", "--base-url", server.url, "--model", MODEL, "-n", "8", "-r", "2", "--out", dir], env())).code).toBe(0);
    const before = readFileSync(join(dir, "summary.json"), "utf8");
    const sent = server.chats.length;
    for (const [args, message] of [
      [["-r", "2"], /holds 8 tasks × 2 rollouts; -n 6 \(the default\) -r 2 asked: resume with at least -n 8 -r 2/],
      [["-n", "3", "-r", "2"], /holds 8 tasks × 2 rollouts; -n 3 -r 2 asked/],
      [["-n", "8"], /holds 8 tasks × 2 rollouts; -n 8 -r 1 \(the default\) asked/],
    ] as const) {
      const r = await runCli(["eval", "--base-url", server.url, "--model", MODEL, ...args, "--out", dir], env());
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(readFileSync(join(dir, "summary.json"), "utf8")).toBe(before);
    }
    expect(server.chats.length).toBe(sent);
    // As many or more: resumed.
    const more = await runCli(["eval", "--base-url", server.url, "--model", MODEL, "-n", "9", "-r", "2", "--out", dir], env());
    expect(more.code).toBe(0);
    expect(server.chats.length).toBe(sent + 2); // task 8, two rollouts
    expect(readSummary(dir).overall).toMatchObject({ expected: 18, done: 18 });
  });

  it("--base-url without /v1: a clear error before the run, nothing sent, exit 2", async () => {
    const dir = join(tempDir(), "no-v1");
    const root = server.url.replace(/\/v1$/, "");
    const sent = server.chats.length;
    const r = await runCli(["eval", "--base-url", root, "--model", MODEL, "--out", dir], env());
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`succ eval: --base-url ${root}: no chat-completions API there (HTTP 404 on GET /models and on POST /chat/completions); the API root usually ends in /v1: try --base-url ${root}/v1\n`);
    expect(server.chats.length).toBe(sent);
    expect(existsSync(dir)).toBe(false);
  });

  it("a run in which every rollout errored exits 1 (summary complete, errors recorded)", async () => {
    const failing = await startFakeServer(() => ({ kind: "status", status: 404, message: "The model `fake-model` does not exist" }));
    try {
      const dir = join(tempDir(), "all-errors");
      const r = await runCli(["eval", "--base-url", failing.url, "--model", MODEL, "-n", "3", "--out", dir], env());
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/every rollout of this run failed \(3 of 3\); the first error: HTTP 404: The model `fake-model` does not exist/);
      expect(readSummary(dir)).toMatchObject({ status: "complete", overall: { done: 3, errors: 3 } });
    } finally {
      await failing.close();
    }
  });

  it("-c 16: no MaxListenersExceededWarning", async () => {
    const holding = await startFakeServer((req) => ({ kind: "hold", then: { kind: "reply", content: gold(tasks[indexOf(req)]!) } }));
    try {
      const dir = join(tempDir(), "c16");
      const run = startCli(["eval", "--base-url", holding.url, "--model", MODEL, "-n", "12", "-r", "2", "-c", "16", "--out", dir], env());
      await waitFor(() => holding.held() === 16, 20_000, "sixteen requests in flight");
      holding.release();
      await waitFor(() => holding.held() === 8, 20_000, "the last eight");
      holding.release();
      const r = await run.done;
      expect(r.code).toBe(0);
      expect(r.stderr).not.toMatch(/MaxListenersExceededWarning|memory leak/);
      expect(readResults(dir)).toHaveLength(24);
    } finally {
      await holding.close();
    }
  });
});

describe("succ eval: a file-system error under --out is one line, never a stack trace", () => {
  let server: FakeServer;
  beforeAll(async () => {
    server = await startFakeServer((req) => ({ kind: "reply", content: gold(tasks[indexOf(req)]!) }));
  });
  afterAll(async () => {
    await server.close();
  });

  const cases: Array<[string, (dir: string) => void, RegExp]> = [
    ["results.jsonl is a folder", (d) => mkdirSync(join(d, "results.jsonl")), /^succ eval: --out .*: cannot (read|write) results\.jsonl \(is a folder\)\n$/],
    ["the lock file is a folder", (d) => mkdirSync(join(d, ".succ-eval.lock")), /^succ eval: --out .*: cannot (lock|write) .*\n$/],
    ["summary.json is a folder", (d) => mkdirSync(join(d, "summary.json")), /^succ eval: --out .*summary\.json.*\n$/],
    ["the disk is full (results.jsonl → /dev/full)", (d) => symlinkSync("/dev/full", join(d, "results.jsonl")), /^succ eval: --out .*: cannot write results\.jsonl \(no space left on the device\)\n$/],
  ];
  for (const [name, prepare, message] of cases) {
    it(name, async () => {
      const dir = join(tempDir(), "fs");
      mkdirSync(dir);
      prepare(dir);
      const r = await runCli(["eval", "--base-url", server.url, "--model", MODEL, "-n", "2", "--out", dir], env());
      expect(r.code).toBe(2);
      expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
      const last = r.stderr.split("\n").filter(Boolean).at(-1)!;
      expect(`${last}\n`).toMatch(message);
    });
  }
});
