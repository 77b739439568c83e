import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import { DEFAULT_CONFIG, PreloadedGolds, runServer, ServeError } from "@succ/server";
import { intOption, parse } from "../args.js";
import { CliError } from "../errors.js";
import { assertReadable, readLines } from "../io.js";
import { VERSION } from "../main.js";
import { fictionalLawLevels, type Level } from "@succ/generator";
import { joinNegativeValues, MAX_LEVEL } from "../set-options.js";

const HELP = `Usage: succ serve [--host 127.0.0.1] [--port 8000] [--workers N] [--tasks FILE…] [--token-env VAR] …

A reward server for training loops: scores replies over HTTP with @succ/scoring, rebuilding the
gold answers from task ids and seeds (nothing to ship around), or reading them from the task
files of --tasks. Runs until SIGTERM or Ctrl-C, then finishes the requests in flight (the
requests that arrive meanwhile get 503). See docs/serve-and-train.md.

  POST /score      {"items": [{"reply": "…", "id": "succession-4-1", "seed": 0} |
                              {"reply": "…", "answer": {gold answer}}, …],
                    "allOrNothing"?: bool, "trimReply"?: bool, "strictEnd"?: bool}
                   → {"scores": [...], "reasons": [...]}, in order. An item with an id may
                   add "set": "mix" (the mix of levels, what \`succ generate\` writes by
                   default) or "level-1" … "level-${MAX_LEVEL}" (the set of \`succ generate --level L\`),
                   and "options": {"fictionalLaw": true} for the task of
                   \`succ generate --fictional-law\` (levels ${fictionalLawLevels()} and the mix).
  POST /openrlhf   OpenRLHF's remote reward protocol (--reward.remote_url):
                   {"query", "prompts", "labels"} → {"rewards", "scores", "extra_logs"};
                   a label is a task id, a gold answer (JSON) or {"id", "seed"}
  GET  /health     {"status": "ok"} (503 "draining" while stopping; no token asked)
  GET  /version    package versions, generator version, fingerprint of the default set

  --host H            address to listen on (default 127.0.0.1, this machine only)
  --port P            TCP port (default 8000; 0 = any free port, printed on stderr)
  --workers N         processes serving requests, one core each (default 1; node:cluster)
  --tasks FILE…       task files of \`succ generate\` (JSONL, one or more): their gold answers
                      are read at start and kept (never rebuilt, never dropped), so scoring by
                      id costs what scoring by answer costs from the first request; the file
                      must come from this generator version
  --token-env VAR     ask every request (but /health) for "Authorization: Bearer <token>",
                      the token read from the environment variable VAR (never from the
                      command line); /openrlhf also takes ?token=…, OpenRLHF sending no header
  --max-batch N       most replies in one request (default 4096; more gets 413)
  --max-body-mb M     largest request body in MiB (default 64; more gets 413)
  --cache-size N      gold answers kept in memory, of each kind (default 65536): those rebuilt
                      from ids (least recently used dropped) and those given by answer (kept
                      by content, so that a task's rollouts read its gold once; oldest dropped)
  --seed S            seed of an id sent without one, and of OpenRLHF labels (default 0)
  --level L           set of an id sent without "set", and of OpenRLHF labels, as the
                      --level of \`succ generate\` (default 0 = the mix of levels)
  --trim-reply        by default, drop a leading <think>…</think> section before scoring
                      (a request's "trimReply", or /openrlhf's ?trimReply=, overrides it)
  --strict-end        by default, refuse end-of-sequence tokens (<|im_end|>, </s>, <|eot_id|>,
                      …: @succ/scoring's list) after the block; without it they may follow
                      the block, as a chat template leaves them (a request's "strictEnd", or
                      ?strictEnd=, overrides it)
  --all-or-nothing    by default, score 0 unless every value is right (a request's
                      "allOrNothing" overrides it)
  --grace S           after SIGTERM, seconds the requests in flight may take (default 30);
                      requests that arrive meanwhile are answered 503 with Connection: close
  -h, --help          this help

Errors are 4xx with a one-line {"error": "…"} naming what is wrong: 400 (invalid JSON, a
missing or mistyped field, an unknown task id), 401 (token), 404/405 (route), 413 (a batch over
--max-batch, a body over --max-body-mb: read to its end and dropped first, up to as much again,
64 MiB at least, so that a client still sending gets the answer), 415 (not application/json),
503 (stopping). A key given twice in one object of a body is a 400 naming it. A reply that
games the format scores 0; it is never an error. A request of many new ids (gold answers to
rebuild: up to a few ms each at levels 5 and 6) is worked in slices of 10 ms, so that /health
and other requests are answered in between.
`;

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(joinNegativeValues(argv, ["port", "workers", "max-batch", "max-body-mb", "cache-size", "seed", "level", "grace"]), {
    host: { type: "string" },
    port: { type: "string" },
    workers: { type: "string" },
    "token-env": { type: "string" },
    "max-batch": { type: "string" },
    "max-body-mb": { type: "string" },
    "cache-size": { type: "string" },
    seed: { type: "string" },
    level: { type: "string" },
    "trim-reply": { type: "boolean" },
    "strict-end": { type: "boolean" },
    "all-or-nothing": { type: "boolean" },
    grace: { type: "string" },
    tasks: { type: "string", multiple: true },
    help: { type: "boolean", short: "h" },
  }, true);
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const host = values.host ?? "127.0.0.1";
  if (host.trim() === "") throw new CliError("--host: expected an address such as 127.0.0.1");
  let token: string | null = null;
  const tokenEnv = values["token-env"];
  if (tokenEnv !== undefined) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(tokenEnv)) throw new CliError(`--token-env: expected the name of an environment variable, got "${tokenEnv}"`);
    token = process.env[tokenEnv] ?? "";
    if (token === "") throw new CliError(`--token-env ${tokenEnv}: the variable is not set or empty`);
  }
  // `--tasks a.jsonl b.jsonl` (a shell glob) as well as `--tasks a.jsonl --tasks b.jsonl`.
  if (positionals.length > 0 && values.tasks === undefined) throw new CliError(`unexpected argument "${positionals[0]}"`);
  const taskFiles = [...(values.tasks ?? []), ...positionals];
  const workers = intOption("--workers", values.workers, 1, 1, Math.max(64, availableParallelism()));
  const options = {
    ...DEFAULT_CONFIG,
    host,
    port: intOption("--port", values.port, 8000, 0, 65535),
    workers,
    token,
    maxBatch: intOption("--max-batch", values["max-batch"], DEFAULT_CONFIG.maxBatch, 1, 1_000_000),
    maxBodyBytes: intOption("--max-body-mb", values["max-body-mb"], DEFAULT_CONFIG.maxBodyBytes / 2 ** 20, 1, 1024) * 2 ** 20,
    cacheSize: intOption("--cache-size", values["cache-size"], DEFAULT_CONFIG.cacheSize, 1, 10_000_000),
    defaults: {
      seed: intOption("--seed", values.seed, 0, 0, Number.MAX_SAFE_INTEGER),
      set: intOption("--level", values.level, 0, 0, MAX_LEVEL) as 0 | Level,
    },
    trimReply: values["trim-reply"] === true,
    strictEnd: values["strict-end"] === true,
    allOrNothing: values["all-or-nothing"] === true,
    graceMs: intOption("--grace", values.grace, 30, 0, 3600) * 1000,
    versions: { "@succ/cli": VERSION },
    log: (line: string) => process.stderr.write(`succ serve: ${line}\n`),
  };
  // Each process that serves reads the files (the workers of a cluster, not their primary).
  if (taskFiles.length > 0 && (workers <= 1 || cluster.isWorker)) {
    const preloaded = new PreloadedGolds();
    try {
      for (const file of taskFiles) await preload(preloaded, file);
    } catch (e) {
      // A worker's IPC channel would keep it alive: let it exit with the error.
      if (cluster.isWorker && process.connected) process.disconnect();
      throw e;
    }
    Object.assign(options, { preloaded });
    // Said once: by the process, or by the first worker of a cluster (each worker reads them).
    const perWorker = cluster.isWorker ? " by each worker" : "";
    if (cluster.isPrimary || cluster.worker?.id === 1) options.log(`the gold answers of ${preloaded.tasks} task${preloaded.tasks === 1 ? "" : "s"} read from ${taskFiles.join(", ")}${perWorker}`);
  }
  const loopback = host === "localhost" || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
  if (!loopback && cluster.isPrimary) options.log(`warning: listening on ${host}, beyond this machine${token === null ? ": anyone who reaches it can use it (see --token-env)" : ""}`);
  try {
    return await runServer(options);
  } catch (e) {
    if (e instanceof ServeError) throw new CliError(e.message);
    throw e;
  }
}

/** Reads the gold answers of a task file into `golds`, a line at a time (no prompt kept). */
async function preload(golds: PreloadedGolds, file: string): Promise<void> {
  await assertReadable(file);
  let n = 0;
  try {
    for await (const line of readLines(file)) {
      n++;
      if (line.trim() === "") continue;
      let task: unknown;
      try {
        task = JSON.parse(line);
      } catch {
        throw new CliError(`--tasks ${file}, line ${n}: not JSON`);
      }
      golds.add(task, `--tasks ${file}, line ${n}`);
    }
  } catch (e) {
    if (e instanceof ServeError) throw new CliError(e.message);
    throw e;
  }
  if (n === 0) throw new CliError(`--tasks ${file}: no task`);
}
