import { parseArgs, type ParseArgsConfig } from "node:util";
import { CliError } from "./errors.js";

type Options = NonNullable<ParseArgsConfig["options"]>;
type Parsed<T extends Options> = ReturnType<typeof parseArgs<{ options: T; allowPositionals: true; strict: true }>>;

/** Strict option parsing: an unknown option or a missing value is a CliError naming it. */
export function parse<T extends Options>(argv: string[], options: T, allowPositionals = false): Parsed<T> {
  let parsed: Parsed<T>;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true }) as Parsed<T>;
  } catch (e) {
    throw new CliError((e as Error).message.replace(/\. To specify a positional.*$/s, ""));
  }
  if (!allowPositionals && parsed.positionals.length > 0) {
    throw new CliError(`unexpected argument "${parsed.positionals[0]}"`);
  }
  return parsed;
}

/** A whole number within [min, max], or a CliError naming the option and the value. */
export function intOption(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  if (!/^-?\d+$/.test(raw.trim())) throw new CliError(`${name}: expected a whole number, got "${raw}"`);
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new CliError(`${name}: expected a whole number from ${min} to ${max}, got ${raw}`);
  }
  return n;
}
