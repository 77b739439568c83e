import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { generateTasks, taskVersion, type Task } from "@succ/generator";
import { scoreReply } from "@succ/scoring";
import { runCli } from "./helpers/spawn-cli";

const tmp: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), "succ-export-"));
  tmp.push(d);
  return d;
}
afterAll(() => {
  for (const d of tmp) rmSync(d, { recursive: true, force: true });
});

const N = 12;
const mix: Task[] = Array.from(generateTasks({ n: N, seed: 0, level: 0, offset: 0 }));

function jsonl(text: string): Array<Record<string, any>> {
  expect(text.endsWith("\n")).toBe(true);
  return text
    .slice(0, -1)
    .split("\n")
    .map((l) => JSON.parse(l));
}

function wrongReply(t: Task): string {
  const a = structuredClone(t.answer);
  a.total_droits += 1;
  return `<droits>${JSON.stringify(a)}</droits>`;
}

describe("succ export --format verifiers", () => {
  it("writes one row per task: chat prompt, answer as a JSON string, info, task name", async () => {
    const dir = tempDir();
    const out = join(dir, "verifiers.jsonl");
    const r = await runCli(["export", "--format", "verifiers", "-n", String(N), "--out", out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
    const rows = jsonl(readFileSync(out, "utf8"));
    expect(rows).toHaveLength(N);
    rows.forEach((row, i) => {
      const t = mix[i]!;
      expect(Object.keys(row).sort()).toEqual(["answer", "info", "prompt", "task"]);
      expect(row.prompt).toEqual([{ role: "user", content: t.prompt }]);
      expect(typeof row.answer).toBe("string");
      expect(JSON.parse(row.answer)).toEqual(t.answer);
      expect(scoreReply(`<droits>${row.answer}</droits>`, t.answer).score).toBe(1);
      expect(row.task).toBe("succession-fr");
      expect(row.info).toMatchObject({ id: t.id, level: t.level, variant: t.variant, seed: 0, index: i, generatorVersion: taskVersion(t.level, false), uid: `0/mix/${t.id}` });
      expect(row.info.dossier).toEqual(JSON.parse(JSON.stringify(t.info.dossier)));
    });
    expect(readdirSync(dir)).toEqual(["verifiers.jsonl"]); // no temporary file left
  });

  it("writes to stdout without --out, and follows --seed and --level", async () => {
    const r = await runCli(["export", "--format", "verifiers", "-n", "5", "--seed", "7", "--level", "3"]);
    expect(r.code).toBe(0);
    const rows = jsonl(r.stdout);
    const want = Array.from(generateTasks({ n: 5, seed: 7, level: 3, offset: 0 }));
    expect(rows.map((x) => x.info.id)).toEqual(want.map((t) => t.id));
    expect(rows.every((x) => x.info.level === 3 && x.info.seed === 7)).toBe(true);
    expect(rows.map((x) => x.prompt[0].content)).toEqual(want.map((t) => t.prompt));
  });
});

describe("succ export --format openai-evals", () => {
  it("writes input messages and the ideal answer block, which scores 1", async () => {
    const out = join(tempDir(), "samples.jsonl");
    const r = await runCli(["export", "--format", "openai-evals", "-n", String(N), "--out", out]);
    expect(r.code).toBe(0);
    const rows = jsonl(readFileSync(out, "utf8"));
    expect(rows).toHaveLength(N);
    rows.forEach((row, i) => {
      const t = mix[i]!;
      expect(Object.keys(row).sort()).toEqual(["ideal", "input"]);
      expect(row.input).toEqual([{ role: "user", content: t.prompt }]);
      expect(row.ideal).toMatch(/^<droits>\{.*\}<\/droits>$/);
      expect(scoreReply(row.ideal, t.answer)).toMatchObject({ score: 1, reason: "ok" });
    });
  });
});

describe("succ export --format promptfoo", () => {
  it("writes JSONL test cases and an assertion script that scores with @succ/scoring", async () => {
    const dir = tempDir();
    const out = join(dir, "tests.jsonl");
    const r = await runCli(["export", "--format", "promptfoo", "-n", String(N), "--out", out]);
    expect(r.code).toBe(0);
    const rows = jsonl(readFileSync(out, "utf8"));
    expect(rows).toHaveLength(N);
    rows.forEach((row, i) => {
      const t = mix[i]!;
      expect(Object.keys(row).sort()).toEqual(["assert", "description", "metadata", "vars"]);
      expect(row.description).toBe(t.id);
      expect(row.vars.prompt).toBe(t.prompt);
      expect(JSON.parse(row.vars.answer)).toEqual(t.answer);
      expect(row.assert).toEqual([{ type: "javascript", value: "file://succession-fr-assert.mjs", config: { allOrNothing: false } }]);
      expect(row.metadata).toEqual({ id: t.id, level: t.level, variant: t.variant, uid: `0/mix/${t.id}` });
      // promptfoo renders prompts with Nunjucks: no template syntax may hide in a prompt.
      expect(t.prompt).not.toMatch(/\{\{|\{%|\{#/);
    });
    expect(readdirSync(dir).sort()).toEqual(["succession-fr-assert.mjs", "tests.jsonl"]);

    // Run the assertion as promptfoo would: default export (output, context).
    const assertion = (await import(pathToFileURL(join(dir, "succession-fr-assert.mjs")).href)).default;
    for (const [i, row] of rows.entries()) {
      const t = mix[i]!;
      const goldReply = `Raisonnement…\n<droits>${row.vars.answer}</droits>`;
      const good = await assertion(goldReply, { vars: row.vars, config: row.assert[0].config, prompt: t.prompt });
      expect(good).toMatchObject({ pass: true, score: 1 });
      const bad = await assertion(wrongReply(t), { vars: row.vars, config: row.assert[0].config });
      expect(bad.pass).toBe(false);
      expect(bad.score).toBe(scoreReply(wrongReply(t), t.answer).score);
      expect((await assertion("no block", { vars: row.vars, config: {} })).score).toBe(0);
    }
  });

  it("writes a JSON array for a .json file, and --all-or-nothing in the assertion config", async () => {
    const dir = tempDir();
    const out = join(dir, "tests.json");
    const r = await runCli(["export", "--format", "promptfoo", "-n", "4", "--all-or-nothing", "--out", out]);
    expect(r.code).toBe(0);
    const rows = JSON.parse(readFileSync(out, "utf8")) as Array<Record<string, any>>;
    expect(Array.isArray(rows)).toBe(true);
    expect(rows).toHaveLength(4);
    expect(rows.map((x) => x.description)).toEqual(mix.slice(0, 4).map((t) => t.id));
    expect(rows.every((x) => x.assert[0].config.allOrNothing === true)).toBe(true);
    const assertion = (await import(pathToFileURL(join(dir, "succession-fr-assert.mjs")).href)).default;
    const t = mix[0]!;
    const partial = await assertion(wrongReply(t), { vars: rows[0]!.vars, config: rows[0]!.assert[0].config });
    expect(partial).toMatchObject({ pass: false, score: 0 });
  });
});

describe("succ export --format promptfoo: a suite copied to another machine", () => {
  it("runs with @succ/scoring installed from the packed tarball (before it is published)", async () => {
    const suite = join(tempDir(), "suite");
    mkdirSync(suite);
    expect((await runCli(["export", "--format", "promptfoo", "-n", "3", "-o", join(suite, "tests.jsonl")])).code).toBe(0);
    // As docs/eval-and-export.md says: pnpm pack in packages/scoring, then npm install the tarball.
    const root = fileURLToPath(new URL("../../../", import.meta.url));
    const pack = spawnSync("pnpm", ["-C", join(root, "packages/scoring"), "pack", "--pack-destination", suite], { encoding: "utf8" });
    expect(pack.status, pack.stderr).toBe(0);
    const tarball = readdirSync(suite).find((f) => /^succ-scoring-.*\.tgz$/.test(f))!;
    expect(tarball).toBeDefined();
    writeFileSync(join(suite, "package.json"), JSON.stringify({ private: true, dependencies: { "@succ/scoring": `file:${tarball}` } }));
    // "Another machine": a copy of the folder, without node_modules, installed again (offline:
    // the tarball is all it needs).
    const other = join(tempDir(), "other");
    cpSync(suite, other, { recursive: true });
    const install = spawnSync("npm", ["install", "--offline", "--no-audit", "--no-fund"], { cwd: other, encoding: "utf8", timeout: 120_000 });
    expect(install.status, install.stderr).toBe(0);
    const check = `
      const { default: assertion } = await import("./succession-fr-assert.mjs");
      const rows = (await import("node:fs")).readFileSync("tests.jsonl", "utf8").trim().split("\\n").map((l) => JSON.parse(l));
      const out = [];
      for (const row of rows) {
        const ctx = { vars: row.vars, config: row.assert[0].config };
        out.push([await assertion("Calcul.\\n<droits>" + row.vars.answer + "</droits>", ctx), await assertion("je ne sais pas", ctx)]);
      }
      console.log(JSON.stringify({ scoring: import.meta.resolve("@succ/scoring"), out }));`;
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", check], { cwd: other, encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    const { scoring, out } = JSON.parse(r.stdout) as { scoring: string; out: Array<[{ pass: boolean; score: number }, { pass: boolean; score: number }]> };
    // The copy's own node_modules, not the exporting CLI's fallback.
    expect(scoring).toBe(pathToFileURL(join(other, "node_modules/@succ/scoring/dist/index.js")).href);
    expect(out).toHaveLength(3);
    for (const [gold, none] of out) {
      expect(gold).toMatchObject({ pass: true, score: 1 });
      expect(none).toMatchObject({ pass: false, score: 0 });
    }
  });
});

describe("succ export: bad options (exit 2, nothing written)", () => {
  const cases: Array<[string, (dir: string) => string[], RegExp]> = [
    ["no --format", (d) => ["-n", "2", "--out", join(d, "x.jsonl")], /--format is required/],
    ["an unknown format", (d) => ["--format", "csv", "--out", join(d, "x.jsonl")], /expected one of verifiers, openai-evals, promptfoo/],
    ["promptfoo without --out", () => ["--format", "promptfoo"], /needs --out/],
    ["promptfoo to a .yaml file", (d) => ["--format", "promptfoo", "--out", join(d, "x.yaml")], /\.jsonl.*\.json/],
    ["-n 0", (d) => ["--format", "verifiers", "-n", "0", "--out", join(d, "x.jsonl")], /-n: expected a whole number from 1/],
    ["--level 9", (d) => ["--format", "verifiers", "--level", "9", "--out", join(d, "x.jsonl")], /--level/],
    ["a folder that does not exist", (d) => ["--format", "verifiers", "--out", join(d, "nope", "x.jsonl")], /does not exist/],
    ["--all-or-nothing outside promptfoo", (d) => ["--format", "verifiers", "--all-or-nothing", "--out", join(d, "x.jsonl")], /only applies to --format promptfoo/],
  ];
  for (const [name, args, message] of cases) {
    it(name, async () => {
      const dir = tempDir();
      const r = await runCli(["export", ...args(dir)]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe("");
      expect(readdirSync(dir)).toEqual([]);
    });
  }

  it("--help documents the formats", async () => {
    const r = await runCli(["export", "--help"]);
    expect(r.code).toBe(0);
    for (const s of ["verifiers", "openai-evals", "promptfoo", "--seed", "--level", "-n", "--out", "ideal", "answer"]) expect(r.stdout).toContain(s);
    expect(existsSync("succession-fr-assert.mjs")).toBe(false);
  });
});
