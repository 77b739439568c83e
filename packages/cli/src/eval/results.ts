import { createReadStream, createWriteStream, promises as fs, type WriteStream } from "node:fs";
import { basename, dirname } from "node:path";
import { createInterface } from "node:readline";
import { CliError, reason } from "../errors.js";
import { Output } from "../io.js";
import { MAX_LEVEL } from "../set-options.js";
import type { ResultLine, Stats } from "./summary.js";

export const RESULTS_FILE = "results.jsonl";
export const SUMMARY_FILE = "summary.json";

export function rolloutKey(index: number, rollout: number): string {
  return `${index}:${rollout}`;
}

/** A results.jsonl line, or null when it is not one (cut short by a crash, edited, …). */
export function parseResultLine(text: string): ResultLine | null {
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch {
    return null;
  }
  if (!o || typeof o !== "object" || Array.isArray(o)) return null;
  const r = o as Record<string, unknown>;
  const nat = (x: unknown) => typeof x === "number" && Number.isSafeInteger(x) && x >= 0;
  if (typeof r.id !== "string" || !nat(r.index) || !nat(r.rollout)) return null;
  if (!nat(r.level) || (r.level as number) < 1 || (r.level as number) > MAX_LEVEL) return null;
  if (typeof r.score !== "number" || !(r.score >= 0 && r.score <= 1)) return null;
  if (r.error !== undefined && r.error !== null && typeof r.error !== "string") return null;
  return r as unknown as ResultLine;
}

export interface Resume {
  /** Keys (index:rollout) of finished rollouts of the requested set: not sent again. */
  done: Set<string>;
  /** Lines kept (any set). */
  kept: number;
  /** Lines that were not valid JSON result lines (a crash mid-write): dropped. */
  broken: number;
  /** Rollouts recorded with an error: dropped, so that they are run again. */
  retried: number;
  /** Second lines for the same rollout: dropped. */
  duplicates: number;
}

async function endsWithNewline(path: string, size: number): Promise<boolean> {
  if (size === 0) return true;
  const fh = await fs.open(path, "r");
  try {
    const buf = Buffer.alloc(1);
    await fh.read(buf, 0, 1, size - 1);
    return buf[0] === 0x0a;
  } finally {
    await fh.close();
  }
}

/**
 * A file-system error under --out as one line: `--out DIR: cannot write results.jsonl (ENOSPC)`.
 * `file` defaults to the name in the error's path.
 */
export function fsError(e: unknown, dir: string, doing: "read" | "write" | "lock", file?: string): CliError {
  if (e instanceof CliError) return e;
  const err = e as NodeJS.ErrnoException;
  const name = file ?? (err.path ? basename(err.path) : "");
  return new CliError(`--out ${dir}: cannot ${doing}${name ? ` ${name}` : ""} (${reason(e)})`);
}

/**
 * Reads DIR/results.jsonl of an earlier run (streamed): finished rollouts are kept and counted
 * in `stats` when they belong to the requested set (index < n, rollout < rollouts). Broken
 * lines, errored rollouts and duplicates are dropped; if any was, or the last line lacks its
 * newline, the file is rewritten cleanly (temporary file, then rename). Only a regular file
 * holds earlier results: a device or a FIFO there is written to, never read.
 */
export async function loadResults(path: string, n: number, rollouts: number, stats: Stats): Promise<Resume> {
  const resume: Resume = { done: new Set(), kept: 0, broken: 0, retried: 0, duplicates: 0 };
  const dir = dirname(path);
  let size: number;
  try {
    const st = await fs.stat(path);
    if (st.isDirectory()) throw Object.assign(new Error("EISDIR"), { code: "EISDIR" });
    if (!st.isFile()) return resume;
    size = st.size;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return resume;
    throw fsError(e, dir, "read", basename(path));
  }
  // Through Output: its temporary file is removed however the process ends.
  const out = await Output.open(path, { exitOnSignals: false });
  const seen = new Set<string>();
  let clean = false;
  try {
    const input = createReadStream(path, { encoding: "utf8" });
    try {
      for await (const text of createInterface({ input, crlfDelay: Infinity })) {
        if (text.trim() === "") {
          resume.broken++;
          continue;
        }
        const line = parseResultLine(text);
        if (!line) {
          resume.broken++;
          continue;
        }
        if (line.error) {
          resume.retried++;
          continue;
        }
        const key = rolloutKey(line.index, line.rollout);
        if (seen.has(key)) {
          resume.duplicates++;
          continue;
        }
        seen.add(key);
        resume.kept++;
        await out.write(`${text}\n`);
        if (line.index < n && line.rollout < rollouts) {
          resume.done.add(key);
          stats.add(line);
        }
      }
      clean = resume.broken + resume.retried + resume.duplicates === 0 && (await endsWithNewline(path, size));
    } catch (e) {
      throw fsError(e, dir, "read", basename(path));
    }
  } catch (e) {
    await out.close(false);
    throw e;
  }
  // Rewritten only when something was dropped; otherwise the temporary copy goes.
  await out.close(!clean);
  return resume;
}

/** Appends one line per finished rollout, as soon as it is scored. */
export class ResultsWriter {
  /** The first write error (disk full…), as a one-line CliError. */
  private failure: CliError | null = null;

  private constructor(
    private readonly stream: WriteStream,
    private readonly path: string,
  ) {
    stream.on("error", (e) => {
      this.failure ??= fsError(e, dirname(path), "write", basename(path));
    });
  }

  static async open(path: string): Promise<ResultsWriter> {
    const stream = createWriteStream(path, { flags: "a" });
    try {
      await new Promise<void>((resolve, reject) => {
        stream.once("open", () => resolve());
        stream.once("error", reject);
      });
    } catch (e) {
      throw fsError(e, dirname(path), "write", basename(path));
    }
    return new ResultsWriter(stream, path);
  }

  /** Resolves once the line is written (so that a full disk stops the run at that line). */
  async append(line: string): Promise<void> {
    if (this.failure) throw this.failure;
    await new Promise<void>((resolve, reject) =>
      this.stream.write(`${line}\n`, (e) => (e ? reject(this.failure ?? fsError(e, dirname(this.path), "write", basename(this.path))) : resolve())),
    );
  }

  close(): Promise<void> {
    if (this.stream.destroyed) return this.failure ? Promise.reject(this.failure) : Promise.resolve();
    return new Promise((resolve, reject) => this.stream.end((e?: Error | null) => (e ? reject(this.failure ?? e) : resolve())));
  }
}

/**
 * Writes a small file whole (Output: temporary name beside it, then rename). `succ eval` handles
 * SIGINT and SIGTERM itself (it records the requests in flight), so Output must not exit on them.
 */
export async function writeAtomic(path: string, text: string): Promise<void> {
  const out = await Output.open(path, { exitOnSignals: false });
  try {
    await out.write(text);
  } catch (e) {
    await out.close(false);
    throw e;
  }
  await out.close(true);
}
