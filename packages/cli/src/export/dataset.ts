/**
 * `succ export --format hf|verl --out DIR`: the task sets of several seeds, one split per
 * `--split NAME=SEEDS`, as Parquet files in the layouts Hugging Face `datasets` and verl read.
 */
import { generateTasks, GENERATOR_VERSION, fingerprint, LEVELS, Sha256, taskLine, type Task } from "@succ/generator";
import { setName, type SetLevel } from "@succ/server";
import { fileWriter, ParquetWriter, type SchemaElement } from "hyparquet-writer";
import { promises as fs } from "node:fs";
import { CliError, count, reason } from "../errors.js";
import { VERSION } from "../main.js";
import { OutputDir, type Manifest } from "./directory.js";
import { answerJson, rowUid, taskInfo, TASK_NAME } from "./formats.js";
import { sftMessages } from "./sft.js";
import { describeSeeds, parseSplits, type Split } from "./splits.js";

export type DatasetFormat = "hf" | "verl" | "sft";

/** verl's `ability` column: what the task exercises. */
export const VERL_ABILITY = "tax-law";

/** Rows a row group (and the most tasks held in memory at once). */
const ROW_GROUP = 1000;

const text = (name: string): SchemaElement => ({ name, type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type: "REQUIRED" });
const int64 = (name: string): SchemaElement => ({ name, type: "INT64", repetition_type: "REQUIRED" });
const int32 = (name: string): SchemaElement => ({ name, type: "INT32", repetition_type: "REQUIRED" });
const struct = (name: string, fields: SchemaElement[]): SchemaElement[] => [{ name, repetition_type: "REQUIRED", num_children: fields.length }, ...fields];
/** A list of chat messages: Parquet's three-level LIST of struct<role, content>. */
const messages = (name: string): SchemaElement[] => [
  { name, repetition_type: "REQUIRED", converted_type: "LIST", num_children: 1 },
  { name: "list", repetition_type: "REPEATED", num_children: 1 },
  ...struct("element", [text("role"), text("content")]),
];
const root = (columns: SchemaElement[][]): SchemaElement[] => [{ name: "root", num_children: columns.length }, ...columns.flat()];

interface Layout {
  schema: SchemaElement[];
  columns: string[];
  row: (task: Task, split: string, set: SetLevel) => Record<string, unknown>;
  file: (split: string) => string;
  /** The same rows as JSON lines too (sft), in this file. */
  jsonl?: (split: string) => string;
}

/**
 * The set options of `succ serve` (a request's `options`) as JSON text: what a row of a
 * `--fictional-law` export adds, so that a trainer can send them back with the id.
 */
export const FICTIONAL_OPTIONS = JSON.stringify({ fictionalLaw: true });

/**
 * The layout of a `--fictional-law` export: the same, with `options` (hf: a column after `set`;
 * verl: a field of extra_info after `set`). The layouts of the real law are left as they were.
 */
function withOptions(layout: Layout, format: DatasetFormat): Layout {
  if (format === "hf") {
    const at = layout.schema.findIndex((e) => e.name === "set") + 1;
    return {
      ...layout,
      schema: [{ ...layout.schema[0]!, num_children: layout.schema[0]!.num_children! + 1 }, ...layout.schema.slice(1, at), text("options"), ...layout.schema.slice(at)],
      columns: [...layout.columns.slice(0, 6), "options", ...layout.columns.slice(6)],
      row: (task, split, set) => ({ ...layout.row(task, split, set), options: FICTIONAL_OPTIONS }),
    };
  }
  const at = layout.schema.findIndex((e) => e.name === "extra_info");
  const extra = layout.schema[at]!;
  const setAt = layout.schema.findIndex((e, i) => i > at && e.name === "set") + 1;
  return {
    ...layout,
    schema: [...layout.schema.slice(0, at), { ...extra, num_children: extra.num_children! + 1 }, ...layout.schema.slice(at + 1, setAt), text("options"), ...layout.schema.slice(setAt)],
    row: (task, split, set) => {
      const row = layout.row(task, split, set);
      const { split: s, index, id, seed, set: name, ...rest } = row.extra_info as Record<string, unknown>;
      return { ...row, extra_info: { split: s, index, id, seed, set: name, options: FICTIONAL_OPTIONS, ...rest } };
    },
  };
}

