import { setMaxListeners } from "node:events";
import { promises as fs } from "node:fs";
import { join } from "node:path";
import { generateTask, GENERATOR_VERSION, type Level, type Task } from "@succ/generator";
import { scoreReply } from "@succ/scoring";
import { CliError, count, reason } from "../errors.js";
import { ModelClient, preflight, type Outcome, type RunControl } from "./client.js";
import type { EvalConfig } from "./options.js";
import { Progress, StderrSink } from "./progress.js";
import { Redactor } from "./redact.js";
import { fsError, loadResults, RESULTS_FILE, ResultsWriter, rolloutKey, SUMMARY_FILE, writeAtomic } from "./results.js";
import { runIdentity, Stats, summaryJson, summaryTable, type ResultLine, type RunStatus } from "./summary.js";

const LOCK_FILE = ".succ-eval.lock";

/**
 * Refuses to resume into a folder that holds a run of another model, seed, level or scoring
 * mode, or of more tasks or rollouts than asked (a resume would shrink its summary).
 */
async function checkPreviousRun(path: string, cfg: EvalConfig): Promise<{ startedAt: string | null; warnings: string[] }> {
  let text: string;
  try {
    text = await fs.readFile(path, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { startedAt: null, warnings: [] };
    throw fsError(e, cfg.outDir, "read", SUMMARY_FILE);
  }
  let prev: Record<string, unknown>;
  try {
    prev = JSON.parse(text) as Record<string, unknown>;
    if (typeof prev !== "object" || prev === null) throw new Error("not an object");
  } catch {
    throw new CliError(`--out ${cfg.outDir}: ${SUMMARY_FILE} is not a summary written by succ eval; use another --out`);
  }
  const want = runIdentity(cfg, GENERATOR_VERSION);
  // A summary without "fictional_law" is a run of the real law.
  const there = (k: string): unknown => (k === "fictional_law" ? prev[k] === true : prev[k]);
  const differ = Object.entries(want).filter(([k, v]) => there(k) !== v);
  if (differ.length > 0) {
    const what = differ.map(([k, v]) => `${k} ${JSON.stringify(there(k))} there, ${JSON.stringify(v)} asked`).join("; ");
    throw new CliError(`--out ${cfg.outDir} holds another run (${what}); use another --out to start a new run`);
  }
  const held = { n: Number(prev.n), rollouts: Number(prev.rollouts_per_task) };
  if (held.n > cfg.n || held.rollouts > cfg.rollouts) {
    const plural = (k: number, word: string) => `${k} ${word}${k === 1 ? "" : "s"}`;
    const asked = `-n ${cfg.n}${cfg.nIsDefault ? " (the default)" : ""} -r ${cfg.rollouts}${cfg.rolloutsIsDefault ? " (the default)" : ""}`;
    throw new CliError(
      `--out ${cfg.outDir} holds ${plural(held.n, "task")} × ${plural(held.rollouts, "rollout")}; ${asked} asked: ` +
        `resume with at least -n ${held.n} -r ${held.rollouts}, or use another --out`,
    );
  }
  const warnings: string[] = [];
  const soft: Array<[string, unknown]> = [
    ["base_url", cfg.displayBaseURL],
    ["temperature", cfg.temperature],
    ["max_tokens", cfg.maxTokens],
  ];
  for (const [k, v] of soft) {
    if (k in prev && prev[k] !== v) warnings.push(`warning: resuming with ${k} ${JSON.stringify(v)}; the earlier rollouts used ${JSON.stringify(prev[k])}`);
  }
  return { startedAt: typeof prev.started_at === "string" ? prev.started_at : null, warnings };
}

/** One `succ eval` at a time per --out folder (a stale lock of a dead process is taken over). */
async function lock(dir: string): Promise<() => Promise<void>> {
  const path = join(dir, LOCK_FILE);
  try {
    for (let i = 0; i < 2; i++) {
      try {
        await fs.writeFile(path, `${process.pid}\n`, { flag: "wx" });
        return () => fs.rm(path, { force: true });
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
        const pid = Number((await fs.readFile(path, "utf8").catch(() => "")).trim());
        let alive = false;
        if (Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid) {
          try {
            process.kill(pid, 0);
            alive = true;
          } catch (err) {
            alive = (err as NodeJS.ErrnoException).code === "EPERM";
          }
        }
        if (alive) throw new CliError(`another succ eval (pid ${pid}) is writing to ${dir}; wait for it or use another --out`);
        await fs.rm(path, { force: true });
      }
    }
  } catch (e) {
    throw fsError(e, dir, "lock", LOCK_FILE);
  }
  throw new CliError(`--out ${dir}: cannot lock ${LOCK_FILE}`);
}

function lineOf(task: Task, rollout: number, outcome: Exclude<Outcome, { kind: "aborted" }>, cfg: EvalConfig): ResultLine {
  const base = { id: task.id, index: task.info.index, level: task.level, variant: task.variant, rollout };
  if (outcome.kind === "error") {
    return {
      ...base,
      reply: null,
      score: 0,
      reason: "error",
      finish_reason: null,
      usage: null,
      latency_ms: outcome.latencyMs,
      attempts: outcome.attempts,
      error: outcome.error,
    };
  }
  const scored = scoreReply(outcome.reply, task.answer, { allOrNothing: cfg.allOrNothing, strictEnd: cfg.strictEnd });
  return {
    ...base,
    reply: outcome.reply,
    score: scored.score,
    reason: scored.reason,
    finish_reason: outcome.finishReason,
    usage: outcome.usage,
    latency_ms: outcome.latencyMs,
    attempts: outcome.attempts,
    error: null,
  };
}

export async function runEval(cfg: EvalConfig): Promise<number> {
  try {
    return await evaluate(cfg);
  } catch (e) {
    // Any file-system error that slipped through is still one line naming the folder.
    throw e instanceof CliError || typeof (e as NodeJS.ErrnoException).code !== "string" ? e : fsError(e, cfg.outDir, "write");
  }
}

async function evaluate(cfg: EvalConfig): Promise<number> {
  const redactor = new Redactor([cfg.apiKey]);
  const stderr = new StderrSink();
  const summaryPath = join(cfg.outDir, SUMMARY_FILE);
  const resultsPath = join(cfg.outDir, RESULTS_FILE);

  try {
    const st = await fs.stat(cfg.outDir);
    if (!st.isDirectory()) throw new CliError(`--out ${cfg.outDir}: not a folder`);
  } catch (e) {
    if (e instanceof CliError) throw e;
  }
  const previous = await checkPreviousRun(summaryPath, cfg);
  const modelWarning = await preflight(cfg, redactor);

  try {
    await fs.mkdir(cfg.outDir, { recursive: true });
  } catch (e) {
    throw new CliError(`--out ${cfg.outDir}: cannot create the folder (${reason(e)})`);
  }
  const unlock = await lock(cfg.outDir);
  try {
    const stats = new Stats();
    const resume = await loadResults(resultsPath, cfg.n, cfg.rollouts, stats);
    const total = cfg.n * cfg.rollouts;
    const startedAt = previous.startedAt ?? new Date().toISOString();
    const writeSummary = (status: RunStatus) => writeAtomic(summaryPath, redactor.scrub(summaryJson(cfg, GENERATOR_VERSION, stats, status, startedAt)));
    await writeSummary("running");

    const progress = new Progress(stderr, total, stats.overall.done, stats.overall.sum);
    const say = (text: string) => progress.say(redactor.scrub(text));
    for (const w of previous.warnings) say(w);
    if (modelWarning) say(modelWarning);
    if (resume.kept + resume.broken + resume.retried + resume.duplicates > 0) {
      const notes = [
        resume.broken > 0 ? `${count(resume.broken, "broken line")} dropped` : "",
        resume.retried > 0 ? `${count(resume.retried, "errored rollout")} to run again` : "",
        resume.duplicates > 0 ? `${count(resume.duplicates, "duplicate line")} dropped` : "",
      ].filter(Boolean);
      say(`succ eval: resuming ${cfg.outDir}: ${resume.done.size} of ${count(total, "rollout")} already done${notes.length ? `; ${notes.join("; ")}` : ""}`);
    }
    const todo = total - resume.done.size;
    const workers = Math.max(1, Math.min(cfg.concurrency, todo));
    say(
      `succ eval: ${count(todo, "rollout")} to run (${count(cfg.n, "task")} × ${cfg.rollouts}), model ${cfg.model} at ${cfg.displayBaseURL}, ` +
        `concurrency ${workers}${cfg.apiKey === null ? `, no key ($${cfg.apiKeyEnv} unset)` : ""}`,
    );

    const stopper = new AbortController();
    const aborter = new AbortController();
    // Each worker listens to both signals (its request, its back-off): more than Node's default
    // of 10 listeners from -c 11 on, which is no leak.
    setMaxListeners(workers + 10, stopper.signal, aborter.signal);
    const control: RunControl = { stop: stopper.signal, abort: aborter.signal, pausedUntil: 0 };
    const client = new ModelClient(cfg, control, redactor);
    const writer = await ResultsWriter.open(resultsPath);

    let signal: "SIGINT" | "SIGTERM" | null = null;
    let interrupts = 0;
    let inFlight = 0;
    let fatal: unknown = null;
    /** Rollouts recorded by this run, those that failed, and the first failure's error. */
    const session = { recorded: 0, failed: 0, firstError: null as string | null };
    const onSigint = () => {
      signal ??= "SIGINT";
      interrupts++;
      if (interrupts === 1) {
        stopper.abort();
        say(`succ eval: interrupted: no new requests; waiting for the ${inFlight} in flight to finish (Ctrl-C again to abort them)`);
      } else {
        aborter.abort();
        say(`succ eval: aborting the requests in flight (their rollouts will run on the next resume)`);
      }
    };
    const onSigterm = () => {
      signal ??= "SIGTERM";
      stopper.abort();
      aborter.abort();
    };
    // The terminal is gone (an SSH session dropped): the run goes on; stderr falls silent.
    const onSighup = () => {};
    process.on("SIGINT", onSigint);
    process.on("SIGTERM", onSigterm);
    process.on("SIGHUP", onSighup);

    // Task-major order; a task is drawn (generateTask: depends on seed, index, level only)
    // only when one of its rollouts is still to run, so a resume does not redraw finished tasks.
    function* work(): Generator<{ task: Task; rollout: number }> {
      for (let index = 0; index < cfg.n; index++) {
        let task: Task | null = null;
        for (let r = 0; r < cfg.rollouts; r++) {
          if (resume.done.has(rolloutKey(index, r))) continue;
          task ??= generateTask(cfg.seed, index, cfg.level as 0 | Level, cfg.fictionalLaw ? { fictionalLaw: true } : {});
          yield { task, rollout: r };
        }
      }
    }
    const queue = work();

    const worker = async () => {
      while (!control.stop.aborted && fatal === null) {
        const next = queue.next();
        if (next.done) return;
        const { task, rollout } = next.value;
        inFlight++;
        let outcome: Outcome;
        try {
          outcome = await client.complete(task.prompt);
        } finally {
          inFlight--;
        }
        if (outcome.kind === "aborted") continue;
        const line = lineOf(task, rollout, outcome, cfg);
        // Scrubbed field by field (a server may echo the key), so the line stays valid JSON.
        if (line.reply !== null) line.reply = redactor.scrub(line.reply);
        if (line.error !== null) line.error = redactor.scrub(line.error);
        line.reason = redactor.scrub(line.reason);
        line.finish_reason = line.finish_reason === null ? null : redactor.scrub(line.finish_reason);
        await writer.append(JSON.stringify(line));
        stats.add(line);
        session.recorded++;
        if (line.error !== null) {
          session.failed++;
          session.firstError ??= line.error;
        }
        progress.tick(line.score);
      }
    };
    const guarded = async () => {
      try {
        await worker();
      } catch (e) {
        fatal ??= e;
        stopper.abort();
        aborter.abort();
      }
    };
    try {
      await Promise.all(Array.from({ length: workers }, guarded));
    } finally {
      process.off("SIGINT", onSigint);
      process.off("SIGTERM", onSigterm);
      process.off("SIGHUP", onSighup);
      try {
        await writer.close();
      } catch (e) {
        fatal ??= e;
      }
      progress.finish();
    }
    // Final whatever happened: what results.jsonl holds, counted.
    const missing = total - stats.overall.done;
    await writeSummary(missing === 0 ? "complete" : "interrupted");
    if (fatal !== null) throw fatal;
    stderr.write(redactor.scrub(`succ eval: ${cfg.model} at ${cfg.displayBaseURL}, seed ${cfg.seed}, level ${cfg.level === 0 ? "mix" : cfg.level}${cfg.fictionalLaw ? ", fictional law" : ""}${cfg.allOrNothing ? ", all-or-nothing" : ""}${cfg.strictEnd ? ", strict end" : ""}\n`));
    stderr.write(summaryTable(stats, total));
    stderr.write(`results: ${resultsPath}\nsummary: ${summaryPath}\n`);
    if (stats.overall.errors > 0) {
      stderr.write(`${count(stats.overall.errors, "rollout")} failed (error recorded, score 0); run again with the same --out to retry them\n`);
    }
    if (signal === "SIGINT") return 130;
    if (signal === "SIGTERM") return 143;
    if (session.recorded > 0 && session.failed === session.recorded) {
      stderr.write(redactor.scrub(`succ eval: every rollout of this run failed (${session.failed} of ${session.recorded}); the first error: ${session.firstError}\n`));
      return 1;
    }
    return 0;
  } finally {
    // A lock left behind is taken over by the next run (its process is gone).
    await unlock().catch(() => undefined);
  }
}
