import { createReadStream, createWriteStream, promises as fs, rmSync, type WriteStream } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import type { Writable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { CliError, reason } from "./errors.js";

/** Reads a whole file, or stdin for `-` or no file (refusing an interactive terminal). */
export async function readText(file: string | undefined, what: string): Promise<string> {
  if (file === undefined || file === "-") {
    if (process.stdin.isTTY) throw new CliError(`no ${what}: give a file, or pipe one on stdin`);
    const chunks: Buffer[] = [];
    for await (const c of process.stdin) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }
  try {
    return await fs.readFile(file, "utf8");
  } catch (e) {
    throw new CliError(`cannot read ${file}: ${reason(e)}`);
  }
}

/**
 * The lines of a file or of stdin, streamed (flat memory). A read error (a folder given as the
 * file, a file gone mid-read) is a CliError naming the file, as readText gives.
 */
export function readLines(file: string | undefined): AsyncIterable<string> {
  const stdin = file === undefined || file === "-";
  if (stdin && process.stdin.isTTY) throw new CliError("no input: give a file, or pipe one on stdin");
  const failed = (e: unknown): never => {
    throw new CliError(`cannot read ${stdin ? "stdin" : file}: ${reason(e)}`);
  };
  // readline's own iterator, its errors renamed: no generator in between, which cost a few
  // promises a line (succ score and succ compute --jsonl read 100,000s of lines).
  let lines: AsyncIterator<string> | undefined;
  // Opened on the first read, so that no error can come before someone listens for it.
  const open = () => (lines ??= createInterface({ input: stdin ? process.stdin : createReadStream(file), crlfDelay: Infinity })[Symbol.asyncIterator]());
  const iterator: AsyncIterableIterator<string> = {
    next: () => open().next().then(undefined, failed),
    return: (value?: unknown) => (lines?.return === undefined ? Promise.resolve({ done: true as const, value: undefined }) : lines.return(value).then(undefined, failed)),
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}

const LF = 10;
const CR = 13;

/**
 * Cuts bytes into lines as `readline` does with `crlfDelay: Infinity`: a line ends at "\n",
 * "\r\n" or a lone "\r" (a "\r" at the end of one chunk and a "\n" at the start of the next
 * are one end), a last line without an end is kept unless it is empty, and each line is decoded
 * as UTF-8 whole (an invalid sequence becomes U+FFFD; a line end is never inside a character; an
 * incomplete character at the very end is dropped).
 * Lines are cut on the bytes with `indexOf` (no regular expression, no stream decoder), so that
 * a chunk of many lines costs a search and a decoding per line.
 */
export class LineSplitter {
  /** The bytes of a line begun in an earlier chunk, not ended yet. */
  private rest: Buffer | null = null;
  /** The last chunk ended with "\r": a "\n" starting the next one belongs to that line end. */
  private afterCR = false;

  /** The lines that the chunk ends (with the bytes held from before). */
  push(chunk: Buffer): string[] {
    const lines: string[] = [];
    let start = 0;
    if (this.afterCR) {
      this.afterCR = false;
      if (chunk.length > 0 && chunk[0] === LF) start = 1;
    }
    const len = chunk.length;
    // Most chunks hold no "\r" at all: then only "\n" ends a line.
    let cr = chunk.indexOf(CR, start);
    for (;;) {
      const lf = chunk.indexOf(LF, start);
      let end = lf;
      let next = lf + 1;
      if (cr !== -1 && (lf === -1 || cr < lf)) {
        end = cr;
        next = cr + 1 === lf ? lf + 1 : cr + 1;
        if (next === len && chunk[cr + 1] !== LF) this.afterCR = true;
      }
      if (end === -1) break;
      this.line(lines, chunk, start, end);
      start = next;
      if (cr !== -1 && cr < start) cr = chunk.indexOf(CR, start);
    }
    if (start < len) {
      const tail = chunk.subarray(start);
      this.rest = this.rest === null ? Buffer.from(tail) : Buffer.concat([this.rest, tail]);
    }
    return lines;
  }

  /**
   * The last line, if it has no line end and is not empty. As readline, which never ends its
   * decoder: an incomplete character at the very end is dropped (a stream decoder holds it back).
   */
  end(): string[] {
    const rest = this.rest;
    this.rest = null;
    const last = rest === null ? "" : new StringDecoder("utf8").write(rest);
    return last === "" ? [] : [last];
  }

  private line(lines: string[], chunk: Buffer, start: number, end: number): void {
    if (this.rest === null) lines.push(chunk.toString("utf8", start, end));
    else {
      lines.push(Buffer.concat([this.rest, chunk.subarray(start, end)]).toString("utf8"));
      this.rest = null;
    }
  }
}

/**
 * The lines of a file or of stdin, streamed (flat memory), as {@link readLines} gives them but a
 * chunk of them at a time (one wait for each chunk read, not for each line: `succ compute
 * --jsonl` reads 100,000s of lines). A read error is a CliError naming the file, as readLines gives.
 */
export async function* readLineBatches(file: string | undefined): AsyncGenerator<string[], void, undefined> {
  const stdin = file === undefined || file === "-";
  if (stdin && process.stdin.isTTY) throw new CliError("no input: give a file, or pipe one on stdin");
  const split = new LineSplitter();
  try {
    // Opened here, on the first read, so that no error can come before someone listens for it.
    for await (const chunk of stdin ? process.stdin : createReadStream(file, { highWaterMark: 1 << 18 })) {
      const lines = split.push(chunk as Buffer);
      if (lines.length > 0) yield lines;
    }
  } catch (e) {
    throw new CliError(`cannot read ${stdin ? "stdin" : file}: ${reason(e)}`);
  }
  const last = split.end();
  if (last.length > 0) yield last;
}

/** Checks that a file can be opened for reading, with a clear error otherwise. */
export async function assertReadable(file: string | undefined): Promise<void> {
  if (file === undefined || file === "-") return;
  try {
    await fs.access(file);
  } catch (e) {
    throw new CliError(`cannot read ${file}: ${reason(e)}`);
  }
}

/** Temporary files of outputs not yet renamed into place: removed whenever the process exits. */
const pendingTemps = new Map<string, string>();
let exitHook = false;

function track(tmp: string, target: string): void {
  if (!exitHook) {
    exitHook = true;
    // Runs on every exit that Node lets us see: the end of a command, process.exit() (the
    // signal handlers below, a closed pipe) and the internal-error path of bin.ts.
    process.on("exit", removeTemporaryFiles);
  }
  pendingTemps.set(tmp, target);
}

/** Removes every temporary file still pending (synchronously: it runs on exit). */
export function removeTemporaryFiles(): void {
  for (const tmp of pendingTemps.keys()) {
    try {
      rmSync(tmp, { force: true });
    } catch {
      // Nothing more can be done on the way out.
    }
  }
  pendingTemps.clear();
}

let signalsHandled = false;

/**
 * SIGINT or SIGTERM: stop at once, remove the temporary files (the targets are never renamed
 * into place, so they stay as they were) and exit 130 or 143, as a shell reports an
 * interrupted command. For the commands that have no interruption of their own (`succ eval`
 * has: it finishes the requests in flight).
 */
export function exitOnSignals(): void {
  if (signalsHandled) return;
  signalsHandled = true;
  for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
    process.on(signal, () => {
      const kept = [...new Set(pendingTemps.values())];
      const note = kept.length > 0 ? `; ${kept.join(", ")} left as ${kept.length === 1 ? "it was" : "they were"}` : "";
      try {
        process.stderr.write(`succ: interrupted (${signal})${note}\n`);
      } catch {
        // stderr may be gone; the exit code still says it.
      }
      process.exit(code);
    });
  }
}

/** What `--out PATH` names, symbolic links followed. */
type Target =
  /** A regular file, or nothing yet: written under a temporary name beside it, then renamed. */
  | { kind: "file"; path: string; mode: number | null }
  /** A character or block device, a FIFO, a socket: written through, as it is. */
  | { kind: "special"; path: string };

const MAX_LINKS = 40;

async function newFileAt(option: string, path: string): Promise<Target> {
  const dir = dirname(path);
  let st;
  try {
    st = await fs.stat(dir);
  } catch {
    st = null;
  }
  if (!st?.isDirectory()) throw new CliError(`--out ${option}: the folder ${dir} does not exist`);
  return { kind: "file", path, mode: null };
}

/**
 * Classifies `--out PATH`. A symbolic link is kept: its target is what gets written (a file the
 * link points to is replaced through a temporary file beside that file; a link to nothing yet
 * creates its target). A folder is an error.
 */
async function resolveTarget(option: string): Promise<Target> {
  const folder = () => new CliError(`--out ${option}: is a folder; give the name of a file`);
  let path = option;
  for (let hops = 0; hops <= MAX_LINKS; hops++) {
    let st;
    try {
      st = await fs.lstat(path);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") return newFileAt(option, path);
      throw new CliError(`--out ${option}: cannot write (${reason(e)})`);
    }
    if (st.isDirectory()) throw folder();
    if (st.isFile()) return { kind: "file", path, mode: st.mode & 0o7777 };
    if (!st.isSymbolicLink()) return { kind: "special", path };
    // A link: what the kernel reaches through it decides.
    let target;
    try {
      target = await fs.stat(path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw new CliError(`--out ${option}: cannot write (${reason(e)})`);
      // A link to nothing yet: follow it by hand to the path it names, which is created.
      path = resolve(dirname(path), await fs.readlink(path));
      continue;
    }
    if (target.isDirectory()) throw folder();
    if (!target.isFile()) return { kind: "special", path: option };
    return { kind: "file", path: await fs.realpath(path), mode: target.mode & 0o7777 };
  }
  throw new CliError(`--out ${option}: too many levels of symbolic links`);
}

export interface OutputOptions {
  /**
   * Install the SIGINT/SIGTERM handlers of {@link exitOnSignals} (default true). False for a
   * command that handles interruptions itself; its temporary files are still removed on exit.
   */
  exitOnSignals?: boolean;
}

/** The size of the chunks {@link Output} fills and writes: 256 KiB. */
const OUTPUT_CHUNK = 1 << 18;
/** Written chunks kept for reuse (more are left to the collector). */
const MAX_FREE_CHUNKS = 4;

/**
 * Where data goes: stdout, or the file `--out` names. A regular file (or a path that does not
 * exist yet) is written to a temporary name beside it and renamed only when the command
 * succeeds, so that it is never left half-written; its permissions are kept. A device, a FIFO
 * or a symbolic link to one is written through and kept as it is; a link to a file keeps the
 * link and replaces the file. Writes are buffered and wait for the stream to drain (flat
 * memory on long runs).
 */
export class Output {
  /** The chunk being filled (UTF-8 bytes up to `pos`), taken from `free` or allocated. */
  private chunk: Buffer | null = null;
  private pos = 0;
  /** Chunks whose write has completed, kept for the next ones (a chunk is never reused before its write is done). */
  private readonly free: Buffer[] = [];
  private readonly stream: Writable;
  private readonly tmp: string | null;
  /** The first error of the file stream (disk full, permission…), reported at the next call. */
  private failure: CliError | null = null;

  private constructor(
    private readonly option: string | null,
    private readonly target: Target | null,
    private readonly chunkSize = OUTPUT_CHUNK,
  ) {
    if (target === null) {
      this.stream = process.stdout;
      this.tmp = null;
      return;
    }
    if (target.kind === "file") {
      this.tmp = join(dirname(target.path), `.${basename(target.path)}.${process.pid}.tmp`);
      track(this.tmp, option!);
    } else this.tmp = null;
    this.stream = createWriteStream(this.tmp ?? target.path);
    this.stream.on("error", (e: NodeJS.ErrnoException) => {
      this.failure ??= new CliError(`--out ${option}: cannot write (${reason(e)})`);
    });
  }

  static async open(path: string | undefined, options: OutputOptions = {}): Promise<Output> {
    if (options.exitOnSignals !== false) exitOnSignals();
    if (path === undefined || path === "-") return new Output(null, null);
    const out = new Output(path, await resolveTarget(path));
    try {
      await out.opened();
    } catch (e) {
      out.forget();
      throw e;
    }
    return out;
  }

  /** Waits until the file is open, so that a folder we cannot write to fails first. */
  private opened(): Promise<void> {
    const s = this.stream as WriteStream;
    return new Promise<void>((resolve, reject) => {
      const done = () => {
        s.off("open", done);
        s.off("error", done);
        if (this.failure) reject(this.failure);
        else resolve();
      };
      s.once("open", done);
      // Registered after the constructor's handler, so `failure` is set when this runs.
      s.once("error", done);
    });
  }

  /** The temporary file is gone (renamed or removed): nothing left to clean on exit. */
  private forget(): void {
    if (this.tmp === null) return;
    rmSync(this.tmp, { force: true });
    pendingTemps.delete(this.tmp);
  }

  /**
   * Adds text to the output: encoded as UTF-8 straight into the chunk being filled, which is
   * written when the next text might not fit. (Joining strings into one and encoding it at each
   * write made large two-byte strings, each allocated and freed apart: ten times the cost.)
   */
  async write(text: string): Promise<void> {
    if (this.failure) throw this.failure;
    // A UTF-16 code unit is at most 3 bytes of UTF-8 (a surrogate pair, 2 units, is 4).
    const room = 3 * text.length;
    if (room > this.chunkSize) {
      await this.flush();
      await this.send(Buffer.from(text, "utf8"));
      return;
    }
    const chunk = await this.chunkWithRoom(room);
    this.pos += chunk.write(text, this.pos, "utf8");
  }

  /**
   * Adds bytes already encoded (the lines of `succ generate --jobs`' workers), after what came
   * before: a few are copied into the chunk, a large buffer is written as it is. `done`, if
   * given, is called once `bytes` is no longer needed (copied, or its write completed), so that
   * the caller can fill the same memory again instead of touching fresh pages.
   */
  async writeBytes(bytes: Uint8Array, done?: () => void): Promise<void> {
    if (this.failure) throw this.failure;
    if (bytes.length > this.chunkSize >> 2) {
      await this.flush();
      await this.send(bytes, done);
      return;
    }
    const chunk = await this.chunkWithRoom(bytes.length);
    chunk.set(bytes, this.pos);
    this.pos += bytes.length;
    done?.();
  }

  /** The chunk being filled, with room for `bytes` more (the one before written when full). */
  private async chunkWithRoom(bytes: number): Promise<Buffer> {
    if (this.chunk !== null && this.pos + bytes > this.chunkSize) await this.flush();
    return (this.chunk ??= this.free.pop() ?? Buffer.allocUnsafeSlow(this.chunkSize));
  }

  /** Writes the chunk filled so far. */
  async flush(): Promise<void> {
    if (this.failure) throw this.failure;
    const chunk = this.chunk;
    if (chunk === null || this.pos === 0) return;
    const length = this.pos;
    this.chunk = null;
    this.pos = 0;
    await this.send(chunk.subarray(0, length), () => {
      if (this.free.length < MAX_FREE_CHUNKS) this.free.push(chunk);
    });
  }

  /**
   * Writes bytes; `done` (a chunk of ours going back to `free`, or the caller's) runs once their
   * write is done: at once when the stream holds nothing after the call (a file or /dev/null as
   * stdout is written synchronously, and a loop that never leaves its microtasks would not see
   * the callback before it allocated a chunk for every write), else at its callback. Waits for
   * `drain` when the stream asks.
   */
  private async send(bytes: Uint8Array, done?: () => void): Promise<void> {
    let released = done === undefined;
    const release = () => {
      if (released) return;
      released = true;
      done!();
    };
    const ok = this.stream.write(bytes, done === undefined ? undefined : release);
    // The stream's length counts what it has not finished writing: 0 means our bytes are written.
    if (this.stream.writableLength === 0) release();
    if (!ok) {
      await new Promise<void>((resolve, reject) => {
        const onError = () => {
          this.stream.off("drain", onDrain);
          reject(this.failure ?? new CliError(`--out ${this.option}: cannot write`));
        };
        const onDrain = () => {
          this.stream.off("error", onError);
          resolve();
        };
        this.stream.once("error", onError);
        this.stream.once("drain", onDrain);
      });
    }
  }

  /** Finishes the output: renames the file into place on success, removes it otherwise. */
  async close(ok: boolean): Promise<void> {
    if (ok && !this.failure) await this.flush();
    if (this.target === null) return;
    const s = this.stream as WriteStream;
    if (!s.destroyed) await new Promise<void>((resolve) => s.end(() => resolve()));
    if (this.tmp === null) {
      if (ok && this.failure) throw this.failure;
      return;
    }
    if (ok && !this.failure) {
      try {
        // The file replaced keeps its permissions (the temporary file has the umask's).
        if (this.target.kind === "file" && this.target.mode !== null) await fs.chmod(this.tmp, this.target.mode);
        await fs.rename(this.tmp, this.target.path);
      } catch (e) {
        this.forget();
        throw new CliError(`--out ${this.option}: cannot write (${reason(e)})`);
      }
      pendingTemps.delete(this.tmp);
      return;
    }
    this.forget();
    if (ok && this.failure) throw this.failure;
  }
}
