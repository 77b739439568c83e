import { fingerprint } from "@succ/generator";
import { parse } from "../args.js";
import { describeSet, joinNegativeValues, SET_OPTIONS, setOptions } from "../set-options.js";

const HELP = `Usage: succ fingerprint [-n 400] [--seed 0] [--level 0..4]

Prints the SHA-256 (hex) of the task set: the lines of \`succ generate\` with the same options,
each followed by a newline. The same on every machine and every run; a change means the tasks
changed.

  -n N          number of tasks (default 400)
  --seed S      seed of the set (default 0)
  --level L     0 for the mix (default), or a single level 1 to 4
  -h, --help    this help
`;

export async function run(argv: string[]): Promise<number> {
  const { values } = parse(joinNegativeValues(argv), SET_OPTIONS);
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
