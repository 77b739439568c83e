export { main, commands, type Command } from "./main.js";
export { CliError } from "./errors.js";
/** The line reader of `succ compute --jsonl`, for tools and benchmarks that read JSON lines the same way. */
export { readLineBatches } from "./io.js";
