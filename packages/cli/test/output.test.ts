/**
 * `--out` of generate, compute, score and export, end to end with the built CLI: what is not a
 * regular file (a symbolic link, a character device, a FIFO) is written through and kept; a
 * folder is a one-line error; an interrupted or crashed command removes its temporary file and
 * leaves the target as it was.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { generateTask, taskLine } from "@succ/generator";
import { BIN, waitFor } from "./helpers/spawn-cli";

const root = mkdtempSync(join(tmpdir(), "succ-output-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let count = 0;
const fresh = (): string => {
  const d = join(root, String(count++));
  mkdirSync(d);
  return d;
};

function succ(args: string[], cwd: string, input = "") {
  const r = spawnSync(process.execPath, [BIN, ...args], { input, encoding: "utf8", cwd, timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Temporary files of Output: `.NAME.PID.tmp`, hidden from `ls`. */
const temps = (dir: string): string[] => readdirSync(dir).filter((f) => f.endsWith(".tmp"));

const gift = {
  kind: "gift",
  date: "2026-01-10",
  person: { name: "Gérard Morel", birthDate: "1950-01-01" },
  beneficiaries: [{ id: "G", name: "Léo Morel", relationship: "grandchild", birthDate: "2000-01-01" }],
  gifts: [{ label: "Appartement", value: 100000, to: [{ beneficiary: "G", fraction: "1" }] }],
};
// 100,000 − 31,865 = 68,135; 1,380.75 + 0.20 × (68,135 − 15,932) = 11,821.35 → 11,821.
const GIFT_ANSWER = '{"beneficiaires":{"G":{"part_taxable":68135,"droits":11821}},"total_droits":11821}\n';
const task = { id: "t1", level: 1, variant: "v", prompt: "…", answer: JSON.parse(GIFT_ANSWER) };
const goldReply = `<droits>${GIFT_ANSWER.trim()}</droits>`;

