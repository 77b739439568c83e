/**
 * Docs that run: every shell example of the README and of docs/ (the fenced `bash`, `sh`,
 * `shell` and `console` blocks) either runs here as written, or says in its first line that it
 * is not run (`# template: …` where the reader fills something in, `# not run by the docs
 * test: …` where it installs, publishes, downloads or trains).
 *
 * A `console` block is a session: each `$ ` line is a command (continued over the next lines
 * while a quote is open or a line ends in `\`), and the lines up to the next `$ ` are what it
 * prints, stdout and stderr together; a line `…` stands for any lines. Its exit code is not
 * checked (a session may show an error). A `bash`/`sh`/`shell` block runs as one script and must
 * exit 0.
 *
 * The blocks of docs/serve-and-train.md marked `<!-- doc-test: NAME -->` (the trainers' set-ups)
 * are run by the Python package's own docs test, with the trainers' stand-ins; here, only that
 * this test exists and reads that mark.
 *
 * Commands run in a scratch folder that holds the repository's `examples/`, where `pnpm succ`
 * and `succ` are the built CLI (what `pnpm succ` runs at the root of a clone, and what
 * `npm install -g @succ/cli` installs), with the servers the docs talk to started on 127.0.0.1:
 * `succ serve` for docs/serve-and-train.md, and a server that answers 404 to everything (a base
 * URL without its `/v1`) for docs/eval-and-export.md; the `127.0.0.1:8000` of their examples is
 * the server's own port.
 */
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN } from "./helpers/spawn-cli";
import { killAllServers, startServe, type Served } from "./helpers/serve";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const FILES = ["README.md", ...readdirSync(join(ROOT, "docs"))
  .filter((f) => f.endsWith(".md"))
  .sort()
  .map((f) => `docs/${f}`)];

interface Block {
  file: string;
  /** The line of the opening fence (1-based). */
  line: number;
  lang: string;
  text: string;
  /** A block marked `<!-- doc-test: NAME -->` just before its fence: the Python package's own docs test runs it. */
  pythonDocTest: string | null;
}

/** The test that runs the blocks marked `<!-- doc-test: NAME -->` (with the trainers' stand-ins). */
const PYTHON_DOCS_TEST = "integrations/python/test/docs.test.ts";

function blocks(file: string): Block[] {
  const out: Block[] = [];
  const lines = readFileSync(join(ROOT, file), "utf8").split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w+)?/.exec(lines[i]!);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !lines[i]!.startsWith("```"); i++) body.push(lines[i]!);
    const lang = open[1] ?? "";
    const marked = start > 0 ? /^<!-- doc-test: ([\w-]+) -->$/.exec(lines[start - 1]!) : null;
    if (["bash", "sh", "shell", "console"].includes(lang)) out.push({ file, line: start + 1, lang, text: body.join("\n"), pythonDocTest: marked?.[1] ?? null });
  }
  return out;
}

const NOT_RUN = /^(\$ )?# (template|not run by the docs test):/;

/** A console block as commands and the output each prints. */
function session(text: string): { command: string; expected: string[] }[] {
  const steps: { command: string; expected: string[] }[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith("$ ")) {
      if (steps.length === 0) throw new Error(`output before any command: ${line}`);
      steps.at(-1)!.expected.push(line);
      continue;
    }
    let command = line.slice(2);
    // Continued while a single quote is open, or the line ends in a backslash.
    const open = (s: string) => (s.replace(/\\./g, "").match(/'/g) ?? []).length % 2 === 1 || /\\$/.test(s);
    while (open(command) && i + 1 < lines.length) command += `\n${lines[++i]}`;
    steps.push({ command, expected: [] });
  }
  return steps;
}

/** Does `actual` read as `expected`, where an expected line `…` stands for any lines? */
function matches(expected: string[], actual: string[]): boolean {
  if (expected.length === 0) return actual.length === 0;
  const [head, ...rest] = expected;
  if (head === "…") {
    for (let k = 0; k <= actual.length; k++) if (matches(rest, actual.slice(k))) return true;
    return false;
  }
  return actual.length > 0 && actual[0] === head && matches(rest, actual.slice(1));
}

let scratch: string;
let binDir: string;
let served: Served;
let notAnApi: Server;
const ports: Record<string, string> = {};

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "succ-docs-"));
  binDir = mkdtempSync(join(tmpdir(), "succ-docs-bin-"));
  symlinkSync(join(ROOT, "examples"), join(scratch, "examples"));
  // `succ`: the built CLI, as installed. `pnpm succ`: the same, as the root's script runs it;
  // any other pnpm command is not for a docs example to run here.
  writeFileSync(join(binDir, "succ"), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  writeFileSync(
    join(binDir, "pnpm"),
    `#!/bin/sh\nif [ "$1" = succ ]; then shift; exec "${process.execPath}" "${BIN}" "$@"; fi\necho "docs test: pnpm $* is not run here" >&2\nexit 99\n`,
  );
  chmodSync(join(binDir, "succ"), 0o755);
  chmodSync(join(binDir, "pnpm"), 0o755);
  served = await startServe();
  ports["docs/serve-and-train.md"] = new URL(served.url).port;
  notAnApi = createServer((req, res) => {
    req.resume();
    res.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}');
  });
  await new Promise<void>((resolve) => notAnApi.listen(0, "127.0.0.1", resolve));
  ports["docs/eval-and-export.md"] = String((notAnApi.address() as AddressInfo).port);
});

