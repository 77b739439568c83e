// What ships is what is tested: pack @succ/scoring, install the tarball alone in an empty folder
// (no workspace, no other @succ package, no network) and score a reply from plain Node.
//
// It uses dist/ as built by `pnpm --filter @succ/scoring build` (the root `pnpm test` builds
// first); when dist/ is missing it builds it. A stale dist/ is not detected: rebuild after
// editing src/ before running this file alone.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "succ-scoring-consumer-"));
const consumerDir = join(work, "consumer");
const installed = join(consumerDir, "node_modules", "@succ", "scoring");

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

beforeAll(() => {
  if (!existsSync(join(packageDir, "dist", "index.js"))) run("pnpm", ["--filter", "@succ/scoring", "build"], packageDir);
  run("npm", ["pack", "--pack-destination", work, "--silent"], packageDir);
  const tarball = readdirSync(work).find((name) => name.endsWith(".tgz"));
  if (tarball === undefined) throw new Error(`npm pack left no tarball in ${work}`);
  mkdirSync(consumerDir);
  writeFileSync(join(consumerDir, "package.json"), JSON.stringify({ name: "consumer", private: true, version: "1.0.0" }));
  run("npm", ["install", join(work, tarball), "--no-audit", "--no-fund", "--offline"], consumerDir);
}, 120_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

/** Runs an ES module snippet with plain Node from the consumer folder and returns its stdout. */
function node(code: string): string {
  return run(process.execPath, ["--input-type=module", "-e", code], consumerDir).trim();
}

describe("@succ/scoring installed alone from its tarball", () => {
  it("installs nothing else: no dependency, only the package itself", () => {
    expect(readdirSync(join(consumerDir, "node_modules")).filter((name) => !name.startsWith("."))).toEqual(["@succ"]);
    expect(readdirSync(join(consumerDir, "node_modules", "@succ"))).toEqual(["scoring"]);
    const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as Record<string, unknown>;
    expect(manifest["dependencies"] ?? {}).toEqual({});
  });

  it("ships a bundle with no import at all (so no node: import either) and its types", () => {
    const bundle = readFileSync(join(installed, "dist", "index.js"), "utf8");
    expect(bundle).not.toMatch(/^\s*import\s/m);
    expect(bundle).not.toContain("node:");
    expect(bundle).not.toContain("require(");
    expect(readFileSync(join(installed, "dist", "index.d.ts"), "utf8")).toContain("scoreReply");
  });

  it("scores a right reply 1 and a partly right one 0.18 from plain Node", () => {
    // B2's fields are the only ones due non-zero (weights 0.4 + 0.6); the second reply gets
    // B2.part_taxable right only: 0.45 × 0.4 / 1.0 = 0.18.
    const output = node(`
      import { scoreReply } from "@succ/scoring";
      const expected = { beneficiaires: { B1: { part_taxable: 0, droits: 0 }, B2: { part_taxable: 149270, droits: 28048 } }, total_droits: 28048 };
      const right = 'Calcul…\\n<droits>{"beneficiaires": {"B1": {"part_taxable": 0, "droits": 0}, "B2": {"part_taxable": "149 270 €", "droits": 28048}}, "total_droits": 28048}</droits>';
      const partial = right.replace('"droits": 28048}', '"droits": 28000}');
      console.log(JSON.stringify([scoreReply(right, expected), scoreReply(partial, expected).score]));
    `);
    const [right, partial] = JSON.parse(output) as [{ score: number; reason: string }, number];
    expect(right).toMatchObject({ score: 1, reason: "ok" });
    expect(partial).toBe(0.18);
  });

  it("exposes the whole public API", () => {
    const output = node(`
      import * as scoring from "@succ/scoring";
      console.log(Object.keys(scoring).sort().join(","));
    `);
    expect(output).toBe("END_OF_SEQUENCE_TOKENS,MAX_REPLY_LENGTH,PreparedExpected,SUCCESS_THRESHOLD,ScoringError,checkExpected,formatAnswer,hostileReplies,isSuccess,prepareExpected,scoreAndReason,scoreReply,scoreReplyStrict");
  });
});
