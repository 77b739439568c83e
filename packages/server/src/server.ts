/**
 * The `succ serve` process: one HTTP server, or a node:cluster primary whose N workers share the
 * listening socket (one core each). SIGTERM or SIGINT lets the requests in flight finish (each
 * answered with `Connection: close`), answers 503 to those that arrive meanwhile, then exits.
 */
import cluster, { type Worker } from "node:cluster";
import type { Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { createApp, defaultSetFingerprint, type AppConfig, type AppState } from "./app.js";
import { ServeError } from "./errors.js";

export { ServeError };

export interface ServeOptions extends AppConfig {
  host: string;
  /** 0 for any free port (the one chosen is in the "listening on" line). */
  port: number;
  /** Processes serving requests: 1 serves from this process, more fork a node:cluster. */
  workers: number;
  /** After SIGTERM, how long requests in flight may take before their connections are cut. */
  graceMs: number;
  /** Where the server says what it does (one line each): stderr for the CLI. */
  log: (line: string) => void;
}


export interface Listening {
  server: Server;
  state: AppState;
  port: number;
  url: string;
  /** Requests received and not yet answered. */
  inFlight(): number;
  /** Stops accepting, finishes the requests in flight (cut after `graceMs`), resolves when all is closed. */
  stop(): Promise<void>;
}

function hostInUrl(host: string): string {
  return host.includes(":") ? `[${host}]` : host;
}

function listenError(e: NodeJS.ErrnoException, host: string, port: number): ServeError {
  const why = e.code === "EADDRINUSE" ? "the port is in use" : e.code === "EADDRNOTAVAIL" ? "no such address on this machine" : e.code === "EACCES" ? "permission denied" : e.message;
  return new ServeError(`cannot listen on ${hostInUrl(host)}:${port}: ${why}${e.code ? ` (${e.code})` : ""}`);
}

/** One HTTP server in this process, listening. */
export async function listen(options: ServeOptions): Promise<Listening> {
  const state: AppState = { draining: false };
  const app = createApp(options, state);
  // Before listening, so that no request ever waits for it.
  defaultSetFingerprint();
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  // The responses not sent yet: when the server stops, each closes its connection once sent.
  const open = new Set<ServerResponse>();
  server.on("request", (_req, res: ServerResponse) => {
    open.add(res);
    if (state.draining) res.shouldKeepAlive = false;
    res.once("close", () => open.delete(res));
  });
  await new Promise<void>((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException) => reject(listenError(e, options.host, options.port));
    server.once("error", onError);
    server.listen(options.port, options.host, () => {
      server.off("error", onError);
      resolve();
    });
  });
  // Errors after start-up (a socket torn down mid-write, EMFILE…) are logged, never fatal.
  server.on("error", (e) => options.log(`server error: ${e.message}`));
  server.on("clientError", (e: NodeJS.ErrnoException, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n{"error":"malformed HTTP request"}');
    else socket.destroy();
  });
  const port = (server.address() as AddressInfo).port;
  let stopping: Promise<void> | undefined;
  // Draining: the requests received before the signal finish (each answered with
  // `Connection: close`); the server keeps listening meanwhile, and every request that arrives
  // (on a new connection or a kept-alive one) is answered 503 with `Connection: close` instead
  // of finding its connection reset. When the last of the first ones is answered, or after
  // graceMs, the server stops listening and closes every connection.
  const stop = () =>
    (stopping ??= new Promise<void>((resolve) => {
      state.draining = true;
      const received = new Set(open);
      for (const res of received) if (!res.headersSent) res.shouldKeepAlive = false;
      let closed = false;
      // Stops listening, closes the idle connections; a 503 being written finishes.
      const close = () => {
        if (closed) return;
        closed = true;
        server.close(() => {
          clearTimeout(cut);
          resolve();
        });
        server.closeIdleConnections();
      };
      const cut = setTimeout(() => {
        close();
        server.closeAllConnections();
      }, options.graceMs);
      cut.unref();
      if (received.size === 0) return close();
      for (const res of received) {
        res.once("close", () => {
          received.delete(res);
          if (received.size === 0) close();
        });
      }
    }));
  return { server, state, port, url: `http://${hostInUrl(options.host)}:${port}`, inFlight: () => open.size, stop };
}

