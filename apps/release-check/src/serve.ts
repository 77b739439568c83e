import { spawn } from "node:child_process";
import { assertLoopback } from "./loopback";

export interface RunningServe {
  url: string;
  /** SIGTERM, then the exit code and everything written to stderr. */
  stop: () => Promise<{ code: number | null; stderr: string }>;
}

/**
 * `succ serve --host 127.0.0.1 --port 0` from an installed CLI: resolves once it prints the
 * address it listens on (a loopback one, or it is stopped and this throws).
 */
export function startServe(bin: string, cwd: string, env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<RunningServe> {
  const child = spawn(bin, ["serve", "--host", "127.0.0.1", "--port", "0"], { cwd, env, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const onExit = () => child.kill("SIGKILL");
  process.once("exit", onExit);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    const code = await exited;
    process.removeListener("exit", onExit);
    return { code, stderr };
  };
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      void stop().then(() => reject(new Error(`succ serve ${why}: ${stderr}`)));
    };
    const timer = setTimeout(() => fail(`did not listen within ${timeoutMs} ms`), timeoutMs);
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
      const match = /listening on (http:\/\/\S+) /.exec(stderr);
      if (match === null) return;
      clearTimeout(timer);
      try {
        assertLoopback(match[1]!);
      } catch (error) {
        fail(String(error));
        return;
      }
      resolve({ url: match[1]!, stop });
    });
    child.once("exit", (code) => fail(`exited with ${code} before listening`));
  });
}
