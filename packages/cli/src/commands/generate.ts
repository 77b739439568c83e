import { availableParallelism } from "node:os";
import { generateTasks, taskLine, type GenerateOptions } from "@succ/generator";
import { intOption, parse } from "../args.js";
import { CliError } from "../errors.js";
import { parallelLines } from "../generate-jobs.js";
import { Output } from "../io.js";
import { describeSet, fictionalLawHelp, joinNegativeValues, MIN_RULES_OPTION, SET_OPTIONS, setOptions, MAX_LEVEL } from "../set-options.js";

/** The most worker threads `--jobs` accepts: 64, or more on a machine with more cores. */
const MAX_JOBS = Math.max(64, availableParallelism());

const HELP = `Usage: succ generate [-n 400] [--seed 0] [--level 0..${MAX_LEVEL}] [--fictional-law] [--offset K] [--min-rules K] [--jobs N] [-o FILE]

Generates the task set: one task a line (JSONL), each with its French prompt, its gold answer
and its dossier: {"id","level","variant","prompt","answer","info":{"dossier",...}}.
Task i depends only on (seed, i): any slice can be generated apart, on any machine.

  -n N            number of tasks (default 400)
  --seed S        seed of the set, a whole number ≥ 0 (default 0)
  --level L       0 for the mix of levels 1 to 4 (default), or a single level 1 to ${MAX_LEVEL}:
                  5 is the real law as a notary's file with its articles, 6 the same file
                  with only "the law in force on the date", 7 the notary's whole file of an
                  estate from which the civil devolution is computed, with only "the law in
                  force on the date"; the mix never holds them
${fictionalLawHelp(18)}  --offset K      start at task K (default 0), without generating tasks 0 to K−1
  --min-rules K   keep only the tasks where at least K rules change the answer
                  (info.difficulty.rules). Task i still depends only on (seed, i): the filter
                  skips tasks, so the set holds the first N tasks from the offset on that pass
                  it, with their own ids (succession-5-17 is the same task with or without it)
  --jobs N        draw the tasks in N threads, one core each: the main thread and N − 1
                  worker threads (default 1; this machine has ${availableParallelism()}). The output is byte
                  for byte that of one job, in the same order: task i depends only on
                  (seed, i), whoever draws it
  -o, --out FILE  write to FILE instead of stdout (see "Output" below)
  -h, --help      this help

Progress goes to stderr when it is a terminal and the run is long.

Output: a regular file is written under a temporary name beside it and renamed only when the
command completes; a device, a FIFO or a symbolic link is written through and kept. Ctrl-C
(SIGINT) or SIGTERM removes the temporary file, leaves FILE as it was and exits 130 or 143.
`;

/** `succ generate | head`: a reader that stops early is not an error. */
export function quietOnClosedPipe(): void {
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(0);
    throw e;
  });
}

export async function run(argv: string[]): Promise<number> {
  const { values } = parse(joinNegativeValues(argv, ["n", "seed", "level", "offset", "min-rules", "jobs"]), {
    ...SET_OPTIONS,
    ...MIN_RULES_OPTION,
    offset: { type: "string" },
    jobs: { type: "string" },
    out: { type: "string", short: "o" },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const opts = setOptions(values);
  const jobs = intOption("--jobs", values.jobs, 1, 1, MAX_JOBS);
  quietOnClosedPipe();
  const out = await Output.open(values.out);
  const progress = process.stderr.isTTY && opts.n >= 2_000;
  const started = Date.now();
  let last = 0;
  let done = 0;
  try {
    const shown = () => {
      if (progress && Date.now() - last > 250) {
        last = Date.now();
        process.stderr.write(`\rsucc generate: ${done} / ${opts.n} tasks`);
      }
    };
    if (jobs === 1) {
      for (const task of generateTasks(opts)) {
        await out.write(`${taskLine(task)}\n`);
        done++;
        shown();
      }
    } else {
      for await (const { bytes, lines, written } of parallelLines(opts, jobs)) {
        await out.writeBytes(bytes, written);
        done += lines;
        shown();
      }
    }
  } catch (e) {
    await out.close(false);
    if (progress) process.stderr.write("\n");
    if (e instanceof RangeError) throw new CliError(e.message);
    throw e;
  }
  await out.close(true);
  // A file written: say so (stderr), since nothing else shows it; stdout stays data only.
  if (progress || values.out !== undefined) {
    const s = (Date.now() - started) / 1000;
    process.stderr.write(`${progress ? "\r" : ""}succ generate: ${describeSet(opts)} in ${s.toFixed(1)} s${values.out ? `, written to ${values.out}` : ""}\n`);
  }
  return 0;
}
