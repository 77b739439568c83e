/**
 * `succ generate`, end to end: the built CLI (packages/cli/dist/bin.js) run as a child process.
 * The root `pnpm test` builds first; run `pnpm build` before calling vitest directly.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateTask, taskLine } from "@succ/generator";
import { afterAll, describe, expect, it } from "vitest";

const BIN = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "succ-generate-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function succ(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, "generate", ...args], { encoding: "utf8", cwd: dir, timeout: 60_000, maxBuffer: 64 << 20 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const lines = (text: string): string[] => text.split("\n").filter((l) => l !== "");

describe("succ generate", () => {
  it("writes one task a line, the library's canonical lines", () => {
    const r = succ(["-n", "6"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    const out = lines(r.stdout);
    expect(out).toHaveLength(6);
    expect(r.stdout.endsWith("\n")).toBe(true);
    out.forEach((line, i) => expect(line).toBe(taskLine(generateTask(0, i))));
    const first = JSON.parse(out[0]!) as { id: string; level: number; variant: string; info: { dossier: unknown; seed: number; index: number } };
    expect(Object.keys(first)).toEqual(["id", "level", "variant", "prompt", "answer", "info"]);
    expect(first.id).toBe("succession-1-0");
  });

  it("writes levels 5 and 6 with their difficulty, and the art. 990 I key where the gold has one", () => {
    const out = lines(succ(["-n", "40", "--level", "5"]).stdout).map((l) => JSON.parse(l));
    expect(out).toHaveLength(40);
    out.forEach((t, i) => {
      expect(t.id).toBe(`succession-5-${i}`);
      expect(Object.keys(t.info)).toEqual(["dossier", "seed", "index", "generatorVersion", "difficulty"]);
      expect(t.info.dossier.law).toBe("cgi");
      expect(t.info.difficulty.presentation).toBe("articles");
    });
    expect(out.some((t) => Object.values(t.answer.beneficiaires).some((b) => (b as Record<string, number>).prelevement_990I !== undefined))).toBe(true);
    const six = JSON.parse(lines(succ(["-n", "1", "--level", "6"]).stdout)[0]!);
    expect(six.info.difficulty.presentation).toBe("none");
    // The mix (the default set) is levels 1 to 4 only, without difficulty in its lines.
    for (const t of lines(succ(["-n", "8"]).stdout).map((l) => JSON.parse(l))) {
      expect(t.level).toBeLessThanOrEqual(4);
      expect(Object.keys(t.info)).toEqual(["dossier", "seed", "index", "generatorVersion"]);
    }
  });

  it("keeps with --min-rules K the tasks where K rules matter, each the same task as without the option", () => {
    const all = lines(succ(["-n", "80", "--level", "5", "--seed", "3"]).stdout).map((l) => JSON.parse(l));
    const kept = lines(succ(["-n", "5", "--level", "5", "--seed", "3", "--min-rules", "9"]).stdout).map((l) => JSON.parse(l));
    expect(kept).toHaveLength(5);
    const expected = all.filter((t) => t.info.difficulty.rules.length >= 9).slice(0, 5);
    expect(expected).toHaveLength(5);
    expect(kept.map((t) => t.id)).toEqual(expected.map((t) => t.id));
    expect(kept).toEqual(expected);
    const none = succ(["-n", "1", "--level", "1", "--min-rules", "30"]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^succ generate: minRules 30: no task of level 1 has that many rules that change the answer in 1000 tasks in a row/);
  });

  it("starts at --offset K without changing the tasks", () => {
    const all = lines(succ(["-n", "12", "--seed", "7"]).stdout);
    const part = lines(succ(["-n", "4", "--seed", "7", "--offset", "8"]).stdout);
    expect(part).toEqual(all.slice(8, 12));
  });

  it("generates a single level with --level", () => {
    const out = lines(succ(["-n", "5", "--level", "3"]).stdout).map((l) => JSON.parse(l) as { id: string; level: number });
    out.forEach((t, i) => expect(t).toMatchObject({ level: 3, id: `succession-3-${i}` }));
  });

  it("writes --out FILE in place only when done, nothing on stdout", () => {
    const file = join(dir, "tasks.jsonl");
    const r = succ(["-n", "3", "--out", file]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^succ generate: 3 tasks, seed 0, mix of levels in \d+\.\d s, written to .*tasks\.jsonl\n$/);
    expect(lines(readFileSync(file, "utf8"))).toEqual([0, 1, 2].map((i) => taskLine(generateTask(0, i))));
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("a file it cannot write is a clear error, not a crash", () => {
    // /proc takes no new file, even for root: the temporary file cannot be created.
    const r = succ(["-n", "3", "--out", "/proc/succ-tasks.jsonl"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe("succ generate: --out /proc/succ-tasks.jsonl: cannot write (no such file)\n");
  });

  it("gives a clear error and exit code 2 for bad options", () => {
    const cases: [string[], RegExp][] = [
      [["--level", "8"], /--level: expected a whole number from 0 to 7, got 8/],
      [["--min-rules", "-1"], /--min-rules: expected a whole number from 0 to 30, got -1/],
      [["-n", "-1"], /-n: expected a whole number from 0 to \d+, got -1/],
      [["--seed", "abc"], /--seed: expected a whole number, got "abc"/],
      [["--offset", "1.5"], /--offset: expected a whole number, got "1.5"/],
      [["--jobs", "0"], /--jobs: expected a whole number from 1 to \d+, got 0/],
      [["--jobs", "-2"], /--jobs: expected a whole number from 1 to \d+, got -2/],
      [["--jobs", "two"], /--jobs: expected a whole number, got "two"/],
      [["--colour"], /Unknown option '--colour'/],
      [["stray"], /unexpected argument "stray"/],
    ];
    for (const [args, message] of cases) {
      const r = succ(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/^succ generate: /);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/^\s+at /m);
    }
  });

  it("leaves no file behind when --out names a missing folder", () => {
    const r = succ(["-n", "1", "--out", join(dir, "missing", "t.jsonl")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/does not exist/);
    expect(existsSync(join(dir, "missing"))).toBe(false);
  });

  it("writes with --jobs N the bytes of one job, in the same order", () => {
    // More ranges than threads (32 tasks a range), an offset, a level with its difficulty in the
    // line; enough ranges (300 tasks) that buffers written go back to the workers to be filled again.
    for (const args of [["-n", "90", "--level", "5", "--offset", "13"], ["-n", "300", "--fictional-law", "--seed", "4"]]) {
      const one = succ(args);
      expect(one.code).toBe(0);
      for (const jobs of ["2", "3"]) expect(succ([...args, "--jobs", jobs]).stdout, `${args.join(" ")} --jobs ${jobs}`).toBe(one.stdout);
    }
    // --min-rules: the filter runs over the workers' tasks in index order, its error included.
    const kept = succ(["-n", "5", "--level", "5", "--seed", "3", "--min-rules", "9", "--jobs", "2"]);
    expect(kept.stdout).toBe(succ(["-n", "5", "--level", "5", "--seed", "3", "--min-rules", "9"]).stdout);
    const none = succ(["-n", "1", "--level", "1", "--min-rules", "30", "--jobs", "2"]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^succ generate: minRules 30: no task of level 1 has that many rules that change the answer in 1000 tasks in a row \(from task 0\)\n$/);
    // --out: the same file, written in place only when done.
    const file = join(dir, "jobs.jsonl");
    const r = succ(["-n", "40", "--jobs", "2", "--out", file]);
    expect(r.code).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(succ(["-n", "40"]).stdout);
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("has --help", () => {
    const r = succ(["--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: succ generate/);
    expect(r.stdout).toMatch(/--offset K/);
    expect(r.stdout).toMatch(/--jobs N +draw the tasks in N threads, one core each: the main thread and N − 1\n +worker threads \(default 1;/);
  });

  it("stops quietly when the reader closes the pipe", () => {
    const r = spawnSync("sh", ["-c", `"${process.execPath}" "${BIN}" generate -n 3000 | head -c 100 > /dev/null`], { encoding: "utf8", timeout: 60_000 });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe("");
  });
});
