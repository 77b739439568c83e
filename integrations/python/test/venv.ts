/**
 * A fresh virtual environment with the wheel of `pnpm build` (integrations/python/dist/) installed
 * from that file alone (`pip install --no-index`), as a user without a package registry installs
 * it. Made in a temporary folder, removed by `remove()`.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const PYTHON_DIR = fileURLToPath(new URL("../", import.meta.url));
export const TESTS_DIR = join(PYTHON_DIR, "tests");
const DIST = join(PYTHON_DIR, "dist");

export interface Venv {
  dir: string;
  python: string;
  wheel: string;
  remove(): void;
}

/** The one wheel in dist/ (pnpm build writes it); a clear error when there is none. */
export function builtWheel(): string {
  let names: string[] = [];
  try {
    names = readdirSync(DIST).filter((n) => n.endsWith(".whl"));
  } catch {
    names = [];
  }
  if (names.length !== 1) throw new Error(`expected one wheel in ${DIST}, found ${names.length}: run pnpm build (python3 integrations/python/succ_build.py)`);
  return join(DIST, names[0]!);
}

export function makeVenv(): Venv {
  const wheel = builtWheel();
  const dir = mkdtempSync(join(tmpdir(), "succ-venv-"));
  const run = (cmd: string, args: string[]) => {
    const r = spawnSync(cmd, args, { encoding: "utf8", timeout: 120_000, env: { ...process.env, PIP_DISABLE_PIP_VERSION_CHECK: "1", PIP_NO_INDEX: "1" } });
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (${r.status}): ${r.stderr || r.stdout}`);
    return r.stdout;
  };
  try {
    run("python3", ["-m", "venv", dir]);
    const python = join(dir, "bin", "python");
    run(python, ["-m", "pip", "install", "--no-index", "--quiet", wheel]);
    return { dir, python, wheel, remove: () => rmSync(dir, { recursive: true, force: true }) };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

export interface PythonRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the venv's python from `cwd`, tests/ by default (never src/: what is imported is the installed wheel). */
export function runPython(venv: Venv, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {}): Promise<PythonRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(venv.python, args, {
      cwd: options.cwd ?? TESTS_DIR,
      env: { ...process.env, ...options.env, PYTHONDONTWRITEBYTECODE: "1" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? "");
  });
}
