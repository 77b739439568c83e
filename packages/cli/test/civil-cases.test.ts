/**
 * The 30 worked cases of computed mode (the civil devolution from `family`), through the built
 * `succ compute --jsonl`: the dossiers are read from text by the exact reader, as a user's file
 * is (the engine's own test passes them as objects). Each line gives the case's answer, or an
 * error line naming the field the case is refused at. The arithmetic of each case is worked in
 * the engine's hand tests (packages/engine/test/civil-hand.test.ts).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const BIN = fileURLToPath(new URL("../dist/bin.js", import.meta.url));

interface Case {
  case: string;
  dossier: unknown;
  answer?: unknown;
  refusedAt?: string;
}
const CASES = JSON.parse(
  readFileSync(new URL("../../engine/test/__fixtures__/civil-cases.json", import.meta.url), "utf8"),
) as Case[];

describe("succ compute on the 30 worked cases of computed mode", () => {
  const input = CASES.map((c) => JSON.stringify(c.dossier)).join("\n") + "\n";
  const r = spawnSync(process.execPath, [BIN, "compute", "--jsonl"], { input, encoding: "utf8", timeout: 60_000 });
  const lines = r.stdout.trimEnd().split("\n");

  it("writes one line per case, and says how many were refused", () => {
    expect(CASES.length).toBe(30);
    expect(lines.length).toBe(30);
    const refused = CASES.filter((c) => c.refusedAt !== undefined).length;
    expect(refused).toBeGreaterThan(0);
    expect(r.stderr).toContain(`${refused} of 30 lines are not valid dossiers`);
  });

  it.each(CASES.map((c, i) => [c.case, c, i] as const))("%s", (_name, c, i) => {
    const out = JSON.parse(lines[i]!) as { error?: string; line?: number };
    if (c.answer !== undefined) {
      expect(out).toEqual(c.answer);
    } else {
      expect(out.line).toBe(i + 1);
      expect(out.error?.startsWith(`${c.refusedAt}: `), out.error).toBe(true);
    }
  });
});