/** The chat prompt, as the verifiers export writes it: one user message. */
function chat(task: Task) {
  return [{ role: "user", content: task.prompt }];
}

/** The columns that name a task, as hf and sft rows hold them: id, level, variant, seed, index, set. */
const TASK_SCHEMA: SchemaElement[][] = [[text("id")], [int32("level")], [text("variant")], [int64("seed")], [int64("index")], [text("set")]];
const TASK_COLUMNS = ["id", "level", "variant", "seed", "index", "set"];
function taskColumns(task: Task, set: SetLevel) {
  return { id: task.id, level: task.level, variant: task.variant, seed: BigInt(task.info.seed), index: BigInt(task.info.index), set: setName(set) };
}

/**
 * Hugging Face: id, level (the task's), variant, seed, index, set ("mix" or "level-L": what a
 * server request names), prompt (chat messages), answer and info as JSON text (so that every
 * row has the same schema, whatever the dossier holds), and uid, the row's unique key.
 */
const HF: Layout = {
  schema: root([...TASK_SCHEMA, messages("prompt"), [text("answer")], [text("info")], [text("uid")]]),
  columns: [...TASK_COLUMNS, "prompt", "answer", "info", "uid"],
  row: (task, _split, set) => ({
    ...taskColumns(task, set),
    prompt: chat(task),
    answer: answerJson(task),
    info: JSON.stringify(taskInfo(task)),
    uid: rowUid(task, set),
  }),
  file: (split) => `data/${split}-00000-of-00001.parquet`,
};

/**
 * verl (examples/data_preprocess/gsm8k.py): data_source, prompt (chat messages), ability,
 * reward_model {style: "rule", ground_truth: the gold answer as JSON text}, extra_info {split,
 * index, id, seed, set, level, variant, uid}.
 */
const VERL: Layout = {
  schema: root([
    [text("data_source")],
    messages("prompt"),
    [text("ability")],
    struct("reward_model", [text("style"), text("ground_truth")]),
    struct("extra_info", [text("split"), int64("index"), text("id"), int64("seed"), text("set"), int32("level"), text("variant"), text("uid")]),
  ]),
  columns: ["data_source", "prompt", "ability", "reward_model", "extra_info"],
  row: (task, split, set) => ({
    data_source: TASK_NAME,
    prompt: chat(task),
    ability: VERL_ABILITY,
    reward_model: { style: "rule", ground_truth: answerJson(task) },
    extra_info: { split, index: BigInt(task.info.index), id: task.id, seed: BigInt(task.info.seed), set: setName(set), level: task.level, variant: task.variant, uid: rowUid(task, set) },
  }),
  file: (split) => `${split}.parquet`,
};

/**
 * Worked solutions for supervised fine-tuning: uid, id, level, variant, seed, index, set, and
 * messages: the user's prompt, then the assistant's worked solution ending with the block. The
 * same rows as Parquet (`<split>.parquet`) and JSON lines (`<split>.jsonl`).
 */
const SFT: Layout = {
  schema: root([[text("uid")], ...TASK_SCHEMA, messages("messages")]),
  columns: ["uid", ...TASK_COLUMNS, "messages"],
  row: (task, _split, set) => ({
    uid: rowUid(task, set),
    ...taskColumns(task, set),
    messages: sftMessages(task),
  }),
  file: (split) => `${split}.parquet`,
  jsonl: (split) => `${split}.jsonl`,
};

/** A row as JSON text: the Parquet integers (BigInt) as numbers. */
function jsonLine(row: Record<string, unknown>): string {
  return JSON.stringify(row, (_key, value: unknown) => (typeof value === "bigint" ? Number(value) : value));
}

