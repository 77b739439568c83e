import { randomBytes } from "node:crypto";
import { promises as fs, mkdirSync, rmSync } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { CliError, reason } from "../errors.js";

/** The file by which `succ export` recognises a folder it wrote (and may replace). */
export const MARKER = ".succ-export.json";

export interface Manifest {
  writtenBy: "succ export";
  format: string;
  /** Every file written, relative to the folder, "/"-separated (the marker excepted). */
  files: string[];
  [key: string]: unknown;
}

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(path)));
    else out.push(path);
  }
  return out;
}

/** Why `dir` may not be replaced, or null when it may: it is missing, empty, or exactly what an export wrote. */
async function refusal(dir: string): Promise<string | null> {
  let stat;
  try {
    stat = await fs.lstat(dir);
  } catch {
    return null;
  }
  if (!stat.isDirectory()) return "it exists and is not a folder";
  const files = (await listFiles(dir)).map((f) => relative(dir, f).split(sep).join("/"));
  if (files.length === 0) return null;
  let manifest: Partial<Manifest> | null = null;
  try {
    manifest = JSON.parse(await fs.readFile(join(dir, MARKER), "utf8")) as Partial<Manifest>;
  } catch {
    manifest = null;
  }
  if (manifest === null || manifest.writtenBy !== "succ export" || !Array.isArray(manifest.files)) {
    return `the folder is not empty and was not written by succ export (no ${MARKER})`;
  }
  const ours = new Set([MARKER, ...manifest.files]);
  const foreign = files.find((f) => !ours.has(f));
  if (foreign !== undefined) return `the folder has a file that succ export did not write (${foreign})`;
  return null;
}

/**
 * A folder written as a whole: files go to a temporary folder beside it, which is renamed into
 * place by `commit` only when every file is written. An existing folder is replaced only when it
 * is empty or holds exactly the files a previous export listed in its MARKER, so that no one's
 * other files are ever deleted.
 */
export class OutputDir {
  private readonly onSignal = (signal: NodeJS.Signals) => {
    // Ctrl-C or SIGTERM mid-export: the temporary folder goes, the target stays as it was.
    // Retried: a file the export is creating may land in the folder while it is emptied (ENOTEMPTY).
    rmSync(this.tmp, { recursive: true, force: true, maxRetries: 5, retryDelay: 10 });
    try {
      process.stderr.write(`succ export: interrupted (${signal}); ${this.path} left as it was\n`);
    } catch {
      // stderr may be gone; the exit code still says it.
    }
    process.exit(signal === "SIGINT" ? 130 : 143);
  };

  private constructor(
    readonly path: string,
    readonly tmp: string,
  ) {
    process.once("SIGINT", this.onSignal);
    process.once("SIGTERM", this.onSignal);
  }

  private release(): void {
    process.off("SIGINT", this.onSignal);
    process.off("SIGTERM", this.onSignal);
  }

  static async open(dir: string, option = "--out"): Promise<OutputDir> {
    const path = resolve(dir);
    const parent = dirname(path);
    try {
      if (!(await fs.stat(parent)).isDirectory()) throw new Error("ENOTDIR");
    } catch {
      throw new CliError(`${option} ${dir}: the folder ${parent} does not exist`);
    }
    const why = await refusal(path);
    if (why !== null) throw new CliError(`${option} ${dir}: ${why}; give a new or empty folder`);
    // mkdir, not mkdtemp: the folder keeps the permissions a folder gets here (mkdtemp's are 0700).
    const tmp = join(parent, `.${basename(path)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
    // The signal handlers first, then the folder, with no await between them: a Ctrl-C that
    // comes once the folder exists always finds the handler that removes it (with an await
    // between, a signal could land before the handler and kill the process, folder left).
    const out = new OutputDir(path, tmp);
    try {
      mkdirSync(tmp);
    } catch (e) {
      out.release();
      throw new CliError(`${option} ${dir}: cannot write in ${parent} (${reason(e)})`);
    }
    return out;
  }

  /** Where a file of the folder is written now (subfolders created). */
  async file(relativePath: string): Promise<string> {
    const path = join(this.tmp, ...relativePath.split("/"));
    // Synchronously: a `mkdir -p` still running in the thread pool when Ctrl-C removes the
    // temporary folder would make it again, after the handler, and leave it behind.
    mkdirSync(dirname(path), { recursive: true });
    return path;
  }

  /** Writes the marker, then puts the folder in place (the previous export, if any, removed). */
  async commit(manifest: Manifest): Promise<void> {
    this.release();
    await fs.writeFile(join(this.tmp, MARKER), `${JSON.stringify(manifest, null, 2)}\n`);
    // Checked again: the folder may have changed while the export ran.
    const why = await refusal(this.path);
    if (why !== null) throw new CliError(`--out ${this.path}: ${why}; nothing was replaced`);
    const old = `${this.tmp}.old`;
    const existed = await fs.rename(this.path, old).then(
      () => true,
      (e: NodeJS.ErrnoException) => {
        if (e.code === "ENOENT") return false;
        throw new CliError(`--out ${this.path}: cannot replace it (${reason(e)})`);
      },
    );
    try {
      await fs.rename(this.tmp, this.path);
    } catch (e) {
      if (existed) await fs.rename(old, this.path).catch(() => {});
      throw new CliError(`--out ${this.path}: cannot put the folder in place (${reason(e)})`);
    }
    if (existed) await fs.rm(old, { recursive: true, force: true });
  }

  /** Removes the temporary folder: nothing of a failed export is left. */
  async abort(): Promise<void> {
    this.release();
    await fs.rm(this.tmp, { recursive: true, force: true });
  }
}
