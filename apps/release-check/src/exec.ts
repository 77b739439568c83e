import { spawn } from "node:child_process";

export interface RunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Killed (its whole process group) after this long. */
  timeoutMs?: number;
  input?: string;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

export class CommandError extends Error {
  constructor(
    readonly command: string,
    readonly result: RunResult,
  ) {
    super(`${command} exited with ${result.code} after ${result.ms} ms\n--- stdout\n${tail(result.stdout)}\n--- stderr\n${tail(result.stderr)}`);
  }
}

function tail(text: string, max = 8000): string {
  return text.length <= max ? text : `…${text.slice(-max)}`;
}

/** Runs a command without a shell; resolves with its output whatever its exit code. */
export function runRaw(command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    // Own process group, so that a timeout kills pnpm/turbo/npm and everything they started.
    // No input: stdin is /dev/null. Writing to a pipe that a command never reads can fail with
    // EPIPE when the command exits first, which would surface as an uncaught error.
    const withInput = options.input !== undefined;
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: [withInput ? "pipe" : "ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    if (withInput && child.stdin) {
      // A command may exit without reading all of its input: that is its exit code's business.
      child.stdin.on("error", () => {});
      child.stdin.end(options.input);
    }
    const timer = setTimeout(() => {
      stderr += `\n[killed after ${options.timeoutMs} ms]`;
      killGroup(child.pid, "SIGKILL");
    }, options.timeoutMs ?? 300_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** Runs a command and throws CommandError (with its output) unless it exits with 0. */
export async function run(command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  const result = await runRaw(command, args, options);
  if (result.code !== 0) throw new CommandError([command, ...args].join(" "), result);
  return result;
}

export function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}