describe("--out on what is not a regular file", () => {
  // A private null device (major 1, minor 3) made in the test's folder, never /dev/null itself:
  // the bug this guards against would replace the device by a regular file.
  const nullDevice = (dir: string): string | null => {
    const p = join(dir, "null");
    return spawnSync("mknod", [p, "c", "1", "3"]).status === 0 ? p : null;
  };
  const canMknod = nullDevice(fresh()) !== null;

  it.skipIf(!canMknod)("a character device is written through and stays a device", () => {
    const dir = fresh();
    const dev = nullDevice(dir)!;
    const before = lstatSync(dev);
    expect(before.isCharacterDevice()).toBe(true);
    for (const args of [["generate", "-n", "2", "--out", dev], ["export", "--format", "verifiers", "-n", "2", "-o", "null"]]) {
      const r = succ(args, dir);
      expect(r.code, args.join(" ")).toBe(0);
      const after = lstatSync(dev);
      expect(after.isCharacterDevice()).toBe(true);
      expect(after.rdev).toBe(before.rdev);
      expect(after.ino).toBe(before.ino);
      expect(temps(dir)).toEqual([]);
    }
  });

  it("a symbolic link to a file is kept; the file it points to gets the output", () => {
    const dir = fresh();
    writeFileSync(join(dir, "real.jsonl"), "old\n");
    symlinkSync("real.jsonl", join(dir, "link.jsonl"));
    const r = succ(["generate", "-n", "2", "--out", "link.jsonl"], dir);
    expect(r.code).toBe(0);
    expect(lstatSync(join(dir, "link.jsonl")).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, "link.jsonl"))).toBe("real.jsonl");
    expect(readFileSync(join(dir, "real.jsonl"), "utf8")).toBe(`${taskLine(generateTask(0, 0))}\n${taskLine(generateTask(0, 1))}\n`);
    expect(temps(dir)).toEqual([]);
  });

  it("a link to a file in another folder: the temporary file goes beside the target", () => {
    const dir = fresh();
    mkdirSync(join(dir, "data"));
    writeFileSync(join(dir, "data", "answer.json"), "old\n");
    symlinkSync(join(dir, "data", "answer.json"), join(dir, "answer.json"));
    writeFileSync(join(dir, "gift.json"), JSON.stringify(gift));
    const r = succ(["compute", "gift.json", "--out", "answer.json"], dir);
    expect(r.code).toBe(0);
    expect(lstatSync(join(dir, "answer.json")).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, "data", "answer.json"), "utf8")).toBe(GIFT_ANSWER);
    expect([...temps(dir), ...temps(join(dir, "data"))]).toEqual([]);
  });

  it("a link whose target does not exist yet: the link is kept and the target created", () => {
    const dir = fresh();
    symlinkSync("later.json", join(dir, "dangling.json"));
    writeFileSync(join(dir, "gift.json"), JSON.stringify(gift));
    const r = succ(["compute", "gift.json", "-o", "dangling.json"], dir);
    expect(r.code).toBe(0);
    expect(lstatSync(join(dir, "dangling.json")).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, "later.json"), "utf8")).toBe(GIFT_ANSWER);
  });

  it("a FIFO is written through (a reader gets the data) and stays a FIFO", async () => {
    const dir = fresh();
    const fifo = join(dir, "pipe");
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    const reader = spawn("cat", [fifo], { stdio: ["ignore", "pipe", "inherit"] });
    let got = "";
    reader.stdout.setEncoding("utf8").on("data", (d: string) => (got += d));
    const readerDone = new Promise((resolve) => reader.on("close", resolve));
    const child = spawn(process.execPath, [BIN, "generate", "-n", "3", "--out", fifo], { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
    const code = await new Promise((resolve) => child.on("close", resolve));
    // The reader ends when the writer closes the FIFO; a writer that never opened it leaves cat
    // waiting: stop it rather than hang.
    const timer = setTimeout(() => reader.kill("SIGKILL"), 5_000);
    await readerDone;
    clearTimeout(timer);
    expect(code).toBe(0);
    expect(got.split("\n").filter(Boolean)).toEqual([0, 1, 2].map((i) => taskLine(generateTask(0, i))));
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(temps(dir)).toEqual([]);
  });

  it("an existing folder is a one-line error, exit 2, and leaves no temporary file", () => {
    const dir = fresh();
    mkdirSync(join(dir, "out"));
    writeFileSync(join(dir, "gift.json"), JSON.stringify(gift));
    writeFileSync(join(dir, "tasks.jsonl"), `${JSON.stringify(task)}\n`);
    writeFileSync(join(dir, "replies.jsonl"), `${JSON.stringify({ id: "t1", reply: goldReply })}\n`);
    const runs: Array<[string, string[]]> = [
      ["generate", ["generate", "-n", "2", "--out", "out"]],
      ["compute", ["compute", "gift.json", "--out", "out"]],
      ["compute", ["compute", "--jsonl", "gift.json", "--out", "out"]],
      ["score", ["score", "--tasks", "tasks.jsonl", "--replies", "replies.jsonl", "--out", "out"]],
      ["export", ["export", "--format", "verifiers", "-n", "2", "--out", "out"]],
    ];
    for (const [name, args] of runs) {
      const r = succ(args, dir);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toBe(`succ ${name}: --out out: is a folder; give the name of a file\n`);
      expect(temps(dir)).toEqual([]);
      expect(readdirSync(join(dir, "out"))).toEqual([]);
    }
  });

  it("replacing a regular file keeps its permissions", () => {
    const dir = fresh();
    const out = join(dir, "tasks.jsonl");
    writeFileSync(out, "old\n", { mode: 0o640 });
    const r = succ(["generate", "-n", "1", "--out", out], dir);
    expect(r.code).toBe(0);
    expect(statSync(out).mode & 0o777).toBe(0o640);
    expect(readFileSync(out, "utf8")).toBe(`${taskLine(generateTask(0, 0))}\n`);
  });
});

describe("-o is --out for every command that writes a file", () => {
  it("generate, compute, score, export", () => {
    const dir = fresh();
    writeFileSync(join(dir, "gift.json"), JSON.stringify(gift));
    writeFileSync(join(dir, "tasks.jsonl"), `${JSON.stringify(task)}\n`);
    writeFileSync(join(dir, "replies.jsonl"), `${JSON.stringify({ id: "t1", reply: goldReply })}\n`);
    expect(succ(["generate", "-n", "1", "-o", "g.jsonl"], dir).code).toBe(0);
    expect(readFileSync(join(dir, "g.jsonl"), "utf8")).toBe(`${taskLine(generateTask(0, 0))}\n`);
    expect(succ(["compute", "gift.json", "-o", "c.json"], dir).code).toBe(0);
    expect(readFileSync(join(dir, "c.json"), "utf8")).toBe(GIFT_ANSWER);
    expect(succ(["compute", "--jsonl", "gift.json", "-o", "cj.jsonl"], dir).code).toBe(0);
    expect(readFileSync(join(dir, "cj.jsonl"), "utf8")).toBe(GIFT_ANSWER);
    expect(succ(["score", "--tasks", "tasks.jsonl", "--replies", "replies.jsonl", "-o", "s.jsonl"], dir).code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, "s.jsonl"), "utf8"))).toMatchObject({ id: "t1", score: 1 });
    expect(succ(["export", "--format", "openai-evals", "-n", "1", "-o", "e.jsonl"], dir).code).toBe(0);
    expect(readFileSync(join(dir, "e.jsonl"), "utf8").split("\n").filter(Boolean)).toHaveLength(1);
    for (const cmd of ["generate", "compute", "score", "export", "eval"]) {
      expect(succ([cmd, "--help"], dir).stdout, cmd).toMatch(/-o, --out /);
    }
  });
});