function describe(options: ServeOptions): string {
  const set = options.defaults.set === 0 ? "mix of levels" : `level ${options.defaults.set}`;
  return [
    `${options.workers} worker${options.workers === 1 ? "" : "s"}`,
    `default set: seed ${options.defaults.seed}, ${set}`,
    options.trimReply ? "<think> dropped" : "<think> kept",
    options.strictEnd ? "no end-of-sequence token after the block" : "end-of-sequence tokens allowed after the block",
    options.allOrNothing ? "all or nothing" : "partial credit",
    options.token === null ? "no token" : "bearer token required",
  ].join("; ");
}

/** Resolves on the first SIGTERM or SIGINT with its name (the handlers are removed then). */
function nextStopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const on = (signal: NodeJS.Signals) => {
      process.off("SIGTERM", on);
      process.off("SIGINT", on);
      resolve(signal);
    };
    process.on("SIGTERM", on);
    process.on("SIGINT", on);
  });
}

async function runSingle(options: ServeOptions, announce: boolean): Promise<number> {
  const signal = nextStopSignal();
  const server = await listen(options);
  if (announce) options.log(`listening on ${server.url} (${describe(options)})`);
  // A worker whose primary is gone (killed with SIGKILL) stops too, instead of serving orphaned.
  const orphaned = cluster.isWorker ? new Promise<string>((resolve) => process.once("disconnect", () => resolve("primary gone"))) : null;
  const why = await Promise.race([signal, ...(orphaned ? [orphaned] : [])]);
  if (announce) options.log(`${why}: finishing ${server.inFlight()} request(s) in flight, then stopping`);
  await server.stop();
  if (announce) options.log("stopped");
  return 0;
}

async function runPrimary(options: ServeOptions): Promise<number> {
  const signal = nextStopSignal();
  const workers = new Set<Worker>();
  const listening = new Set<Worker>();
  let stopping = false;
  let failure: string | null = null;
  let port = options.port;
  let onAllExited = () => {};
  let onAllListening = () => {};
  const allExited = new Promise<void>((resolve) => (onAllExited = resolve));
  const allListening = new Promise<void>((resolve) => (onAllListening = resolve));

  const stopAll = () => {
    if (stopping) return;
    stopping = true;
    if (workers.size === 0) onAllExited();
    for (const worker of workers) worker.process.kill("SIGTERM");
  };
  const fork = () => {
    const worker = cluster.fork();
    workers.add(worker);
    worker.on("listening", (address) => {
      listening.add(worker);
      port = address.port;
      if (listening.size === options.workers) onAllListening();
    });
    worker.on("exit", (code, sig) => {
      workers.delete(worker);
      const wasListening = listening.delete(worker);
      const how = sig ?? `exit code ${code}`;
      if (stopping) {
        if (workers.size === 0) onAllExited();
      } else if (!wasListening) {
        // It could not start and said why (the port is taken…): stop the others.
        failure = "a worker could not start (see the line above)";
        stopAll();
      } else {
        options.log(`worker ${worker.process.pid} exited (${how}); starting another`);
        fork();
      }
    });
  };

  for (let i = 0; i < options.workers; i++) fork();
  void signal.then((name) => {
    if (!stopping) options.log(`${name}: the workers finish the requests in flight, then stop`);
    stopAll();
  });
  await Promise.race([allListening, allExited]);
  if (!stopping) options.log(`listening on http://${hostInUrl(options.host)}:${port} (${describe(options)})`);
  await allExited;
  if (failure !== null) throw new ServeError(failure);
  options.log("stopped");
  return 0;
}

/**
 * Runs `succ serve` until SIGTERM or SIGINT; resolves with the exit code. With workers > 1 the
 * primary forks the same command line N times (node:cluster); each worker runs this function
 * too and serves.
 */
export async function runServer(options: ServeOptions): Promise<number> {
  if (cluster.isWorker) {
    try {
      return await runSingle(options, false);
    } catch (e) {
      options.log(`worker ${process.pid}: ${(e as Error).message}`);
      return 2;
    } finally {
      // The IPC channel to the primary would keep this process alive.
      if (process.connected) process.disconnect();
    }
  }
  if (options.workers <= 1) return runSingle(options, true);
  return runPrimary(options);
}
