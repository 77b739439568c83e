/** `succ fingerprint`, end to end through the built CLI (run `pnpm build` first). */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { fingerprint } from "@succ/generator";
import { describe, expect, it } from "vitest";

const BIN = fileURLToPath(new URL("../dist/bin.js", import.meta.url));

function succ(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", timeout: 60_000, maxBuffer: 64 << 20 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("succ fingerprint", () => {
  it("is the SHA-256 of what succ generate writes", () => {
    const generated = succ(["generate", "-n", "20", "--seed", "3"]).stdout;
    const r = succ(["fingerprint", "-n", "20", "--seed", "3"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${createHash("sha256").update(generated, "utf8").digest("hex")}\n`);
  });

  it("is the library's fingerprint, for the default set and a single level", () => {
    expect(succ(["fingerprint"]).stdout.trim()).toBe(fingerprint());
    expect(succ(["fingerprint", "-n", "30", "--level", "4"]).stdout.trim()).toBe(fingerprint({ n: 30, level: 4 }));
  });

  it("is stable from run to run", () => {
    expect(succ(["fingerprint", "-n", "15"]).stdout).toBe(succ(["fingerprint", "-n", "15"]).stdout);
  });

  it("refuses bad options with exit code 2, and has --help", () => {
    for (const args of [["--level", "8"], ["-n", "-1"], ["--seed", "abc"], ["--offset", "3"], ["--min-rules", "x"]]) {
      const r = succ(["fingerprint", ...args]);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toMatch(/^succ fingerprint: /);
    }
    const h = succ(["fingerprint", "--help"]);
    expect(h.code).toBe(0);
    expect(h.stdout).toMatch(/^Usage: succ fingerprint/);
  });
});
