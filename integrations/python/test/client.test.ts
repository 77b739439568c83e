/**
 * The unittest suites of integrations/python/tests, run by the Python of a fresh virtual
 * environment where the wheel of `pnpm build` is installed from that file alone: test_local
 * (the scorer, the trainers' functions, the client against fake servers on 127.0.0.1) and
 * test_server (the client against a real `succ serve` on 127.0.0.1, started and stopped here).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateTask, generateTasks, type Task } from "@succ/generator";
import { formatAnswer } from "@succ/scoring";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeVenv, runPython, type Venv } from "./venv";

const CLI = fileURLToPath(new URL("../../../packages/cli/dist/bin.js", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "succ-python-"));
let venv: Venv;
const servers = new Set<ChildProcess>();

beforeAll(() => {
  venv = makeVenv();
});
afterAll(() => {
  for (const child of servers) child.kill("SIGKILL");
  venv?.remove();
  rmSync(work, { recursive: true, force: true });
});

/** `succ serve` on 127.0.0.1 and a free port; resolves with its URL once it listens. */
function serve(): Promise<{ url: string; stop: () => Promise<void> }> {
  // A 1 MiB body limit, so that a test sends a batch over it without sending 64 MiB.
  const child = spawn(process.execPath, [CLI, "serve", "--host", "127.0.0.1", "--port", "0", "--max-body-mb", "1"], { stdio: ["ignore", "ignore", "pipe"] });
  servers.add(child);
  let stderr = "";
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const stop = async () => {
    child.kill("SIGTERM");
    await exited;
    servers.delete(child);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`succ serve did not listen within 30 s: ${stderr}`)), 30_000);
    child.stderr!.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1]!, stop });
      }
    });
    void exited.then(() => reject(new Error(`succ serve exited: ${stderr}`)));
  });
}

function fixtureTask(task: Task, set: string, options?: { fictionalLaw: true }) {
  const gold = `Calcul.\n${formatAnswer(task.answer)}`;
  // The total off by one: every beneficiary right, so a partial score (0.45), not 1.
  const wrong = gold.replace(/"total_droits": (\d+)/, (_m, total: string) => `"total_droits": ${Number(total) + 1}`);
  expect(wrong).not.toBe(gold);
  return { id: task.id, seed: task.info.seed, set, answer: task.answer, gold, wrong, ...(options ? { options } : {}) };
}

describe("succ_reward installed from its wheel", () => {
  it("passes test_local: the scorer, verl, TRL and OpenRLHF functions with no server, the client against fake servers", async () => {
    const r = await runPython(venv, ["-m", "unittest", "-v", "test_local"]);
    expect(r.stderr).toMatch(/\nOK\n?$/);
    expect(r.stderr).toMatch(/Ran (1[5-9]|[2-9]\d) tests/);
    expect(r.code, r.stderr).toBe(0);
  });

  it("passes test_server against succ serve on 127.0.0.1", async () => {
    const tasks = [
      ...[...generateTasks({ n: 8, seed: 0 })].map((t) => fixtureTask(t, "mix")),
      fixtureTask(generateTask(0, 1, 4), "level-4"),
      fixtureTask(generateTask(3, 2, 4), "level-4"),
      // Tasks of --fictional-law: the same ids as tasks 2 and 5 of the mix, their own gold.
      fixtureTask(generateTask(0, 2, 0, { fictionalLaw: true }), "mix", { fictionalLaw: true }),
      fixtureTask(generateTask(0, 5, 0, { fictionalLaw: true }), "mix", { fictionalLaw: true }),
    ];
    const fixture = join(work, "fixture.json");
    writeFileSync(fixture, JSON.stringify({ tasks }));
    const served = await serve();
    try {
      const r = await runPython(venv, ["-m", "unittest", "-v", "test_server"], { env: { SUCC_URL: served.url, SUCC_TEST_FIXTURE: fixture, SUCC_TOKEN: "" } });
      expect(r.stderr).toMatch(/\nOK\n?$/);
      expect(r.stderr).toMatch(/Ran (1[5-9]|[2-9]\d) tests/);
      expect(r.code, r.stderr).toBe(0);
    } finally {
      await served.stop();
    }
  });

  it("imports nothing beyond the standard library", async () => {
    const script = [
      "import ast, pathlib, sys, succ_reward",
      "names = set()",
      "for path in pathlib.Path(succ_reward.__file__).parent.glob('*.py'):",
      "    tree = ast.parse(path.read_text())",
      "    names |= {a.name.split('.')[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}",
      "    names |= {n.module.split('.')[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module and n.level == 0}",
      "print(sorted(names - set(sys.stdlib_module_names) - {'__future__', 'succ_reward'}))",
    ].join("\n");
    const r = await runPython(venv, ["-c", script]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe("[]");
  });
});
