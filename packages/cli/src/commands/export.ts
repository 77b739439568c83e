import { basename, dirname, extname, join } from "node:path";
import { generateTasks } from "@succ/generator";
import { parse } from "../args.js";
import { CliError, count as plural } from "../errors.js";
import { Output } from "../io.js";
import { fictionalLawHelp, joinNegativeValues, SET_OPTIONS, setOptions, MAX_LEVEL } from "../set-options.js";
import { FORMATS, openaiEvalsRow, promptfooAssertion, promptfooRow, verifiersRow, type Format } from "../export/formats.js";

const HELP = `Usage: succ export --format verifiers|openai-evals|promptfoo [-n 400] [--seed 0] [--level 0..${MAX_LEVEL}] [--fictional-law] [--out FILE]
       succ export --format hf|verl|sft --out DIR [-n 400] [--level 0..${MAX_LEVEL}] [--fictional-law] [--split NAME=SEEDS]…

Writes the task set in the format another evaluation tool reads, one task a line (JSONL); or,
for trainers, the task sets of several seeds as Parquet datasets (hf, verl, sft).

  --format F        verifiers     {"prompt": [{"role": "user", "content": …}], "answer": "<gold
                                  answer JSON as a string>", "info": {id, level, variant,
                                  dossier, seed, index, generatorVersion, uid}, "task":
                                  "succession-fr"}
                    openai-evals  {"input": [{"role": "user", "content": …}], "ideal":
                                  "<droits>{gold answer}</droits>"}
                    promptfoo     promptfoo test cases: {"description", "vars": {"prompt",
                                  "answer"}, "assert": [{"type": "javascript", "value":
                                  "file://succession-fr-assert.mjs", "config": {"allOrNothing"}}],
                                  "metadata": {id, level, variant, uid}}; FILE must end in .jsonl
                                  (one test a line) or .json (one array), and the assertion
                                  script succession-fr-assert.mjs (it scores with @succ/scoring)
                                  is written next to it. See docs/eval-and-export.md.
                    hf            a Hugging Face dataset folder: data/<split>-00000-of-00001.parquet
                                  (id, level, variant, seed, index, set, prompt as chat
                                  messages, answer and info as JSON text, uid: the row's
                                  unique key, seed/set/id) and a README.md
                                  dataset card (fields, licence, fingerprints, seed policy)
                    verl          verl's layout: <split>.parquet with data_source, prompt (chat
                                  messages), ability, reward_model {style: "rule", ground_truth:
                                  the gold answer JSON}, extra_info {split, index, id, seed, set,
                                  level, variant, uid}. See docs/serve-and-train.md.
                    sft           worked solutions for fine-tuning: <split>.parquet and
                                  <split>.jsonl, each row {uid, id, level, variant, seed, index,
                                  set, messages: [the user's prompt, the assistant's worked
                                  solution in French, from the engine's calculation sheet,
                                  ending with the <droits> block]}
  -n N              number of tasks (default 400); hf, verl, sft: a seed
  --seed S          generator seed (default 0); not for hf, verl, sft (see --split)
  --split NAME=SEEDS
                    hf, verl, sft: a split holding the task sets of SEEDS ("0", "1-10", "1-4,9");
                    repeat for each split (default: --split test=0 --split train=1-10). Seed 0
                    is the evaluation set: train on other seeds. No seed in two splits.
  --level L         0 = the mix of levels 1 to 4 (default), or 1 to ${MAX_LEVEL}
${fictionalLawHelp(20)}                    hf, verl: the rows also carry options {"fictionalLaw": true} (hf: a
                    column, verl: in extra_info), as a request to succ serve names them
  --all-or-nothing  promptfoo: the assertion gives 0 unless every value is right
  -o, --out FILE    write to FILE, replaced only when the export completes (Ctrl-C leaves it
                    as it was, exit 130; a device, a FIFO or a symbolic link is written
                    through); required for promptfoo; stdout otherwise. hf, verl, sft: a folder,
                    written beside it and renamed into place when complete (Ctrl-C leaves
                    nothing); an existing folder is replaced only if it is empty or holds
                    exactly what an earlier export wrote (.succ-export.json)
  -h, --help        this help
`;