interface SplitSummary {
  name: string;
  file: string;
  seeds: number[];
  rows: number;
  /** The JSON lines file of the same rows (sft), if any. */
  jsonl?: string;
  /** Per seed: the SHA-256 of its task set, as `succ fingerprint -n N --seed S --level L` prints it. */
  fingerprints: Record<string, string>;
}

/** Writes one split's file, a row group at a time; returns what the card and the manifest say of it. */
async function writeSplit(out: OutputDir, layout: Layout, split: Split, n: number, set: SetLevel, fictionalLaw: boolean): Promise<SplitSummary> {
  const relativePath = layout.file(split.name);
  const writer = new ParquetWriter({
    writer: fileWriter(await out.file(relativePath)),
    schema: layout.schema,
    createdBy: `succ export (succession-fr, @succ/cli ${VERSION}) with hyparquet-writer`,
    kvMetadata: [
      { key: "succession-fr.generatorVersion", value: GENERATOR_VERSION },
      { key: "succession-fr.split", value: JSON.stringify({ name: split.name, seeds: split.seeds, n, set: setName(set), ...(fictionalLaw ? { fictionalLaw } : {}) }) },
    ],
  });
  const fingerprints: Record<string, string> = {};
  const jsonlPath = layout.jsonl?.(split.name);
  const jsonlFile = jsonlPath === undefined ? undefined : await out.file(jsonlPath);
  if (jsonlFile !== undefined) await fs.writeFile(jsonlFile, "");
  let rows = 0;
  let chunk: Record<string, unknown>[] = [];
  const flush = async () => {
    if (chunk.length === 0) return;
    const columnData = layout.columns.map((name) => ({ name, data: chunk.map((row) => row[name]) }));
    await writer.write({ columnData, rowGroupSize: chunk.length });
    if (jsonlFile !== undefined) await fs.appendFile(jsonlFile, chunk.map((row) => `${jsonLine(row)}\n`).join(""));
    rows += chunk.length;
    chunk = [];
    // Back to the event loop between row groups, so that Ctrl-C is heard during a long export.
    await new Promise((resolve) => setImmediate(resolve));
  };
  for (const seed of split.seeds) {
    const hash = new Sha256();
    for (const task of generateTasks({ n, seed, level: set, offset: 0, fictionalLaw })) {
      hash.update(`${taskLine(task)}\n`);
      chunk.push(layout.row(task, split.name, set));
      if (chunk.length >= ROW_GROUP) await flush();
    }
    fingerprints[String(seed)] = hash.hex();
  }
  await flush();
  await writer.finish();
  return { name: split.name, file: relativePath, seeds: split.seeds, rows, fingerprints, ...(jsonlPath === undefined ? {} : { jsonl: jsonlPath }) };
}

function yamlString(value: string): string {
  return JSON.stringify(value);
}

