import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, watch, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { GENERATOR_VERSION } from "@succ/generator";
import { formatAnswer, scoreReply } from "@succ/scoring";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, startCli, waitFor } from "./helpers/spawn-cli";

// The Parquet files of `succ export --format hf|verl`, read back with DuckDB (an independent
// reader: hyparquet-writer's own reader is hyparquet) and compared row by row with the JSONL of
// `succ generate` for the same seeds.

const tmp: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), "succ-parquet-"));
  tmp.push(d);
  return d;
}
let db: DuckDBInstance;
let connection: DuckDBConnection;
beforeAll(async () => {
  db = await DuckDBInstance.create(":memory:");
  connection = await db.connect();
});
afterAll(() => {
  connection?.closeSync();
  db?.closeSync();
  for (const d of tmp) rmSync(d, { recursive: true, force: true });
});

async function read(file: string): Promise<Array<Record<string, any>>> {
  const reader = await connection.runAndReadAll(`SELECT * FROM read_parquet('${file.replaceAll("'", "''")}')`);
  return reader.getRowObjectsJson() as Array<Record<string, any>>;
}

async function describeColumns(file: string): Promise<Record<string, string>> {
  const reader = await connection.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet('${file.replaceAll("'", "''")}')`);
  return Object.fromEntries((reader.getRowObjectsJson() as Array<Record<string, string>>).map((r) => [r.column_name, r.column_type]));
}

/** The tasks of `succ generate` (the CLI itself, not the library) for these seeds, in order. */
async function generated(seeds: number[], n: number, level = 0): Promise<Array<Record<string, any>>> {
  const rows: Array<Record<string, any>> = [];
  for (const seed of seeds) {
    const r = await runCli(["generate", "-n", String(n), "--seed", String(seed), "--level", String(level)]);
    expect(r.code).toBe(0);
    rows.push(...r.stdout.trim().split("\n").map((line) => JSON.parse(line) as Record<string, any>));
  }
  return rows;
}

const N = 6;

describe("succ export --format hf", () => {
  let dir: string;
  let out: string;
  let stderr: string;
  beforeAll(async () => {
    dir = tempDir();
    out = join(dir, "dataset");
    const r = await runCli(["export", "--format", "hf", "-n", String(N), "--split", "test=0", "--split", "train=1-2,5", "--out", out]);
    expect(r.code).toBe(0);
    stderr = r.stderr;
  });

  it("writes the Hub's layout: data/<split>-00000-of-00001.parquet, README.md, the marker", () => {
    expect(readdirSync(out).sort()).toEqual([".succ-export.json", "README.md", "data"]);
    expect(readdirSync(join(out, "data")).sort()).toEqual(["test-00000-of-00001.parquet", "train-00000-of-00001.parquet"]);
    expect(readdirSync(dir)).toEqual(["dataset"]); // no temporary folder left
    // The permissions of a folder made here (not those of a temporary folder, 0700).
    const probe = join(tempDir(), "probe");
    mkdirSync(probe);
    expect(statSync(out).mode & 0o777).toBe(statSync(probe).mode & 0o777);
    expect(stderr).toBe(`succ export: ${4 * N} tasks, format hf, to ${out} (test: seed 0, ${N} tasks; train: seeds 1-2, 5, ${3 * N} tasks)\n`);
  });

  it("has one schema for every row: strings, integers, chat messages", async () => {
    expect(await describeColumns(join(out, "data", "train-00000-of-00001.parquet"))).toEqual({
      id: "VARCHAR",
      level: "INTEGER",
      variant: "VARCHAR",
      seed: "BIGINT",
      index: "BIGINT",
      set: "VARCHAR",
      prompt: 'STRUCT("role" VARCHAR, "content" VARCHAR)[]',
      answer: "VARCHAR",
      info: "VARCHAR",
      uid: "VARCHAR",
    });
  });

  it("holds, row by row, the tasks of succ generate for the split's seeds", async () => {
    for (const [split, seeds] of [["test", [0]], ["train", [1, 2, 5]]] as const) {
      const rows = await read(join(out, "data", `${split}-00000-of-00001.parquet`));
      const tasks = await generated([...seeds], N);
      expect(rows).toHaveLength(tasks.length);
      rows.forEach((row, i) => {
        const t = tasks[i]!;
        expect(row.id).toBe(t.id);
        expect(row.level).toBe(t.level);
        expect(row.variant).toBe(t.variant);
        expect(row.seed).toBe(String(t.info.seed));
        expect(row.index).toBe(String(t.info.index));
        expect(row.set).toBe("mix");
        expect(row.prompt).toEqual([{ role: "user", content: t.prompt }]);
        expect(JSON.parse(row.answer)).toEqual(t.answer);
        expect(JSON.parse(row.info)).toEqual({ id: t.id, level: t.level, variant: t.variant, ...t.info });
        expect(scoreReply(formatAnswer(JSON.parse(row.answer)), t.answer).score).toBe(1);
        expect(row.uid).toBe(`${t.info.seed}/mix/${t.id}`);
      });
    }
  });

  it("gives every row a unique uid across the splits, where ids repeat", async () => {
    const rows = [...(await read(join(out, "data", "test-00000-of-00001.parquet"))), ...(await read(join(out, "data", "train-00000-of-00001.parquet")))];
    expect(new Set(rows.map((r) => r.uid)).size).toBe(rows.length);
    // Task 0 of each of the 4 seeds has the same id.
    expect(rows.filter((r) => r.id === rows[0]!.id)).toHaveLength(4);
    const card = readFileSync(join(out, "README.md"), "utf8");
    expect(card).toContain("**Deduplicate on `uid`**");
  });

  it("writes a dataset card: the loader's YAML, fields, licence, seed policy, fingerprints", async () => {
    const card = readFileSync(join(out, "README.md"), "utf8");
    expect(card.startsWith("---\nlicense: mit\n")).toBe(true);
    expect(card).toContain('configs:\n- config_name: default\n  data_files:\n  - split: test\n    path: "data/test-00000-of-00001.parquet"\n  - split: train\n    path: "data/train-00000-of-00001.parquet"\n');
    expect(card).toContain(`  splits:\n  - name: test\n    num_examples: ${N}\n  - name: train\n    num_examples: ${3 * N}\n---\n`);
    expect(card).toContain("**Seed 0 is the evaluation set: train on other seeds.**");
    expect(card).toContain("| train | 1-2, 5 | 18 |");
    expect(card).toContain(`Generator version ${GENERATOR_VERSION}.`);
    expect(card).toContain("## Licence\n\nMIT.");
    for (const field of ["id", "level", "variant", "seed", "index", "set", "prompt", "answer", "info", "uid"]) expect(card).toContain(`| \`${field}\` |`);
    for (const seed of [0, 1, 2, 5]) {
      const printed = await runCli(["fingerprint", "-n", String(N), "--seed", String(seed)]);
      expect(card).toContain(`| ${seed} | \`${printed.stdout.trim()}\` |`);
    }
    const defaultSet = await runCli(["fingerprint"]);
    expect(card).toContain(`The default set (400 tasks, seed 0, the mix) has the fingerprint \`${defaultSet.stdout.trim()}\`.`);
  });

  it("follows --level: the single-level set, named level-L", async () => {
    const o = join(tempDir(), "l3");
    expect((await runCli(["export", "--format", "hf", "-n", "4", "--level", "3", "--split", "test=7", "--out", o])).code).toBe(0);
    const rows = await read(join(o, "data", "test-00000-of-00001.parquet"));
    const tasks = await generated([7], 4, 3);
    expect(rows.map((r) => [r.id, r.set, JSON.parse(r.answer)])).toEqual(tasks.map((t) => [t.id, "level-3", t.answer]));
  });
});

describe("succ export --format verl", () => {
  it("writes verl's layout, row by row the tasks of succ generate", async () => {
    const out = join(tempDir(), "verl");
    const r = await runCli(["export", "--format", "verl", "-n", String(N), "--split", "test=0", "--split", "train=3", "--out", out]);
    expect(r.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual([".succ-export.json", "test.parquet", "train.parquet"]);
    expect(await describeColumns(join(out, "train.parquet"))).toEqual({
      data_source: "VARCHAR",
      prompt: 'STRUCT("role" VARCHAR, "content" VARCHAR)[]',
      ability: "VARCHAR",
      reward_model: "STRUCT(style VARCHAR, ground_truth VARCHAR)",
      extra_info: 'STRUCT(split VARCHAR, "index" BIGINT, id VARCHAR, seed BIGINT, "set" VARCHAR, "level" INTEGER, variant VARCHAR, uid VARCHAR)',
    });
    for (const [split, seed] of [["test", 0], ["train", 3]] as const) {
      const rows = await read(join(out, `${split}.parquet`));
      const tasks = await generated([seed], N);
      expect(rows).toHaveLength(N);
      rows.forEach((row, i) => {
        const t = tasks[i]!;
        expect(row.data_source).toBe("succession-fr");
        expect(row.prompt).toEqual([{ role: "user", content: t.prompt }]);
        expect(row.ability).toBe("tax-law");
        expect(row.reward_model.style).toBe("rule");
        expect(JSON.parse(row.reward_model.ground_truth)).toEqual(t.answer);
        expect(row.extra_info).toEqual({ split, index: String(i), id: t.id, seed: String(seed), set: "mix", level: t.level, variant: t.variant, uid: `${seed}/mix/${t.id}` });
      });
    }
  });
});

describe("succ export --format hf|verl: the output folder", () => {
  it("replaces a folder it wrote, and an empty one", async () => {
    const dir = tempDir();
    const out = join(dir, "v");
    mkdirSync(out);
    expect((await runCli(["export", "--format", "verl", "-n", "2", "--split", "test=0", "--out", out])).code).toBe(0);
    expect((await runCli(["export", "--format", "verl", "-n", "3", "--split", "eval=0", "--out", out])).code).toBe(0);
    expect(readdirSync(out).sort()).toEqual([".succ-export.json", "eval.parquet"]);
    expect(await read(join(out, "eval.parquet"))).toHaveLength(3);
    expect(readdirSync(dir)).toEqual(["v"]);
  });

  it("refuses a folder holding anyone else's file, and touches nothing", async () => {
    const dir = tempDir();
    const out = join(dir, "mine");
    mkdirSync(out);
    writeFileSync(join(out, "notes.txt"), "keep me");
    const r = await runCli(["export", "--format", "hf", "-n", "2", "--out", out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`succ export: --out ${out}: the folder is not empty and was not written by succ export (no .succ-export.json); give a new or empty folder\n`);
    expect(readdirSync(out)).toEqual(["notes.txt"]);
    expect(readdirSync(dir)).toEqual(["mine"]);

    // An export's folder to which someone added a file is not ours to replace either.
    const ours = join(dir, "ours");
    expect((await runCli(["export", "--format", "verl", "-n", "2", "--split", "test=0", "--out", ours])).code).toBe(0);
    writeFileSync(join(ours, "added.md"), "x");
    const again = await runCli(["export", "--format", "verl", "-n", "2", "--split", "test=0", "--out", ours]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain("the folder has a file that succ export did not write (added.md)");
    expect(readdirSync(ours).sort()).toEqual([".succ-export.json", "added.md", "test.parquet"]);
  });

  const refusals: Array<[string, (out: string, missing: string) => string[], (out: string, missing: string) => string]> = [
    ["no --out", () => ["--format", "hf"], () => "--format hf needs --out DIR (a folder of Parquet files)"],
    ["--seed", (o) => ["--format", "verl", "--seed", "3", "--out", o], () => "--seed does not apply to --format verl: give the seeds of each split with --split NAME=SEEDS"],
    ["a seed in two splits", (o) => ["--format", "hf", "--split", "test=0", "--split", "train=0-3", "--out", o], () => '--split: seed 0 is in both "test" and "train"'],
    ["a split twice", (o) => ["--format", "hf", "--split", "test=0", "--split", "test=1", "--out", o], () => '--split: the split "test" is given twice'],
    ["a split without seeds", (o) => ["--format", "hf", "--split", "train", "--out", o], () => "--split train: expected NAME=SEEDS, e.g. test=0 or train=1-10 (NAME: a letter, then letters, digits, _)"],
    ["a range that goes down", (o) => ["--format", "hf", "--split", "train=5-2", "--out", o], () => "--split train=5-2: the range 5-2 goes down"],
    ["a seed that is not a number", (o) => ["--format", "hf", "--split", "train=a", "--out", o], () => `--split train=a: "a" is not a seed (a whole number from 0 to ${Number.MAX_SAFE_INTEGER})`],
    ["--split for a JSONL format", (o) => ["--format", "verifiers", "--split", "test=0", "--out", o], () => "--split only applies to --format hf, verl and sft"],
    ["a parent folder that does not exist", (_o, m) => ["--format", "hf", "--out", join(m, "out")], (_o, m) => `--out ${join(m, "out")}: the folder ${m} does not exist`],
  ];
  for (const [name, args, message] of refusals) {
    it(`refuses ${name} with one line, writing nothing`, async () => {
      const dir = tempDir();
      const out = join(dir, "out");
      const missing = join(dir, "missing");
      const r = await runCli(["export", ...args(out, missing)]);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`succ export: ${message(out, missing)}\n`);
      expect(readdirSync(dir)).toEqual([]);
    });
  }

  it("refuses a path that is a file", async () => {
    const dir = tempDir();
    const file = join(dir, "f");
    writeFileSync(file, "x");
    const r = await runCli(["export", "--format", "verl", "--split", "test=0", "-n", "1", "--out", file]);
    expect(r.stderr).toBe(`succ export: --out ${file}: it exists and is not a folder; give a new or empty folder\n`);
    expect(readFileSync(file, "utf8")).toBe("x");
    expect(existsSync(join(dir, "f.tmp"))).toBe(false);
    expect(readdirSync(dir)).toEqual(["f"]);
  });

  it("leaves an earlier export as it was, and no temporary folder, when interrupted", async () => {
    const dir = tempDir();
    const out = join(dir, "ds");
    expect((await runCli(["export", "--format", "verl", "-n", "2", "--split", "test=0", "--out", out])).code).toBe(0);
    const before = readFileSync(join(out, "test.parquet"));
    // 200 seeds of 400 tasks: long enough to be interrupted once its temporary folder exists.
    const running = startCli(["export", "--format", "verl", "--split", "train=1-200", "--out", out]);
    await waitFor(() => readdirSync(dir).some((name) => name.endsWith(".tmp")), 30_000, "the temporary folder");
    running.child.kill("SIGINT");
    const r = await running.done;
    expect(r.code).toBe(130);
    expect(r.stderr).toBe(`succ export: interrupted (SIGINT); ${out} left as it was\n`);
    expect(readdirSync(dir)).toEqual(["ds"]);
    expect(readdirSync(out).sort()).toEqual([".succ-export.json", "test.parquet"]);
    expect(readFileSync(join(out, "test.parquet")).equals(before)).toBe(true);
  });

  it("removes its temporary folder when interrupted the moment the folder appears", async () => {
    // The race of a Ctrl-C just after the folder is made: the handler must already be there.
    // Before the fix, 12 of 15 such runs were killed by the signal with the folder left behind.
    for (let run = 0; run < 3; run++) {
      const dir = tempDir();
      const out = join(dir, "ds");
      const running = startCli(["export", "--format", "verl", "--split", "train=1-20", "--out", out]);
      const watcher = watch(dir, () => {
        if (readdirSync(dir).some((name) => name.endsWith(".tmp"))) {
          running.child.kill("SIGINT");
          watcher.close();
        }
      });
      const r = await running.done;
      watcher.close();
      expect(r.code).toBe(130);
      expect(readdirSync(dir)).toEqual([]);
    }
  });

  it("--help documents the formats and --split", async () => {
    const r = await runCli(["export", "--help"]);
    for (const s of ["hf", "verl", "--split NAME=SEEDS", "reward_model", "extra_info", "data/<split>-00000-of-00001.parquet", "Seed 0", ".succ-export.json"]) expect(r.stdout).toContain(s);
  });
});
