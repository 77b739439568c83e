/** `succ serve` started by a test on 127.0.0.1 with a free port (--port 0), and stopped by it. */
import { startCli, waitFor, type CliRun, type Running } from "./spawn-cli";

export interface Served {
  url: string;
  running: Running;
  /** SIGTERM, then the exit. */
  stop(): Promise<CliRun>;
}

const started = new Set<Running>();

export async function startServe(args: string[] = [], env: NodeJS.ProcessEnv = process.env): Promise<Served> {
  const running = startCli(["serve", "--host", "127.0.0.1", "--port", "0", ...args], env);
  started.add(running);
  let exited = false;
  void running.done.then(() => (exited = true));
  await waitFor(() => exited || /listening on http:\/\/127\.0\.0\.1:\d+/.test(running.stderr()), 30_000, "succ serve to listen");
  const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(running.stderr());
  if (match === null) {
    const result = await running.done;
    throw new Error(`succ serve did not start (exit ${result.code}): ${result.stderr}`);
  }
  return {
    url: match[1]!,
    running,
    stop: async () => {
      running.child.kill("SIGTERM");
      const result = await running.done;
      started.delete(running);
      return result;
    },
  };
}

/** For afterAll: no test leaves a server running, whatever failed. */
export async function killAllServers(): Promise<void> {
  for (const running of started) {
    running.child.kill("SIGKILL");
    await running.done;
  }
  started.clear();
}

export interface JsonResponse {
  status: number;
  text: string;
  body: Record<string, any>;
  headers: Headers;
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<JsonResponse> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as Record<string, any>, headers: response.headers };
}
