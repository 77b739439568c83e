import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateTask, generateTasks, type Task } from "@succ/generator";
import { formatAnswer } from "@succ/scoring";
import { afterAll, describe, expect, it } from "vitest";
import { killAllServers, startServe } from "./helpers/serve";

// integrations/python/succ_reward.py (standard library only) against a real `succ serve`:
// the unittest suite beside it, run with python3.
const PYTHON_DIR = fileURLToPath(new URL("../../../integrations/python/", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "succ-python-"));
afterAll(async () => {
  await killAllServers();
  rmSync(work, { recursive: true, force: true });
});

function fixtureTask(task: Task, set: string, options?: { fictionalLaw: true }) {
  const gold = `Calcul.\n${formatAnswer(task.answer)}`;
  // The total off by one: every beneficiary right, so a partial score (0.45), not 1.
  const wrong = gold.replace(/"total_droits": (\d+)/, (_m, total: string) => `"total_droits": ${Number(total) + 1}`);
  expect(wrong).not.toBe(gold);
  return { id: task.id, seed: task.info.seed, set, answer: task.answer, gold, wrong, ...(options ? { options } : {}) };
}

function python(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    // No __pycache__ left beside the module.
    const child = spawn("python3", args, { cwd: PYTHON_DIR, env: { ...env, PYTHONDONTWRITEBYTECODE: "1" }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (output += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (output += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe("integrations/python/succ_reward.py", () => {
  it("passes its unittest suite against succ serve on 127.0.0.1", async () => {
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
    const served = await startServe();
    try {
      const result = await python(["-m", "unittest", "-v", "test_succ_reward"], { ...process.env, SUCC_URL: served.url, SUCC_TEST_FIXTURE: fixture, SUCC_TOKEN: "" });
      expect(result.output).toMatch(/\nOK\n?$/);
      expect(result.code, result.output).toBe(0);
      expect(result.output).toMatch(/Ran (1[5-9]|[2-9]\d) tests/);
    } finally {
      await served.stop();
    }
  });

  it("runs on the standard library alone", async () => {
    // Every import of the module is from the standard library (sys.stdlib_module_names, 3.10+).
    const script = [
      "import ast, sys",
      "tree = ast.parse(open('succ_reward.py').read())",
      "names = {a.name.split('.')[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}",
      "names |= {n.module.split('.')[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}",
      "print(sorted(names - set(sys.stdlib_module_names) - {'__future__'}))",
    ].join("\n");
    const result = await python(["-c", script], process.env);
    expect(result.code, result.output).toBe(0);
    expect(result.output.trim()).toBe("[]");
  });
});
