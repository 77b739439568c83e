export { main, commands, type Command } from "./main.js";
export { CliError } from "./errors.js";
