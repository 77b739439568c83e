import { fictionalLawLevels, LEVEL_SPEC, LEVELS, takesFictionalLaw, type GenerateOptions, type Level } from "@succ/generator";
import { intOption } from "./args.js";
import { CliError } from "./errors.js";

/** The options that name a task set: -n, --seed, --level, --fictional-law (and --help), shared by the commands. */
export const SET_OPTIONS = {
  n: { type: "string", short: "n" },
  seed: { type: "string" },
  level: { type: "string" },
  "fictional-law": { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

/**
 * The --help lines of --fictional-law, the same in every command that names a task set, its
 * text starting at `column` (where the command's other descriptions start).
 */
export function fictionalLawHelp(column: number): string {
  const refused = LEVELS.filter((l) => !takesFictionalLaw(l));
  const lines = [
    "each task draws its own law from (seed, i): allowances, scales, the funeral",
    "amount, 790 G, the recall period, art. 669 and 990 I moved by a bounded",
    `amount, written in the prompt and used for the gold; levels ${fictionalLawLevels()} and the`,
    `mix, not ${refused.length === 1 ? `level ${refused[0]} (its prompt states` : `levels ${refused.slice(0, -1).join(", ")} and ${refused[refused.length - 1]} (their prompts state`} no law). Ids stay;`,
    "info.fictionalLaw is true",
  ];
  const head = "  --fictional-law";
  const first = head.length + 1 > column ? `${head}\n${" ".repeat(column)}` : head.padEnd(column);
  return `${first}${lines.join(`\n${" ".repeat(column)}`)}\n`;
}

/** The most tasks one command accepts (a run of this size streams in well under an hour). */
export const MAX_TASKS = 10_000_000;

/**
 * `-n -1` would reach parseArgs as an option followed by another option ("ambiguous"); joined as
 * `--n=-1`, it reaches the number check, whose message says what is expected.
 */
export function joinNegativeValues(argv: readonly string[], names: readonly string[] = ["n", "seed", "level", "offset", "min-rules"]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const name = a.startsWith("--") ? a.slice(2) : a.startsWith("-") ? a.slice(1) : null;
    const next = argv[i + 1];
    if (name !== null && names.includes(name) && next !== undefined && /^-\d/.test(next)) {
      out.push(`--${name}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

/** The highest level a set can name (`--level`): 0 is the mix of levels 1 to 4. */
export const MAX_LEVEL: Level = LEVELS[LEVELS.length - 1]!;

/** The option `--min-rules K` of the commands that write or fingerprint a set. */
export const MIN_RULES_OPTION = { "min-rules": { type: "string" } } as const;

/** Above this, no task of any level has that many rules that change its answer. */
const MAX_MIN_RULES = 30;

/**
 * Reads -n, --seed, --level (and --offset, --min-rules when given) into generator options, or a
 * CliError. `n` is the command's default and `minN` its smallest accepted -n.
 */
export function setOptions(
  values: { n?: string; seed?: string; level?: string; offset?: string; "min-rules"?: string; "fictional-law"?: boolean },
  { n: defaultN = 400, minN = 0 }: { n?: number; minN?: number } = {},
): Required<GenerateOptions> {
  const level = intOption("--level", values.level, 0, 0, MAX_LEVEL) as 0 | Level;
  const n = intOption("-n", values.n, defaultN, minN, MAX_TASKS);
  const seed = intOption("--seed", values.seed, 0, 0, Number.MAX_SAFE_INTEGER);
  const offset = intOption("--offset", values.offset, 0, 0, Number.MAX_SAFE_INTEGER - n);
  const minRules = intOption("--min-rules", values["min-rules"], 0, 0, MAX_MIN_RULES);
  const fictionalLaw = values["fictional-law"] === true;
  if (fictionalLaw && !takesFictionalLaw(level)) {
    throw new CliError(`--fictional-law does not go with --level ${level}: ${LEVEL_SPEC[level as Level].noFictionalLaw} (use levels ${fictionalLawLevels()} or the mix)`);
  }
  return { n, seed, level, offset, minRules, fictionalLaw };
}

export function describeSet(o: Required<GenerateOptions>): string {
  const level = o.level === 0 ? "mix of levels" : `level ${o.level}`;
  return `${o.n} task${o.n === 1 ? "" : "s"}, seed ${o.seed}, ${level}${o.fictionalLaw ? ", fictional law" : ""}${o.offset > 0 ? `, from task ${o.offset}` : ""}${o.minRules > 0 ? `, at least ${o.minRules} rules that matter` : ""}`;
}