/** The dataset card (README.md): YAML metadata for the Hub's loader, then fields, licence, seed policy. */
export function datasetCard(splits: SplitSummary[], n: number, set: SetLevel, fictionalLaw = false): string {
  const features = [
    ["id", "string"],
    ["level", "int32"],
    ["variant", "string"],
    ["seed", "int64"],
    ["index", "int64"],
    ["set", "string"],
    ...(fictionalLaw ? [["options", "string"]] : []),
  ]
    .map(([name, dtype]) => `  - name: ${name}\n    dtype: ${dtype}`)
    .join("\n");
  const lines = [
    "---",
    "license: mit",
    "language:",
    "- fr",
    "pretty_name: succession-fr",
    "task_categories:",
    "- text-generation",
    "tags:",
    "- tax",
    "- law",
    "- reinforcement-learning",
    "- verifiable-rewards",
    "configs:",
    "- config_name: default",
    "  data_files:",
    ...splits.flatMap((s) => [`  - split: ${s.name}`, `    path: ${yamlString(s.file)}`]),
    "dataset_info:",
    "  features:",
    features,
    "  - name: prompt",
    "    list:",
    "    - name: role",
    "      dtype: string",
    "    - name: content",
    "      dtype: string",
    "  - name: answer",
    "    dtype: string",
    "  - name: info",
    "    dtype: string",
    "  - name: uid",
    "    dtype: string",
    "  splits:",
    ...splits.flatMap((s) => [`  - name: ${s.name}`, `    num_examples: ${s.rows}`]),
    "---",
    "",
    "# succession-fr",
    "",
    "French inheritance and gift tax tasks (droits de mutation à titre gratuit): each row is a",
    "fictitious estate or gift, a prompt in French that states every rule needed, and the exact",
    "gold answer computed by an exact engine. Written by `succ export --format hf` (succession-fr).",
    "",
    "## Splits and seed policy",
    "",
    `Each seed gives a task set of ${n} tasks (${set === 0 ? "the mix of levels 1 to 4" : `level ${set} only`}; set \`${setName(set)}\`); task \`i\``,
    "of a set depends only on (seed, i). **Seed 0 is the evaluation set: train on other seeds.**",
    ...(fictionalLaw
      ? [
          "",
          "**Fictional law.** Each task draws its own law from (seed, i) (allowances, scales, the funeral",
          "amount, art. 790 G, the recall period, art. 669, art. 990 I, all moved by a bounded amount):",
          "its prompt states that law, and its gold is computed with it. A model that answers from what",
          "it knows of the real law fails; one that reads the rules succeeds.",
        ]
      : []),
    "",
    "| split | seeds | rows |",
    "| --- | --- | --- |",
    ...splits.map((s) => `| ${s.name} | ${describeSeeds(s.seeds)} | ${s.rows} |`),
    "",
    `Generator version ${GENERATOR_VERSION}. The SHA-256 of each seed's set (the lines of`,
    `\`succ generate -n ${n} --seed S --level ${set}${fictionalLaw ? " --fictional-law" : ""}\`, each followed by a newline; \`succ fingerprint\``,
    "prints it):",
    "",
    "| seed | fingerprint |",
    "| --- | --- |",
    ...splits.flatMap((s) => s.seeds.map((seed) => `| ${seed} | \`${s.fingerprints[String(seed)]}\` |`)),
    "",
    `The default set (400 tasks, seed 0, the mix) has the fingerprint \`${fingerprint()}\`.`,
    "",
    "## Fields",
    "",
    "| field | type | |",
    "| --- | --- | --- |",
    '| `id` | string | `succession-<level>-<index>`, unique within a seed |',
    `| \`level\` | int32 | the task's level, ${LEVELS[0]} to ${LEVELS[LEVELS.length - 1]} |`,
    "| `variant` | string | the kind of dossier (`spouse-children`, `gift-790g`, …) |",
    "| `seed` | int64 | the seed of the task's set |",
    "| `index` | int64 | the task's index in its set |",
    '| `set` | string | `mix` or `level-<L>`: with `id` and `seed`, names the task for `succ serve` |',
    ...(fictionalLaw ? ['| `options` | string | `{"fictionalLaw":true}`: the set options a request to `succ serve` names |'] : []),
    '| `prompt` | list of {role, content} | the chat prompt: one user message, in French |',
    "| `answer` | string | the gold answer, JSON: `{\"beneficiaires\": {\"B1\": {\"part_taxable\", \"droits\"}, …}, \"total_droits\"}` |",
    `| \`info\` | string | JSON: id, level, variant, the dossier, seed, index, generator version${fictionalLaw ? ", fictionalLaw" : ""} |`,
    `| \`uid\` | string | the row's unique key, \`<seed>/<set>${fictionalLaw ? "+fictional-law" : ""}/<id>\` (\`${fictionalLaw ? "1/mix+fictional-law/succession-1-0" : "1/mix/succession-1-0"}\`) |`,
    "",
    "## Deduplication and overlap",
    "",
    "**Deduplicate on `uid`**, and check a train/test overlap with it: it is unique across every",
    "split (no seed is in two splits) and names one task (its seed, its set, its id" + (fictionalLaw ? ", its fictional law)." : ")."),
    "`id` alone is not a key: `succession-1-0` is task 0 of every seed. `uid` is the same as",
    "(`seed`, `set`, `id`" + (fictionalLaw ? ", `options`" : "") + ") together.",
    "",
    "A reply ends with one `<droits>{…}</droits>` block holding the answer's JSON; it is scored by",
    "`@succ/scoring` (1 when every value is right, partial credit capped at 0.45 otherwise). To",
    `score rollouts while training, run \`succ serve\` and send \`{"reply", "id", "seed", "set"${fictionalLaw ? ', "options"' : ""}}\``,
    "or `{\"reply\", \"answer\"}` to `POST /score`.",
    "",
    "## Licence",
    "",
    "MIT. Every person, family and amount in the tasks is fictitious.",
    "",
  ];
  return lines.join("\n");
}

