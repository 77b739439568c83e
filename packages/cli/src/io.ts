import { createReadStream, createWriteStream, promises as fs, type WriteStream } from "node:fs";
import { dirname, basename, join } from "node:path";
import { createInterface } from "node:readline";
import type { Writable } from "node:stream";
import { CliError } from "./errors.js";

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
    throw new CliError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/**
 * The lines of a file or of stdin, streamed (flat memory). A read error (a folder given as the
 * file, a file gone mid-read) is a CliError naming the file, as readText gives.
 */
export function readLines(file: string | undefined): AsyncIterable<string> {
  const stdin = file === undefined || file === "-";
  if (stdin && process.stdin.isTTY) throw new CliError("no input: give a file, or pipe one on stdin");
  return (async function* () {
    // Opened on the first read, so that no error can come before someone listens for it.
    const input = stdin ? process.stdin : createReadStream(file);
    try {
      yield* createInterface({ input, crlfDelay: Infinity });
    } catch (e) {
      throw new CliError(`cannot read ${stdin ? "stdin" : file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  })();
}

/** Checks that a file can be opened for reading, with a clear error otherwise. */
export async function assertReadable(file: string | undefined): Promise<void> {
  if (file === undefined || file === "-") return;
  try {
    await fs.access(file);
  } catch (e) {
    throw new CliError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/**
 * Where data goes: stdout, or a file written to a temporary name beside it and renamed only
 * when the command succeeds, so that nothing is left half-written. Writes are buffered and
 * wait for the stream to drain (flat memory on long runs).
 */
export class Output {
  private buffer: string[] = [];
  private size = 0;
  private readonly stream: Writable;
  private readonly tmp: string | null;
  /** The first error of the file stream (disk full, permission…), reported at the next call. */
  private failure: CliError | null = null;

  private constructor(
    private readonly path: string | null,
    private readonly highWater = 1 << 16,
  ) {
    if (path === null || path === "-") {
      this.stream = process.stdout;
      this.tmp = null;
    } else {
      this.tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
      this.stream = createWriteStream(this.tmp);
      this.stream.on("error", (e: NodeJS.ErrnoException) => {
        this.failure ??= new CliError(`--out ${path}: cannot write (${e.code ?? e.message})`);
      });
    }
  }

  static async open(path: string | undefined): Promise<Output> {
    if (path !== undefined && path !== "-") {
      try {
        const st = await fs.stat(dirname(path));
        if (!st.isDirectory()) throw new Error("ENOTDIR");
      } catch {
        throw new CliError(`--out ${path}: the folder ${dirname(path)} does not exist`);
      }
    }
    const out = new Output(path ?? null);
    if (out.tmp !== null) await out.opened();
    return out;
  }

  /** Waits until the temporary file is open, so that a folder we cannot write to fails first. */
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

  async write(text: string): Promise<void> {
    if (this.failure) throw this.failure;
    this.buffer.push(text);
    this.size += text.length;
    if (this.size >= this.highWater) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.buffer.length === 0) return;
    const chunk = this.buffer.join("");
    this.buffer = [];
    this.size = 0;
    if (!this.stream.write(chunk)) {
      await new Promise<void>((resolve, reject) => {
        const onError = () => {
          this.stream.off("drain", onDrain);
          reject(this.failure ?? new CliError(`--out ${this.path}: cannot write`));
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
    if (this.tmp === null) return;
    const s = this.stream as WriteStream;
    if (!s.destroyed) await new Promise<void>((resolve) => s.end(() => resolve()));
    if (ok && !this.failure) {
      await fs.rename(this.tmp, this.path!);
      return;
    }
    await fs.rm(this.tmp, { force: true });
    if (ok && this.failure) throw this.failure;
  }
}
