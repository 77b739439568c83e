/** `succ validate`, end to end with the built CLI (the root `pnpm test` builds first). */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const BIN = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "succ-validate-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function succ(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", cwd: dir, timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("succ validate", () => {
  it("passes on generated tasks of every level", () => {
    for (const level of ["0", "4", "5", "6"]) {
      const r = succ(["validate", "-n", "24", "--level", level]);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^validate: 24 tasks, \d+ checks, all passed/);
    }
  });

  it("fails loudly on a task file whose gold answer is broken or wrong", () => {
    const gen = succ(["generate", "-n", "4"]);
    expect(gen.code).toBe(0);
    const tasks = gen.stdout.trim().split("\n").map((l) => JSON.parse(l));
    const ok = join(dir, "ok.jsonl");
    writeFileSync(ok, tasks.map((t) => JSON.stringify(t)).join("\n") + "\n");
    expect(succ(["validate", "--tasks", ok]).code).toBe(0);

    // Task 1: a gold tax one euro too high (no longer the engine's answer, still well-formed).
    const first = Object.keys(tasks[1].answer.beneficiaires)[0]!;
    tasks[1].answer.beneficiaires[first].droits += 1;
    tasks[1].answer.total_droits += 1;
    // Task 2: a negative total, which no reply could match.
    tasks[2].answer.total_droits = -5;
    const bad = join(dir, "bad.jsonl");
    writeFileSync(bad, tasks.map((t) => JSON.stringify(t)).join("\n") + "\n");
    const r = succ(["validate", "--tasks", bad]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/validate: 4 tasks, \d+ checks, 3 failed/);
    expect(r.stderr).toContain(`${tasks[1].id}: gold answer differs from the engine's`);
    expect(r.stderr).toContain(`${tasks[2].id}: gold answer differs from the engine's`);
    expect(r.stderr).toMatch(new RegExp(`${tasks[2].id}: broken gold answer: total_droits`));
  });

  it("refuses bad options with a clear error", () => {
    expect(succ(["validate", "--level", "8"]).stderr).toMatch(/--level: expected a whole number from 0 to 7, got 8/);
    expect(succ(["validate", "-n", "abc"]).stderr).toMatch(/-n: expected a whole number, got "abc"/);
    const both = succ(["validate", "--tasks", "x.jsonl", "-n", "3"]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--tasks reads a file/);
    expect(succ(["validate", "--tasks", join(dir, "none.jsonl")]).stderr).toMatch(/cannot read .*none\.jsonl/);
  });
});
