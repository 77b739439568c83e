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
    return new Output(path ?? null);
  }

  async write(text: string): Promise<void> {
    this.buffer.push(text);
    this.size += text.length;
    if (this.size >= this.highWater) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.buffer.length === 0) return;
    const chunk = this.buffer.join("");
    this.buffer = [];
    this.size = 0;
    if (!this.stream.write(chunk)) {
      await new Promise<void>((resolve, reject) => {
        const onError = (e: Error) => reject(e);
        this.stream.once("error", onError);
        this.stream.once("drain", () => {
          this.stream.off("error", onError);
          resolve();
        });
      });
    }
  }

  /** Finishes the output: renames the file into place on success, removes it otherwise. */
  async close(ok: boolean): Promise<void> {
    if (ok) await this.flush();
    if (this.tmp === null) return;
    const s = this.stream as WriteStream;
    await new Promise<void>((resolve, reject) => s.end((e?: Error | null) => (e ? reject(e) : resolve())));
    if (ok) await fs.rename(this.tmp, this.path!);
    else await fs.rm(this.tmp, { force: true });
  }
}
