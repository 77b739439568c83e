/**
 * The built bundle runs where there is no Node: evaluated in an empty V8 context (no
 * `process`, `Buffer`, `require`, no `node:` modules), as a browser would run it, it still
 * scores a reply. The root `pnpm test` builds first.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";

const dist = readFileSync(fileURLToPath(new URL("../dist/index.js", import.meta.url)), "utf8");

describe("browser-like runtime", () => {
  it("has no import of any module", () => {
    expect(dist).not.toMatch(/^\s*import[\s{*]/m);
    expect(dist).not.toMatch(/\brequire\(|\bnode:|\bprocess\.|\bBuffer\b/);
  });

  it("scores in an empty context without Node globals", () => {
    const m = /export\s*\{([^}]*)\};?\s*(\/\/# sourceMappingURL=.*)?\s*$/.exec(dist);
    expect(m).not.toBeNull();
    const names = m![1]!.split(",").map((s) => s.trim()).filter(Boolean);
    const script = `${dist.slice(0, m!.index)}\nglobalThis.__succ = { ${names.join(", ")} };`;
    const sandbox: Record<string, unknown> = {};
    runInNewContext(script, sandbox);
    const api = sandbox.__succ as { scoreReply: (r: string, e: unknown) => { score: number } };
    expect(typeof (sandbox as { process?: unknown }).process).toBe("undefined");
    const expected = { beneficiaires: { B1: { part_taxable: 50000, droits: 8194 } }, total_droits: 8194 };
    const right = 'Calcul…\n<droits>{"beneficiaires": {"B1": {"part_taxable": "50 000 €", "droits": 8194}}, "total_droits": 8194}</droits>';
    expect(api.scoreReply(right, expected).score).toBe(1);
    // part_taxable right, droits wrong: 0.45 × 0.4 / (0.4 + 0.6) = 0.18.
    const half = '<droits>{"beneficiaires": {"B1": {"part_taxable": 50000, "droits": 8000}}, "total_droits": 8000}</droits>';
    expect(api.scoreReply(half, expected).score).toBeCloseTo(0.18, 12);
  });
});
