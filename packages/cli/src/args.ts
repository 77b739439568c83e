import { parseArgs, type ParseArgsConfig } from "node:util";
import { CliError, didYouMean } from "./errors.js";

type Options = NonNullable<ParseArgsConfig["options"]>;
type Parsed<T extends Options> = ReturnType<typeof parseArgs<{ options: T; allowPositionals: true; strict: true }>>;

/**
 * Strict option parsing: an unknown option or a missing value is a CliError naming it; an
 * unknown option gets the closest known one (`Unknown option '--explian'; did you mean --explain?`).
 */
export function parse<T extends Options>(argv: string[], options: T, allowPositionals = false): Parsed<T> {
  let parsed: Parsed<T>;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true }) as Parsed<T>;
  } catch (e) {
    const message = (e as Error).message.replace(/\. To specify a positional.*$/s, "");
    const unknown = (e as NodeJS.ErrnoException).code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" ? /^Unknown option '(--[^'=]+)/.exec(message)?.[1] : undefined;
    throw new CliError(unknown === undefined ? message : `${message}${didYouMean(unknown, Object.keys(options).map((o) => `--${o}`))}`);
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
