import pkg from "../package.json" with { type: "json" };
import { CliError, didYouMean } from "./errors.js";

export interface Command {
  /** One line for `succ --help`. */
  summary: string;
  /** Loads the command's code only when it runs (as changesets' CLI does). */
  load: () => Promise<{ run: (argv: string[]) => Promise<number> }>;
}

export const commands: Record<string, Command> = {
  generate: { summary: "generate the task set (JSONL): prompts, dossiers and gold answers", load: () => import("./commands/generate.js") },
  compute: { summary: "compute the answer of a dossier (file, stdin or JSONL)", load: () => import("./commands/compute.js") },
  score: { summary: "score replies against the tasks' gold answers", load: () => import("./commands/score.js") },
  validate: { summary: "check that gold answers score 1 and no-op or hostile replies 0", load: () => import("./commands/validate.js") },
  fingerprint: { summary: "SHA-256 of a task set, stable across machines and runs", load: () => import("./commands/fingerprint.js") },
  stats: { summary: "measure the task set: variants, rules that matter, prompt lengths", load: () => import("./commands/stats.js") },
  eval: { summary: "run a model behind an OpenAI-compatible API on the tasks and score it", load: () => import("./commands/eval.js") },
  export: { summary: "write the tasks in the formats of other evaluation tools", load: () => import("./commands/export.js") },
  serve: { summary: "reward server for training loops: /score, OpenRLHF's protocol, /health", load: () => import("./commands/serve.js") },
};

export const VERSION: string = pkg.version;

function usage(): string {
  const width = Math.max(...Object.keys(commands).map((c) => c.length));
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return [
    "Usage: succ <command> [options]",
    "",
    "French inheritance and gift tax (droits de mutation à titre gratuit): exact engine,",
    "deterministic task generator and strict scorer.",
    "",
    "Commands:",
    ...lines,
    "",
    "Run `succ <command> --help` for a command's options.",
    "",
  ].join("\n");
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(usage());
    return name === undefined ? 2 : 0;
  }
  if (name === "--version" || name === "-v") {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`succ: unknown command "${name}"${didYouMean(name, Object.keys(commands))}\n\n${usage()}`);
    return 2;
  }
  try {
    const { run } = await command.load();
    return await run(rest);
  } catch (e) {
    if (e instanceof CliError) {
      process.stderr.write(`succ ${name}: ${e.message}\n`);
      return e.exitCode;
    }
    throw e;
  }
}
