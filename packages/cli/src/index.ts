export { main, commands, type Command } from "./main.js";
export { CliError } from "./errors.js";
/**
 * The line reader of `succ compute --jsonl` and the writer of every command's output, for tools
 * and benchmarks that read and write JSON lines the same way.
 */
export { readLineBatches, Output, type OutputOptions } from "./io.js";
