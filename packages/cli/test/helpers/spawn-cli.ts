/** Runs the built CLI (packages/cli/dist/bin.js) without blocking the test's event loop. */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

export const BIN = fileURLToPath(new URL("../../dist/bin.js", import.meta.url));

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface Running {
  child: ChildProcess;
  /** Everything written to stderr so far. */
  stderr(): string;
  done: Promise<CliRun>;
}

export function startCli(args: string[], env: NodeJS.ProcessEnv = process.env): Running {
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  const done = new Promise<CliRun>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, stderr: () => stderr, done };
}

export function runCli(args: string[], env?: NodeJS.ProcessEnv): Promise<CliRun> {
  return startCli(args, env).done;
}

/** Polls until `check` holds (every 20 ms, up to `ms`). */
export async function waitFor(check: () => boolean, ms = 20_000, what = "condition"): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
