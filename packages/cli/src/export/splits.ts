import { CliError } from "../errors.js";
import { MAX_TASKS } from "../set-options.js";

/** A split of an exported dataset: its name and the seeds whose task sets it holds. */
export interface Split {
  name: string;
  seeds: number[];
}

/** Seed 0 is the evaluation set; by default the other split trains on seeds 1 to 10. */
export const DEFAULT_SPLITS = ["test=0", "train=1-10"];

/** Most seeds in one export (each brings -n tasks). */
const MAX_SEEDS = 100_000;

function seedOf(text: string, spec: string): number {
  if (!/^\d{1,16}$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new CliError(`--split ${spec}: "${text}" is not a seed (a whole number from 0 to ${Number.MAX_SAFE_INTEGER})`);
  }
  return Number(text);
}

/** `NAME=SEEDS`, SEEDS a comma-separated list of seeds and ranges: `train=1-8,12`. */
export function parseSplit(spec: string): Split {
  const match = /^([A-Za-z][A-Za-z0-9_]{0,63})=(.+)$/.exec(spec);
  if (match === null) throw new CliError(`--split ${spec}: expected NAME=SEEDS, e.g. test=0 or train=1-10 (NAME: a letter, then letters, digits, _)`);
  const seeds: number[] = [];
  for (const part of match[2]!.split(",")) {
    const range = /^(\d+)-(\d+)$/.exec(part);
    const [from, to] = range ? [seedOf(range[1]!, spec), seedOf(range[2]!, spec)] : [seedOf(part, spec), seedOf(part, spec)];
    if (to < from) throw new CliError(`--split ${spec}: the range ${part} goes down`);
    if (seeds.length + (to - from + 1) > MAX_SEEDS) throw new CliError(`--split ${spec}: more than ${MAX_SEEDS} seeds`);
    for (let seed = from; seed <= to; seed++) seeds.push(seed);
  }
  return { name: match[1]!, seeds };
}

/**
 * The splits of an export: names unique, no seed in two places (a task set in two splits would
 * leak the test set into training), at most MAX_TASKS tasks in all.
 */
export function parseSplits(specs: readonly string[] | undefined, n: number): Split[] {
  const splits = (specs && specs.length > 0 ? specs : DEFAULT_SPLITS).map(parseSplit);
  const names = new Set<string>();
  const owner = new Map<number, string>();
  let total = 0;
  for (const split of splits) {
    if (names.has(split.name)) throw new CliError(`--split: the split "${split.name}" is given twice`);
    names.add(split.name);
    for (const seed of split.seeds) {
      const other = owner.get(seed);
      if (other !== undefined) throw new CliError(`--split: seed ${seed} is in ${other === split.name ? `"${other}" twice` : `both "${other}" and "${split.name}"`}`);
      owner.set(seed, split.name);
    }
    total += split.seeds.length * n;
  }
  if (total > MAX_TASKS) throw new CliError(`--split: ${total} tasks in all, over the limit of ${MAX_TASKS}`);
  return splits;
}

/** "0", "1-10", "1-3, 7": seeds as a person reads them. */
export function describeSeeds(seeds: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < seeds.length; ) {
    let j = i;
    while (j + 1 < seeds.length && seeds[j + 1] === seeds[j]! + 1) j++;
    parts.push(j === i ? String(seeds[i]) : `${seeds[i]}-${seeds[j]}`);
    i = j + 1;
  }
  return parts.join(", ");
}