afterAll(async () => {
  await served?.stop();
  await killAllServers();
  await new Promise<void>((resolve) => (notAnApi ? notAnApi.close(() => resolve()) : resolve()));
  for (const d of [scratch, binDir]) if (d) rmSync(d, { recursive: true, force: true });
});

/** Runs a shell text in the scratch folder: exit code and what it printed (stdout and stderr, in order). */
function sh(text: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-o", "pipefail", "-c", `exec 2>&1\n${text}`], {
      cwd: scratch,
      env: { ...process.env, PATH: `${binDir}:${process.env.PATH}`, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (output += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (output += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 230_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const withPort = (file: string, text: string) => (ports[file] ? text.replaceAll("127.0.0.1:8000", `127.0.0.1:${ports[file]}`) : text);

const all = FILES.flatMap(blocks);

describe("the shell examples of the README and docs/", () => {
  it("are found (the README and each file of docs/ hold some)", () => {
    for (const f of ["README.md", "docs/dossier.md", "docs/eval-and-export.md", "docs/serve-and-train.md"]) {
      expect(all.filter((b) => b.file === f).length, f).toBeGreaterThan(0);
    }
    // Most of them run: the marks are for the few that cannot.
    expect(all.filter((b) => !NOT_RUN.test(b.text)).length).toBeGreaterThanOrEqual(7);
  });

  for (const block of all) {
    const where = `${block.file}:${block.line}`;
    if (block.pythonDocTest !== null) {
      it(`${where} is run by ${PYTHON_DOCS_TEST} (doc-test: ${block.pythonDocTest})`, () => {
        const test = readFileSync(join(ROOT, PYTHON_DOCS_TEST), "utf8");
        expect(test).toContain("<!-- doc-test: ([\\w-]+) -->");
        expect(test).toContain(`"${block.pythonDocTest}"`);
      });
      continue;
    }
    if (NOT_RUN.test(block.text)) {
      it(`${where} says why it is not run: ${block.text.split("\n")[0]!.replace(/^(\$ )?# /, "")}`, () => {
        expect(block.text.split("\n")[0]).toMatch(/: \S.{8,}/);
      });
      continue;
    }
    if (block.lang === "console") {
      it(`${where} prints what it shows`, async () => {
        for (const step of session(block.text)) {
          const { output } = await sh(withPort(block.file, step.command));
          const actual = output.replace(/\n$/, "").split("\n");
          const expected = step.expected.map((l) => withPort(block.file, l));
          expect(matches(expected, actual), `${where}: $ ${step.command}\n--- documented:\n${expected.join("\n")}\n--- printed:\n${actual.join("\n")}`).toBe(true);
        }
      });
    } else {
      // The exports of several seeds take a while on a loaded machine.
      it(`${where} runs and exits 0`, { timeout: 240_000 }, async () => {
        const { code, output } = await sh(withPort(block.file, block.text));
        expect(code, `${where}:\n${output}`).toBe(0);
      });
    }
  }
});

describe("what the README says of the examples and of the task lines", () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8").replace(/\s+/g, " ");
  const succ = (args: string[], input?: string) => spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: "utf8", input, timeout: 60_000 });

  it("each example without a \"law\" computes under both rule sets, but the one the README names as for seed only, which cgi refuses", () => {
    const seedOnly = "examples/estate-recall-representation.json";
    expect(readme).toContain("`estate-recall-representation.json` is for `seed` only, and `--law cgi` refuses it");
    for (const f of readdirSync(join(ROOT, "examples")).filter((f) => f.endsWith(".json"))) {
      const path = `examples/${f}`;
      if ("law" in JSON.parse(readFileSync(join(ROOT, path), "utf8"))) continue;
      expect(succ(["compute", path]).status, path).toBe(0);
      const cgi = succ(["compute", "--law", "cgi", path]);
      if (path === seedOnly) {
        expect(cgi.status).toBe(1);
        // The two reasons the README gives.
        expect(cgi.stderr).toContain("a gift made before 2012-08-17 must state the allowance it used");
        expect(cgi.stderr).toContain("a representative's own prior gifts are out of scope");
      } else expect(cgi.status, `${path} under cgi: ${cgi.stderr}`).toBe(0);
    }
  });

  it("info.difficulty is in the lines of levels 5-6 and not in those of levels 1-4, as the README says", () => {
    expect(readme).toContain("is in the task lines of levels 5 and 6 only; at levels 1-4 it is not in the lines");
    for (const level of [1, 2, 3, 4, 5, 6]) {
      const line = JSON.parse(succ(["generate", "-n", "1", "--level", String(level)]).stdout) as { info: Record<string, unknown> };
      expect("difficulty" in line.info, `level ${level}`).toBe(level >= 5);
    }
  });
});

describe("the docs test's own reading", () => {
  it("splits a session into commands and outputs, with multi-line commands", () => {
    expect(session("$ echo 'a\nb'\na\nb\n$ true")).toEqual([
      { command: "echo 'a\nb'", expected: ["a", "b"] },
      { command: "true", expected: [] },
    ]);
    expect(session("$ ls \\\n  -a\nx")).toEqual([{ command: "ls \\\n  -a", expected: ["x"] }]);
  });
  it("lets … stand for any lines, and nothing else", () => {
    expect(matches(["A", "…"], ["A", "B", "C"])).toBe(true);
    expect(matches(["A", "…", "C"], ["A", "C"])).toBe(true);
    expect(matches(["A", "…"], ["B"])).toBe(false);
    expect(matches(["A"], ["A", "B"])).toBe(false);
  });
});
