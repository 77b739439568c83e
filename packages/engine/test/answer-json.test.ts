/**
 * answerJson writes an answer field by field for `succ compute --jsonl`: it must give the text
 * JSON.stringify gives, on the engine's answers and on answers of any ids and numbers.
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { answerJson, answerOf, type Answer, type AnswerLine } from "../src/index.js";

const FIXTURE = new URL("./__fixtures__/seed-answers-v0.1.0.jsonl.gz", import.meta.url);

/** An answer with these lines, in this order, built as compute builds it (an own property even for "__proto__"). */
function answer(lines: [string, AnswerLine][], total: number): Answer {
  const a: Answer = { beneficiaires: {}, total_droits: total };
  for (const [id, line] of lines) Object.defineProperty(a.beneficiaires, id, { value: line, enumerable: true, writable: true, configurable: true });
  return a;
}

describe("answerJson", () => {
  it("writes the answers of the 3,200 fixture dossiers as JSON.stringify does", () => {
    const rows = gunzipSync(readFileSync(FIXTURE)).toString("utf8").trim().split("\n").map((l) => JSON.parse(l) as { dossier: unknown; answer: string });
    const different = rows.filter((r) => answerJson(answerOf(r.dossier)) !== r.answer);
    expect(different).toEqual([]);
  });

  it("orders ids that are array indices first, as JSON.stringify does, and escapes what JSON escapes", () => {
    const line = { part_taxable: 1, droits: 2 };
    const cases = [
      answer([["B2", line], ["10", line], ["2", line], ["A", { ...line, prelevement_990I: 3 }]], 4),
      answer([["__proto__", line], ['q"uote', line], ["back\\slash", line], ["tab\tnew\nline", line], ["lone\ud800", line], ["pair\ud83d\ude00", line]], 0),
      answer([], 0),
      answer([["B1", { part_taxable: NaN, droits: Infinity, prelevement_990I: -0 }]], -Infinity),
    ];
    for (const a of cases) expect(answerJson(a)).toBe(JSON.stringify(a));
    expect(answerJson(cases[0]!)).toBe('{"beneficiaires":{"2":{"part_taxable":1,"droits":2},"10":{"part_taxable":1,"droits":2},"B2":{"part_taxable":1,"droits":2},"A":{"part_taxable":1,"droits":2,"prelevement_990I":3}},"total_droits":4}');
  });

  it("writes any answer as JSON.stringify does", () => {
    const amount = fc.oneof(fc.nat(), fc.integer(), fc.double());
    const line = fc.record({ part_taxable: amount, droits: amount, prelevement_990I: amount }, { requiredKeys: ["part_taxable", "droits"] });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ unit: "binary" }), line), { maxLength: 12 }), amount, (lines, total) => {
        const a = answer(lines, total);
        expect(answerJson(a)).toBe(JSON.stringify(a));
      }),
    );
  });
});
