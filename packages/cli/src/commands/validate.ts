import { compute, isDossierError, readDossier, sameAnswer } from "@succ/engine";
import { generateTasks, lawSourceOf, type Task } from "@succ/generator";
import { checkExpected, formatAnswer, hostileReplies, scoreReplyStrict, type ExpectedAnswer } from "@succ/scoring";
import { parse } from "../args.js";
import { CliError, count } from "../errors.js";
import { readTasks } from "../tasks-file.js";
import { fictionalLawHelp, joinNegativeValues, SET_OPTIONS, setOptions, MAX_LEVEL } from "../set-options.js";

const HELP = `Usage: succ validate [-n 400] [--seed 0] [--level 0..${MAX_LEVEL}] [--fictional-law] | --tasks FILE

Checks a task set end to end, as a training team would before using it:
  - the gold answer equals the engine's answer recomputed from the task's dossier (under the
    task's own law for a task of --fictional-law: info.fictionalLaw, seed and index give it);
  - the gold answer, as a reply, scores 1.0 (strict scorer: a broken gold answer fails loudly);
  - a no-op reply (empty, or every amount 0) scores 0;
  - every hostile reply of @succ/scoring (several blocks, NaN, giant exponents, mass tags,
    extra or missing keys, invented beneficiary, injection, ...) scores 0.

  -n N            number of tasks (default 400)
  --seed S        seed of the task set (default 0)
  --level L       0 = the mix of levels 1 to 4 (default), or a single level 1 to ${MAX_LEVEL}
${fictionalLawHelp(18)}  --tasks FILE    check the tasks of a file (JSONL of \`succ generate\`) instead of generating
  -h, --help      this help

Prints a summary; exit code 1 when any check fails, with the failures listed on stderr.
`;

export async function run(argv: string[]): Promise<number> {
  const { values } = parse(joinNegativeValues(argv), { ...SET_OPTIONS, tasks: { type: "string" } });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const set = setOptions(values, { minN: 1 });
  if (values.tasks !== undefined && (values.n !== undefined || values.seed !== undefined || values.level !== undefined || values["fictional-law"] !== undefined)) {
    throw new CliError("--tasks reads a file: it does not go with -n, --seed, --level or --fictional-law");
  }
  const source = values.tasks === undefined ? generateTasks(set) : (readTasks(values.tasks, true) as AsyncGenerator<unknown> as AsyncGenerator<Task>);
  const failures: string[] = [];
  let checks = 0;
  let tasks = 0;
  for await (const task of source) {
    tasks++;
    const expected = task.answer as ExpectedAnswer;
    checks++;
    try {
      const recomputed = compute(readDossier(task.info.dossier), { source: lawSourceOf(task.info) }).answer;
      if (!sameAnswer(recomputed, task.answer)) failures.push(`${task.id}: gold answer differs from the engine's`);
    } catch (e) {
      if (!isDossierError(e)) throw e;
      failures.push(`${task.id}: invalid dossier: ${e.message.replace(/\n/g, "; ")}`);
    }
    try {
      checkExpected(expected);
    } catch (e) {
      // A broken gold answer fails loudly and stops the checks of this task.
      failures.push(`${task.id}: broken gold answer: ${(e as Error).message}`);
      continue;
    }
    const gold = scoreReplyStrict(formatAnswer(expected), expected);
    checks++;
    if (gold.score !== 1) failures.push(`${task.id}: gold reply scores ${gold.score} (${gold.reason})`);
    const zeros: ExpectedAnswer = { beneficiaires: {}, total_droits: 0 };
    // Every key of the gold, the art. 990 I levy included where the gold has it (levels 5-6).
    for (const [id, line] of Object.entries(expected.beneficiaires)) {
      zeros.beneficiaires[id] = line.prelevement_990I === undefined ? { part_taxable: 0, droits: 0 } : { part_taxable: 0, droits: 0, prelevement_990I: 0 };
    }
    for (const [name, reply] of [["empty", ""], ["all zeros", formatAnswer(zeros)]] as const) {
      checks++;
      const r = scoreReplyStrict(reply, expected);
      if (r.score !== 0) failures.push(`${task.id}: no-op reply "${name}" scores ${r.score} (${r.reason})`);
    }
    for (const h of hostileReplies(expected)) {
      checks++;
      const r = scoreReplyStrict(h.reply, expected);
      if (r.score !== 0) failures.push(`${task.id}: hostile reply "${h.name}" scores ${r.score} (${r.reason})`);
    }
  }
  if (failures.length > 0) {
    process.stderr.write(`${failures.slice(0, 50).join("\n")}\n${failures.length > 50 ? `... and ${failures.length - 50} more\n` : ""}`);
    process.stdout.write(`validate: ${count(tasks, "task")}, ${count(checks, "check")}, ${failures.length} failed\n`);
    return 1;
  }
  process.stdout.write(`validate: ${count(tasks, "task")}, ${count(checks, "check")}, all passed (gold 1.0, no-op 0, hostile 0)\n`);
  return 0;
}