export const ASSERT_FILE = "succession-fr-assert.mjs";

/** Where this CLI's @succ/scoring lies, for the assertion script's fallback import. */
function scoringUrl(): string | null {
  try {
    return import.meta.resolve("@succ/scoring");
  } catch {
    return null;
  }
}

export async function run(argv: string[]): Promise<number> {
  const { values } = parse(joinNegativeValues(argv), {
    ...SET_OPTIONS,
    format: { type: "string", short: "f" },
    "all-or-nothing": { type: "boolean" },
    out: { type: "string", short: "o" },
    split: { type: "string", multiple: true },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const format = values.format as Format | undefined;
  if (format === undefined) throw new CliError(`--format is required: one of ${FORMATS.join(", ")}`);
  if (!FORMATS.includes(format)) throw new CliError(`--format: expected one of ${FORMATS.join(", ")}, got "${format}"`);
  if (format === "hf" || format === "verl" || format === "sft") {
    if (values.seed !== undefined) throw new CliError(`--seed does not apply to --format ${format}: give the seeds of each split with --split NAME=SEEDS`);
    if (values["all-or-nothing"]) throw new CliError("--all-or-nothing only applies to --format promptfoo (the other formats carry the gold answer, not a scorer)");
    const { exportDataset } = await import("../export/dataset.js");
    const { n, level, fictionalLaw } = setOptions(values, { minN: 1 });
    return exportDataset({ format, out: values.out, n, set: level, fictionalLaw, splits: values.split });
  }
  if (values.split !== undefined) throw new CliError(`--split only applies to --format hf, verl and sft`);
  const set = setOptions(values, { minN: 1 });
  const allOrNothing = values["all-or-nothing"] === true;
  if (allOrNothing && format !== "promptfoo") throw new CliError("--all-or-nothing only applies to --format promptfoo (the other formats carry the gold answer, not a scorer)");

  const file = values.out;
  let jsonArray = false;
  if (format === "promptfoo") {
    if (file === undefined || file === "-") throw new CliError("--format promptfoo needs --out FILE (the assertion script is written next to it)");
    const ext = extname(file).toLowerCase();
    if (ext !== ".jsonl" && ext !== ".json") {
      throw new CliError(`--out ${file}: a promptfoo tests file must end in .jsonl (one test a line) or .json (an array); promptfoo reads it by its extension`);
    }
    jsonArray = ext === ".json";
    if (basename(file) === ASSERT_FILE) throw new CliError(`--out ${file}: that name is the assertion script's`);
  }

  const out = await Output.open(file);
  const script = format === "promptfoo" ? await Output.open(join(dirname(file!), ASSERT_FILE)) : null;
  let count = 0;
  try {
    if (jsonArray) await out.write("[\n");
    for (const task of generateTasks(set)) {
      const row =
        format === "verifiers" ? verifiersRow(task, set.level) : format === "openai-evals" ? openaiEvalsRow(task) : promptfooRow(task, set.level, ASSERT_FILE, allOrNothing);
      const text = JSON.stringify(row);
      await out.write(jsonArray ? `${count > 0 ? ",\n" : ""}${text}` : `${text}\n`);
      count++;
    }
    if (jsonArray) await out.write("\n]\n");
    if (script) await script.write(promptfooAssertion(scoringUrl()));
  } catch (e) {
    await out.close(false);
    await script?.close(false);
    throw e;
  }
  await out.close(true);
  await script?.close(true);
  const where = file && file !== "-" ? file : "stdout";
  process.stderr.write(`succ export: ${plural(count, "task")}, format ${format}, to ${where}${script ? ` (assertion: ${join(dirname(file!), ASSERT_FILE)})` : ""}\n`);
  return 0;
}
