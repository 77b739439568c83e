/**
 * `succ score`, end to end with the built CLI, on a hand-written task file (independent of the
 * generator): two tasks whose gold answers are written here.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const BIN = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "succ-score-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function succ(args: string[], input = "") {
  const r = spawnSync(process.execPath, [BIN, "score", ...args], { input, encoding: "utf8", cwd: dir, timeout: 30_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const tasks = [
  {
    id: "succession-1-0",
    level: 1,
    variant: "only-child-estate",
    prompt: "…",
    answer: { beneficiaires: { B1: { part_taxable: 50000, droits: 8194 } }, total_droits: 8194 },
  },
  {
    id: "succession-2-1",
    level: 2,
    variant: "spouse-children",
    prompt: "…",
    answer: {
      beneficiaires: { B1: { part_taxable: 0, droits: 0 }, B2: { part_taxable: 149200, droits: 28034 }, B3: { part_taxable: 12033, droits: 6618 } },
      total_droits: 34652,
    },
  },
];
const tasksFile = join(dir, "tasks.jsonl");
writeFileSync(tasksFile, tasks.map((t) => JSON.stringify(t)).join("\n") + "\n");

const block = (o: unknown) => `Calcul détaillé…\n<droits>${JSON.stringify(o)}</droits>`;
const gold1 = block(tasks[0]!.answer);
// Task 2 with B2 right and B3's droits wrong: right weights among non-zero fields are
// B2.part_taxable 0.4 + B2.droits 0.6 + B3.part_taxable 0.4 = 1.4 of 2.0 → 0.45 × 1.4 / 2 = 0.315.
const partial2 = block({
  beneficiaires: { B1: { part_taxable: 0, droits: 0 }, B2: { part_taxable: 149200, droits: 28034 }, B3: { part_taxable: 12033, droits: 6000 } },
  total_droits: 34034,
});

function replies(name: string, rows: unknown[]): string {
  const p = join(dir, name);
  writeFileSync(p, rows.map((r) => (typeof r === "string" ? r : JSON.stringify(r))).join("\n") + "\n");
  return p;
}

describe("succ score", () => {
  it("scores each reply in order, several per task, with a summary on stderr", () => {
    const f = replies("r1.jsonl", [
      { id: "succession-1-0", reply: gold1 },
      { id: "succession-2-1", reply: partial2 },
      { id: "succession-1-0", reply: "je ne sais pas" },
    ]);
    const r = succ(["--tasks", tasksFile, "--replies", f]);
    expect(r.code).toBe(0);
    // Two replies to succession-1-0: both scored, and said.
    expect(r.stderr).toMatch(/^succ score: warning: 1 task id is given more than once \(succession-1-0 ×2\): each reply is scored and counted/);
    const lines = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.map((l) => l.id)).toEqual(["succession-1-0", "succession-2-1", "succession-1-0"]);
    expect(lines[0].score).toBe(1);
    expect(lines[1].score).toBeCloseTo(0.315, 12);
    expect(lines[2].score).toBe(0);
    // mean = (1 + 0.315 + 0) / 3 = 0.438333…
    expect(r.stderr).toMatch(/all\s+3\s+0\.4383\s+1/);
    expect(r.stderr).toMatch(/level 1\s+2\s+0\.5000\s+1/);
  });

  it("--all-or-nothing gives 0 to the partial reply", () => {
    const f = replies("r2.jsonl", [{ id: "succession-2-1", reply: partial2 }]);
    const r = succ(["--tasks", tasksFile, "--replies", f, "--all-or-nothing"]);
    expect(JSON.parse(r.stdout).score).toBe(0);
  });

  it("allows a chat template's end-of-sequence token after the block by default, refuses it with --strict-end", () => {
    const f = replies("r-eos.jsonl", [
      { id: "succession-1-0", reply: `${gold1}<|im_end|>` },
      { id: "succession-1-0", reply: `${gold1}\n</s>` },
      // 300,000 characters of </s>: over the 200,000-character limit as received.
      { id: "succession-1-0", reply: `${gold1}${"</s>".repeat(75_000)}` },
    ]);
    const scores = (args: string[]) => succ(["--tasks", tasksFile, "--replies", f, ...args]).stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(scores([]).map((l) => [l.score, l.reason])).toEqual([[1, "ok"], [1, "ok"], [0, "too_long"]]);
    expect(scores(["--strict-end"]).map((l) => l.reason)).toEqual(["text_after_block", "text_after_block", "too_long"]);
  });

  it("a hostile reply gets 0, never a crash: non-string, huge, mass tags", () => {
    const f = replies("r3.jsonl", [
      { id: "succession-1-0", reply: 42 },
      { id: "succession-1-0", reply: "<droits>".repeat(30_000) },
      { id: "succession-1-0", reply: `${"x".repeat(200_001)}${gold1}` },
      { id: "succession-1-0", reply: null },
    ]);
    const r = succ(["--tasks", tasksFile, "--replies", f]);
    expect(r.code).toBe(0);
    const scores = r.stdout.trim().split("\n").map((l) => JSON.parse(l).score);
    expect(scores).toEqual([0, 0, 0, 0]);
  });

  it("a malformed replies line or an unknown id is reported in place, exit 1", () => {
    const f = replies("r4.jsonl", [{ id: "succession-1-0", reply: gold1 }, "{not json", { id: "succession-9-9", reply: gold1 }, { reply: gold1 }]);
    const r = succ(["--tasks", tasksFile, "--replies", f]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/succ score: 4 lines written: 1 reply scored, 3 lines could not be scored\n$/);
    expect(r.stderr).toMatch(/^succ score: warning: 1 reply names no task of .*tasks\.jsonl \(line 3\), scored 0 in place/);
    const lines = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines).toHaveLength(4);
    expect(lines[0].score).toBe(1);
    expect(lines[1]).toMatchObject({ score: 0, line: 2 });
    expect(lines[2]).toMatchObject({ id: "succession-9-9", score: 0, line: 3 });
    expect(lines[2].error).toMatch(/unknown task/);
    expect(lines[3]).toMatchObject({ score: 0, line: 4 });
  });

  it("a blank line gets an error line in its place, and the summary counts the lines written", () => {
    const f = join(dir, "r7.jsonl");
    writeFileSync(f, `${JSON.stringify({ id: "succession-1-0", reply: gold1 })}\n\n   \n${JSON.stringify({ id: "succession-2-1", reply: partial2 })}\n`);
    const r = succ(["--tasks", tasksFile, "--replies", f]);
    expect(r.code).toBe(1);
    const lines = r.stdout.split("\n").slice(0, -1).map((l) => JSON.parse(l));
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatchObject({ id: "succession-1-0", score: 1 });
    expect(lines[1]).toEqual({ id: null, score: 0, error: "empty line, not a reply", line: 2 });
    expect(lines[2]).toEqual({ id: null, score: 0, error: "empty line, not a reply", line: 3 });
    expect(lines[3]).toMatchObject({ id: "succession-2-1" });
    expect(lines[3].score).toBeCloseTo(0.315, 12);
    // The table counts the 2 replies scored; the last line accounts for all 4 lines written.
    expect(r.stderr).toMatch(/all\s+2\s+0\.6575\s+1/);
    expect(r.stderr).toMatch(/succ score: 4 lines written: 2 replies scored, 2 lines could not be scored\n$/);
  });

  it("an empty replies file, or one where no line is a reply, scores nothing: a warning and exit 1", () => {
    const empty = join(dir, "empty.jsonl");
    writeFileSync(empty, "");
    const r = succ(["--tasks", tasksFile, "--replies", empty]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(`succ score: warning: ${empty} holds no reply: nothing was scored\n`);
    const unknown = succ(["--tasks", tasksFile, "--replies", replies("r8.jsonl", [{ id: "succession-9-9", reply: gold1 }])]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/warning: nothing was scored: no line of .*r8\.jsonl is a reply to a task of/);
    // No table of zeros when nothing was scored; the count line is singular.
    expect(unknown.stderr).not.toMatch(/mean/);
    expect(unknown.stderr).toMatch(/succ score: 1 line written: 0 replies scored, 1 line could not be scored\n$/);
  });

  it("reads replies from stdin with -", () => {
    const r = succ(["--tasks", tasksFile, "--replies", "-"], JSON.stringify({ id: "succession-1-0", reply: gold1 }) + "\n");
    expect(JSON.parse(r.stdout).score).toBe(1);
  });

  it("bad options and files get a clear error, exit 2, nothing written", () => {
    expect(succ(["--replies", "x"]).stderr).toMatch(/--tasks FILE is required/);
    const missing = succ(["--tasks", join(dir, "nope.jsonl"), "--replies", "x"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read .*nope\.jsonl: no such file\n$/);
    const badTasks = join(dir, "bad-tasks.jsonl");
    writeFileSync(badTasks, `${JSON.stringify(tasks[0])}\n{oops\n`);
    const out = join(dir, "scores.jsonl");
    const r = succ(["--tasks", badTasks, "--replies", replies("r5.jsonl", [{ id: "succession-1-0", reply: gold1 }]), "--out", out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bad-tasks\.jsonl, line 2: not JSON/);
    expect(existsSync(out)).toBe(false);
    expect(succ(["--bogus"]).stderr).toBe("succ score: Unknown option '--bogus'\n");
    // One letter swapped: the closest known option is named.
    expect(succ(["--taks", tasksFile]).stderr).toBe("succ score: Unknown option '--taks'; did you mean --tasks?\n");
    for (const args of [["--tasks", dir, "--replies", tasksFile], ["--tasks", tasksFile, "--replies", dir]]) {
      const folder = succ([...args, "--out", out]);
      expect(folder.code, args.join(" ")).toBe(2);
      expect(folder.stderr).toMatch(/cannot read .*: is a folder\n$/);
      expect(folder.stderr).not.toMatch(/internal error/);
      expect(existsSync(out)).toBe(false);
    }
  });

  it("--out writes the scores to a file", () => {
    const out = join(dir, "ok.jsonl");
    const r = succ(["--tasks", tasksFile, "--replies", replies("r6.jsonl", [{ id: "succession-1-0", reply: gold1 }]), "--out", out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
    expect(JSON.parse(readFileSync(out, "utf8")).score).toBe(1);
  });
});
