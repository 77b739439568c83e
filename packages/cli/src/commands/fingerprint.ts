import { fingerprint } from "@succ/generator";
import { parse } from "../args.js";
import { describeSet, fictionalLawHelp, joinNegativeValues, MIN_RULES_OPTION, SET_OPTIONS, setOptions, MAX_LEVEL } from "../set-options.js";

const HELP = `Usage: succ fingerprint [-n 400] [--seed 0] [--level 0..${MAX_LEVEL}] [--fictional-law] [--min-rules K]

Prints the SHA-256 (hex) of the task set: the lines of \`succ generate\` with the same options,
each followed by a newline. The same on every machine and every run; a change means the tasks
changed.

  -n N          number of tasks (default 400)
  --seed S      seed of the set (default 0)
  --level L     0 for the mix of levels 1 to 4 (default), or a single level 1 to ${MAX_LEVEL}
${fictionalLawHelp(16)}  --min-rules K only the tasks where at least K rules change the answer, as generate keeps them
  -h, --help    this help
`;

export async function run(argv: string[]): Promise<number> {
  const { values } = parse(joinNegativeValues(argv), { ...SET_OPTIONS, ...MIN_RULES_OPTION });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const opts = setOptions(values);
  const hex = fingerprint(opts);
  process.stdout.write(`${hex}\n`);
  if (process.stderr.isTTY) process.stderr.write(`succ fingerprint: ${describeSet(opts)}\n`);
  return 0;
}
