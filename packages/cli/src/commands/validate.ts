import { CliError } from "../errors.js";

// Placeholder until the command lands (see the open issues).
export async function run(_argv: string[]): Promise<number> {
  throw new CliError("this command is not available yet", 3);
}