interface Interrupted {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/**
 * Starts `succ ARGS` in DIR (stdin kept open when `stdin` is given: the command waits for more
 * input), waits until its temporary file exists, then sends `signal` (none: waits for the end).
 */
async function interrupt(dir: string, args: string[], signal: NodeJS.Signals | null, stdin?: string, nodeArgs: string[] = [], env: NodeJS.ProcessEnv = process.env): Promise<Interrupted> {
  const child = spawn(process.execPath, [...nodeArgs, BIN, ...args], { cwd: dir, env, stdio: [stdin === undefined ? "ignore" : "pipe", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  const done = new Promise<Interrupted>((resolve) => child.on("close", (code, sig) => resolve({ code, signal: sig, stderr })));
  if (stdin !== undefined) child.stdin!.write(stdin);
  if (signal !== null) {
    try {
      await waitFor(() => temps(dir).length > 0, 30_000, "the temporary file");
    } catch (e) {
      child.kill("SIGKILL");
      throw e;
    }
    child.kill(signal);
  }
  const r = await done;
  child.stdin?.destroy();
  return r;
}

describe("an interrupted command leaves no temporary file and the target as it was", () => {
  const giftLines = `${JSON.stringify(gift)}\n`.repeat(50);
  const cases: Array<[string, (dir: string) => string[], string?]> = [
    ["generate", () => ["generate", "-n", "200000", "--out", "target.jsonl"]],
    ["export", () => ["export", "--format", "verifiers", "-n", "200000", "--out", "target.jsonl"]],
    ["compute --jsonl", () => ["compute", "--jsonl", "-", "--out", "target.jsonl"], giftLines],
    ["score", () => ["score", "--tasks", "tasks.jsonl", "--replies", "-", "--out", "target.jsonl"], `${JSON.stringify({ id: "t1", reply: goldReply })}\n`.repeat(50)],
  ];
  for (const [name, args, stdin] of cases) {
    for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
      it(`${name}: ${signal} → exit ${code}, no temporary file, no target`, async () => {
        const dir = fresh();
        writeFileSync(join(dir, "tasks.jsonl"), `${JSON.stringify(task)}\n`);
        const r = await interrupt(dir, args(dir), signal, stdin);
        expect(r.signal).toBeNull();
        expect(r.code).toBe(code);
        expect(r.stderr).toMatch(new RegExp(`interrupted \\(${signal}\\)`));
        expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
        expect(temps(dir)).toEqual([]);
        expect(existsSync(join(dir, "target.jsonl"))).toBe(false);
      });
    }
  }

  it("generate: SIGINT leaves an existing target untouched", async () => {
    const dir = fresh();
    writeFileSync(join(dir, "target.jsonl"), "precious\n");
    const r = await interrupt(dir, ["generate", "-n", "200000", "-o", "target.jsonl"], "SIGINT");
    expect(r.code).toBe(130);
    expect(readFileSync(join(dir, "target.jsonl"), "utf8")).toBe("precious\n");
    expect(temps(dir)).toEqual([]);
  });

  it("a crash (an uncaught exception mid-run) removes the temporary file too", async () => {
    const dir = fresh();
    writeFileSync(join(dir, "target.jsonl"), "precious\n");
    // Loaded before the CLI: throws from a timer once the temporary file exists.
    const crash = join(root, "crash.mjs");
    writeFileSync(
      crash,
      `import { readdirSync } from "node:fs";
const t = setInterval(() => {
  if (readdirSync(process.cwd()).some((f) => f.endsWith(".tmp"))) { clearInterval(t); throw new Error("simulated crash"); }
}, 10);
t.unref();
`,
    );
    const r = await interrupt(dir, ["generate", "-n", "200000", "--out", "target.jsonl"], null, undefined, ["--import", pathToFileURL(crash).href]);
    expect(r.code).toBe(70);
    expect(r.stderr).toMatch(/internal error: .*simulated crash/);
    expect(temps(dir)).toEqual([]);
    expect(readFileSync(join(dir, "target.jsonl"), "utf8")).toBe("precious\n");
  });
});
