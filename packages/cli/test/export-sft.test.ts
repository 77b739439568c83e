/**
 * `succ export --format sft`: worked solutions for fine-tuning, end to end with the built CLI.
 * For every level and for the fictional law: each row's prompt is the task's, its assistant
 * message scores 1.0 against the task's gold (@succ/scoring) and holds no raw sheet artefact
 * (dotted leaders, column padding, indentation), the Parquet file holds the JSONL file's rows,
 * and every uid is unique.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { compute, explain, readDossier } from "@succ/engine";
import { generateTask, lawSourceOf } from "@succ/generator";
import { scoreReply } from "@succ/scoring";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./helpers/spawn-cli";

const dir = mkdtempSync(join(tmpdir(), "succ-sft-"));
let db: DuckDBInstance;
let connection: DuckDBConnection;
beforeAll(async () => {
  db = await DuckDBInstance.create(":memory:");
  connection = await db.connect();
});
afterAll(() => {
  connection?.closeSync();
  db?.closeSync();
  rmSync(dir, { recursive: true, force: true });
});

const N = 8;

/** Lines a calculation sheet has and prose has not: dotted leaders, runs of spaces, indentation. */
function artefacts(text: string): string[] {
  return text.split("\n").filter((line) => /\.{3,}|…{2,}|\S {2,}\S|^\s+\S|\s+$/.test(line));
}

async function exported(name: string, args: string[]) {
  const out = join(dir, name);
  const r = await runCli(["export", "--format", "sft", "-n", String(N), "--split", "test=0", "--split", "train=3", "--out", out, ...args]);
  expect(r.code, r.stderr).toBe(0);
  expect(readdirSync(out).sort()).toEqual([".succ-export.json", "test.jsonl", "test.parquet", "train.jsonl", "train.parquet"]);
  const splits: Record<string, Array<Record<string, any>>> = {};
  for (const split of ["test", "train"]) {
    const lines = readFileSync(join(out, `${split}.jsonl`), "utf8").trimEnd().split("\n").map((l) => JSON.parse(l));
    const parquet = (await connection.runAndReadAll(`SELECT * FROM read_parquet('${join(out, `${split}.parquet`)}')`)).getRowObjectsJson();
    expect(parquet.map((r) => ({ ...r, seed: Number(r.seed), index: Number(r.index) }))).toEqual(lines);
    splits[split] = lines;
  }
  return splits;
}

const CASES: [string, number, boolean][] = [
  ["the mix", 0, false],
  ...[1, 2, 3, 4, 5, 6, 7].map((level): [string, number, boolean] => [`level ${level}`, level, false]),
  ["the mix under the fictional law", 0, true],
  ["level 5 under the fictional law", 5, true],
];

describe("succ export --format sft", () => {
  it.each(CASES)("%s: the prompt, then a worked solution that scores 1.0 and reads as prose", async (name, level, fictionalLaw) => {
    const splits = await exported(name.replace(/\W+/g, "-"), ["--level", String(level), ...(fictionalLaw ? ["--fictional-law"] : [])]);
    const uids = new Set<string>();
    for (const [split, seed] of [["test", 0], ["train", 3]] as const) {
      const rows = splits[split]!;
      expect(rows).toHaveLength(N);
      rows.forEach((row, i) => {
        const task = generateTask(seed, i, level as 0, fictionalLaw ? { fictionalLaw: true } : {});
        const set = level === 0 ? "mix" : `level-${level}`;
        expect(row).toMatchObject({ uid: `${seed}/${set}${fictionalLaw ? "+fictional-law" : ""}/${task.id}`, id: task.id, level: task.level, variant: task.variant, seed, index: i, set });
        expect(row.messages).toHaveLength(2);
        expect(row.messages[0]).toEqual({ role: "user", content: task.prompt });
        const { role, content } = row.messages[1] as { role: string; content: string };
        expect(role).toBe("assistant");
        expect(scoreReply(content, task.answer, { strictEnd: true })).toMatchObject({ score: 1, reason: "ok" });
        expect(content.endsWith("</droits>")).toBe(true);
        expect(artefacts(content)).toEqual([]);
        // The sheet's figures are there: each beneficiary's taxable share and tax in the summary.
        const euros = (n: number) => `${n.toLocaleString("fr-FR").replace(/\u202f/g, " ")} €`;
        for (const [id, line] of Object.entries(task.answer.beneficiaires)) {
          expect(content).toContain(`Pour ${id} (`);
          expect(content).toContain(`${id} part taxable ${euros(line.part_taxable)}, droits : ${euros(line.droits)}`);
        }
        uids.add(row.uid);
      });
    }
    expect(uids.size).toBe(2 * N);
  });

  it("finds the artefacts in the raw sheet that it finds nowhere in the worked solutions", () => {
    const task = generateTask(0, 1);
    const sheet = explain(compute(readDossier(task.info.dossier), { source: lawSourceOf(task.info) }));
    expect(artefacts(sheet).length).toBeGreaterThan(10);
  });

  it("refuses --seed, like the other dataset formats", async () => {
    const r = await runCli(["export", "--format", "sft", "--seed", "3", "--out", join(dir, "x")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--seed does not apply to --format sft");
  });
});