export interface DatasetOptions {
  format: DatasetFormat;
  out: string | undefined;
  n: number;
  set: SetLevel;
  /** --fictional-law: each task's own fictional law (the rows carry `options`). */
  fictionalLaw?: boolean;
  splits: string[] | undefined;
}

/** Runs the export; returns the exit code. */
export async function exportDataset(options: DatasetOptions): Promise<number> {
  if (options.out === undefined || options.out === "-") throw new CliError(`--format ${options.format} needs --out DIR (a folder of Parquet files)`);
  const splits = parseSplits(options.splits, options.n);
  const fictionalLaw = options.fictionalLaw === true;
  const base = options.format === "hf" ? HF : options.format === "verl" ? VERL : SFT;
  // sft rows name their law in uid only (a chat has no request options to carry).
  const layout = fictionalLaw && options.format !== "sft" ? withOptions(base, options.format) : base;
  if (splits.some((s) => s.name.startsWith("train") && s.seeds.includes(0))) {
    process.stderr.write("succ export: warning: seed 0 is the evaluation set, and a training split holds it\n");
  }
  const out = await OutputDir.open(options.out);
  const written: SplitSummary[] = [];
  try {
    for (const split of splits) written.push(await writeSplit(out, layout, split, options.n, options.set, fictionalLaw));
    const files = written.flatMap((s) => (s.jsonl === undefined ? [s.file] : [s.file, s.jsonl]));
    if (options.format === "hf") {
      await fs.writeFile(await out.file("README.md"), datasetCard(written, options.n, options.set, fictionalLaw));
      files.push("README.md");
    }
    const manifest: Manifest = {
      writtenBy: "succ export",
      format: options.format,
      cliVersion: VERSION,
      generatorVersion: GENERATOR_VERSION,
      n: options.n,
      set: setName(options.set),
      ...(fictionalLaw ? { fictionalLaw } : {}),
      splits: written.map(({ name, file, jsonl, seeds, rows, fingerprints }) => ({ name, file, ...(jsonl === undefined ? {} : { jsonl }), seeds: describeSeeds(seeds), rows, fingerprints })),
      files: files.sort(),
    };
    await out.commit(manifest);
  } catch (e) {
    await out.abort();
    if (e instanceof CliError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== undefined) throw new CliError(`--out ${options.out}: cannot write (${reason(e)})`);
    throw e;
  }
  const total = written.reduce((sum, s) => sum + s.rows, 0);
  const parts = written.map((s) => `${s.name}: seed${s.seeds.length === 1 ? "" : "s"} ${describeSeeds(s.seeds)}, ${count(s.rows, "task")}`).join("; ");
  process.stderr.write(`succ export: ${count(total, "task")}, format ${options.format}, to ${options.out} (${parts})\n`);
  return 0;
}
