import { createReadStream, createWriteStream, promises as fs, type WriteStream } from "node:fs";
import { basename, dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { Output } from "../io.js";
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
  if (!nat(r.level) || (r.level as number) < 1 || (r.level as number) > 4) return null;
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
 * Reads DIR/results.jsonl of an earlier run (streamed): finished rollouts are kept and counted
 * in `stats` when they belong to the requested set (index < n, rollout < rollouts). Broken
 * lines, errored rollouts and duplicates are dropped; if any was, or the last line lacks its
 * newline, the file is rewritten cleanly (temporary file, then rename).
 */
export async function loadResults(path: string, n: number, rollouts: number, stats: Stats): Promise<Resume> {
  const resume: Resume = { done: new Set(), kept: 0, broken: 0, retried: 0, duplicates: 0 };
  let size: number;
  try {
    size = (await fs.stat(path)).size;
  } catch {
    return resume;
  }
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  const out = createWriteStream(tmp);
  const seen = new Set<string>();
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
      if (!out.write(`${text}\n`)) await new Promise<void>((r) => out.once("drain", () => r()));
      if (line.index < n && line.rollout < rollouts) {
        resume.done.add(key);
        stats.add(line);
      }
    }
  } finally {
    await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  }
  const clean = resume.broken + resume.retried + resume.duplicates === 0 && (await endsWithNewline(path, size));
  if (clean) await fs.rm(tmp, { force: true });
  else await fs.rename(tmp, path);
  return resume;
}

/** Appends one line per finished rollout, as soon as it is scored. */
export class ResultsWriter {
  private constructor(private readonly stream: WriteStream) {}

  static async open(path: string): Promise<ResultsWriter> {
    const stream = createWriteStream(path, { flags: "a" });
    await new Promise<void>((resolve, reject) => {
      stream.once("open", () => resolve());
      stream.once("error", reject);
    });
    return new ResultsWriter(stream);
  }

  async append(line: string): Promise<void> {
    if (!this.stream.write(`${line}\n`)) await new Promise<void>((r) => this.stream.once("drain", () => r()));
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => this.stream.end((e?: Error | null) => (e ? reject(e) : resolve())));
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
