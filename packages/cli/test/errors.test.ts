/**
 * Errors in words: system error codes said as words, the closest known name for a mistyped
 * option or command, counts with their plural; and the built CLI saying them.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { closest, count, reason } from "../src/errors.js";

const BIN = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
const succ = (args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", timeout: 30_000 });

describe("reason", () => {
  it("says a code in words, and keeps an unknown code or a message as it is", () => {
    expect(reason(Object.assign(new Error("x"), { code: "ENOENT" }))).toBe("no such file");
    expect(reason(Object.assign(new Error("x"), { code: "EISDIR" }))).toBe("is a folder");
    // fs.rm's own code for a folder.
    expect(reason(Object.assign(new Error("x"), { code: "ERR_FS_EISDIR" }))).toBe("is a folder");
    expect(reason(Object.assign(new Error("x"), { code: "EWHATEVER" }))).toBe("EWHATEVER");
    expect(reason(new Error("disk on fire"))).toBe("disk on fire");
  });
});

describe("closest", () => {
  const options = ["--jsonl", "--explain", "--ignore", "--law", "--out", "--help"];
  it("names the known option a typo most likely meant", () => {
    // "explian" → "explain": one swap of neighbours (distance 1).
    expect(closest("--explian", options)).toBe("--explain");
    // "jsnl" → "jsonl": one letter missing.
    expect(closest("--jsnl", options)).toBe("--jsonl");
    // "lwa" → "law": one swap.
    expect(closest("--lwa", options)).toBe("--law");
    // A start that only one option has.
    expect(closest("--expl", options)).toBe("--explain");
  });
  it("names nothing when no option is close", () => {
    // "bogus" is 5 letters from every option: more than a third of its letters changed.
    expect(closest("--bogus", options)).toBeNull();
    expect(closest("--x", options)).toBeNull();
    expect(closest("--", options)).toBeNull();
  });
  it("works for commands too", () => {
    const commands = ["generate", "compute", "score", "validate", "fingerprint", "stats", "eval", "export", "serve"];
    expect(closest("scor", commands)).toBe("score");
    expect(closest("genrate", commands)).toBe("generate");
    expect(closest("stat", commands)).toBe("stats");
    expect(closest("banana", commands)).toBeNull();
  });
});

describe("count", () => {
  it("puts the plural after any number but 1", () => {
    expect(count(0, "task")).toBe("0 tasks");
    expect(count(1, "task")).toBe("1 task");
    expect(count(2, "reply", "replies")).toBe("2 replies");
    expect(count(1, "reply", "replies")).toBe("1 reply");
  });
});

describe("the built CLI", () => {
  it("an unknown command gets the closest command, exit 2", () => {
    const r = succ(["scroe"]);
    expect(r.status).toBe(2);
    expect(r.stderr.split("\n")[0]).toBe('succ: unknown command "scroe"; did you mean score?');
  });
  it("an unknown option gets the closest option of its command, exit 2", () => {
    const r = succ(["compute", "--explian", "x.json"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe("succ compute: Unknown option '--explian'; did you mean --explain?\n");
  });
  it("a missing file and a folder are said in words, with their path", () => {
    const missing = succ(["compute", "no-such-dossier.json"]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe("succ compute: cannot read no-such-dossier.json: no such file\n");
    const folder = fileURLToPath(new URL("../src", import.meta.url));
    const r = succ(["compute", folder]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`succ compute: cannot read ${folder}: is a folder\n`);
  });
});
