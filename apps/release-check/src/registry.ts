import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, mkdirSync, openSync, closeSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { assertLoopback } from "./loopback";
import { appDir, repoRoot } from "./paths";

/** A Verdaccio on 127.0.0.1 with storage in `dir`, and a user whose token is in `npmrc`. */
export interface LocalRegistry {
  /** http://127.0.0.1:PORT/ */
  url: string;
  dir: string;
  /** A user config (`NPM_CONFIG_USERCONFIG`) holding only this registry and its token. */
  npmrc: string;
  log: () => string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForPing(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`verdaccio exited (${child.exitCode ?? child.signalCode})`);
    try {
      const response = await fetch(new URL("-/ping", url), { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`verdaccio did not answer ${url}-/ping within ${timeoutMs} ms`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

async function startOnce(dir: string): Promise<{ url: string; child: ChildProcess; logFile: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const logFile = join(dir, "verdaccio.log");
  const log = openSync(logFile, "a");
  const bin = join(repoRoot, "node_modules", "verdaccio", "bin", "verdaccio");
  // Not detached: a Ctrl-C of the test run reaches it too; and if the test worker exits without
  // its afterAll (a crash, a timeout), the exit hook still stops it.
  const child = spawn(process.execPath, [bin, "--config", join(dir, "config.yaml"), "--listen", `127.0.0.1:${port}`], {
    cwd: dir,
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  const onExit = () => child.kill("SIGKILL");
  process.once("exit", onExit);
  child.once("exit", () => process.removeListener("exit", onExit));
  try {
    await waitForPing(url, child, 90_000);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { url, child, logFile };
}

/**
 * Starts Verdaccio (from the template in apps/release-check/verdaccio) and signs up a user
 * through the registry's adduser endpoint. Retries the start: a free port can be taken between
 * the probe and verdaccio's listen, and a loaded machine can be slow to boot it.
 */
export async function startRegistry(dir: string, attempts = 3): Promise<LocalRegistry> {
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(appDir, "verdaccio", "config.yaml"), join(dir, "config.yaml"));
  let started: Awaited<ReturnType<typeof startOnce>> | undefined;
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts && started === undefined; attempt++) {
    try {
      started = await startOnce(dir);
    } catch (error) {
      lastError = error;
    }
  }
  if (started === undefined) {
    const log = readFileSync(join(dir, "verdaccio.log"), "utf8");
    throw new Error(`verdaccio did not start after ${attempts} attempts: ${String(lastError)}\n${log}`);
  }
  const { url, child, logFile } = started;
  const stop = () => stopChild(child);
  try {
    assertLoopback(url);
    const user = "release-check";
    const response = await fetch(new URL(`-/user/org.couchdb.user:${user}`, url), {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: user, password: `pw-${process.pid}-${Date.now()}` }),
    });
    const body = (await response.json()) as { token?: string; error?: string };
    if (!response.ok || !body.token) throw new Error(`adduser failed: ${response.status} ${JSON.stringify(body)}`);
    const npmrc = join(dir, "npmrc");
    const host = url.replace(/^http:/, "");
    writeFileSync(npmrc, `registry=${url}\n${host}:_authToken=${body.token}\n`);
    return { url, dir, npmrc, log: () => readFileSync(logFile, "utf8"), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
