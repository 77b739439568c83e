/** `--fictional-law` in every command that names a task set, end to end with the built CLI. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { fingerprint, generateTask, taskLine } from "@succ/generator";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "./helpers/spawn-cli";

const dir = mkdtempSync(join(tmpdir(), "succ-fictional-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lines = (text: string): string[] => text.split("\n").filter((l) => l !== "");

describe("--fictional-law", () => {
  it("generate: the library's fictional tasks, same ids, info.fictionalLaw; the default set unchanged", async () => {
    const r = await runCli(["generate", "-n", "6", "--fictional-law"]);
    expect(r.code).toBe(0);
    const out = lines(r.stdout);
    out.forEach((line, i) => expect(line).toBe(taskLine(generateTask(0, i, 0, { fictionalLaw: true }))));
    out.forEach((line, i) => {
      const t = JSON.parse(line);
      expect(t.id).toBe(generateTask(0, i).id);
      expect(Object.keys(t.info)).toEqual(["dossier", "seed", "index", "generatorVersion", "fictionalLaw"]);
      expect(t.info.fictionalLaw).toBe(true);
    });
    const five = JSON.parse(lines((await runCli(["generate", "-n", "1", "--level", "5", "--fictional-law"])).stdout)[0]!);
    expect(Object.keys(five.info)).toEqual(["dossier", "seed", "index", "generatorVersion", "fictionalLaw", "difficulty"]);
    expect(five.info.difficulty.presentation).toBe("fictional");
    expect(lines((await runCli(["generate", "-n", "3"])).stdout)).toEqual([0, 1, 2].map((i) => taskLine(generateTask(0, i))));
  });

  it("fingerprint: the library's, other than the real law's", async () => {
    const r = await runCli(["fingerprint", "--fictional-law", "--level", "5", "-n", "20"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${fingerprint({ level: 5, n: 20, fictionalLaw: true })}\n`);
    expect(r.stdout).not.toBe(`${fingerprint({ level: 5, n: 20 })}\n`);
  });

  it("refuses level 6 with one clear line and exit code 2, writing nothing", async () => {
    for (const command of ["generate", "fingerprint", "stats", "validate", "export"]) {
      const extra = command === "export" ? ["--format", "verifiers"] : [];
      const r = await runCli([command, "--level", "6", "--fictional-law", ...extra]);
      expect(r.code, command).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toBe(`succ ${command}: --fictional-law does not go with --level 6: its prompt states no law, only "the law in force on the date" (use levels 1 to 5 or the mix)\n`);
    }
  });

  it("validate: recomputes each gold under the task's own law, generated or read from a file", async () => {
    const r = await runCli(["validate", "-n", "12", "--fictional-law"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^validate: 12 tasks, \d+ checks, all passed/);
    const file = join(dir, "fictional.jsonl");
    writeFileSync(file, (await runCli(["generate", "-n", "8", "--level", "5", "--fictional-law"])).stdout);
    expect((await runCli(["validate", "--tasks", file])).code).toBe(0);
    // The same file without its flag: the dated tables give other answers, and validate says so.
    writeFileSync(file, readFileSync(file, "utf8").replaceAll(',"fictionalLaw":true', ""));
    const wrong = await runCli(["validate", "--tasks", file]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/gold answer differs from the engine's/);
    expect((await runCli(["validate", "--tasks", file, "--fictional-law"])).code).toBe(2);
  });

  it("stats: the share of tasks the real law still gets right, level by level", async () => {
    const r = await runCli(["stats", "-n", "40", "--fictional-law"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Task set: 40 tasks, seed 0, mix of levels, fictional law");
    expect(r.stdout).toMatch(/Fictional law: tasks still fully right with the real law .*\n {2}level 1: \d+ of 10 \(\d+ %\)/);
    const json = JSON.parse((await runCli(["stats", "-n", "8", "--fictional-law", "--json"])).stdout);
    for (const l of json.levels) expect(l.fictional.tasks).toBe(l.tasks);
  });

  it("export: hf and verl rows carry the options a request names; verifiers' info says fictionalLaw", async () => {
    const db = await DuckDBInstance.create(":memory:");
    const connection = await db.connect();
    try {
      const rows = async (file: string) => (await connection.runAndReadAll(`SELECT * FROM read_parquet('${file}')`)).getRowObjectsJson() as Array<Record<string, any>>;
      const hf = join(dir, "hf");
      expect((await runCli(["export", "--format", "hf", "-n", "3", "--split", "test=0", "--fictional-law", "--out", hf])).code).toBe(0);
      const h = await rows(join(hf, "data", "test-00000-of-00001.parquet"));
      expect(h.map((r) => [r.id, r.set, r.options, JSON.parse(r.answer), r.uid])).toEqual(
        [0, 1, 2].map((i) => [generateTask(0, i).id, "mix", '{"fictionalLaw":true}', generateTask(0, i, 0, { fictionalLaw: true }).answer, `0/mix+fictional-law/${generateTask(0, i).id}`]),
      );
      expect(JSON.parse(h[0]!.info).fictionalLaw).toBe(true);
      expect(readFileSync(join(hf, "README.md"), "utf8")).toContain("--fictional-law");
      expect(JSON.parse(readFileSync(join(hf, ".succ-export.json"), "utf8")).fictionalLaw).toBe(true);
      const verl = join(dir, "verl");
      expect((await runCli(["export", "--format", "verl", "-n", "2", "--split", "train=4", "--level", "5", "--fictional-law", "--out", verl])).code).toBe(0);
      const v = await rows(join(verl, "train.parquet"));
      expect(v.map((r) => r.extra_info)).toEqual(
        [0, 1].map((i) => {
          const t = generateTask(4, i, 5, { fictionalLaw: true });
          return { split: "train", index: String(i), id: t.id, seed: "4", set: "level-5", options: '{"fictionalLaw":true}', level: 5, variant: t.variant, uid: `4/level-5+fictional-law/${t.id}` };
        }),
      );
    } finally {
      connection.closeSync();
      db.closeSync();
    }
    const ver = lines((await runCli(["export", "--format", "verifiers", "-n", "2", "--fictional-law"])).stdout).map((l) => JSON.parse(l));
    expect(ver.map((r) => [r.info.fictionalLaw, JSON.parse(r.answer)])).toEqual([0, 1].map((i) => [true, generateTask(0, i, 0, { fictionalLaw: true }).answer]));
  });

  it("documents itself in each command's --help", async () => {
    for (const command of ["generate", "fingerprint", "stats", "validate", "export", "eval"]) {
      const r = await runCli([command, "--help"]);
      expect(r.code).toBe(0);
      expect(r.stdout, command).toMatch(/--fictional-law\s+each task draws its own law from \(seed, i\)/);
    }
  });
});
