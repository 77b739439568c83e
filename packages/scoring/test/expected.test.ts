// The gold-answer side: checkExpected, the strict variant and formatAnswer.
import { describe, expect, it } from "vitest";
import { checkExpected, formatAnswer, ScoringError, scoreAndReason, scoreReply, scoreReplyStrict, type ExpectedAnswer } from "../src/index";

const GOOD: ExpectedAnswer = {
  beneficiaires: { B1: { part_taxable: 0, droits: 0 }, B2: { part_taxable: 149270, droits: 28048 } },
  total_droits: 28048,
};

function withB2(entry: Record<string, unknown>, total: unknown = 28048): unknown {
  return { beneficiaires: { B1: { part_taxable: 0, droits: 0 }, B2: entry }, total_droits: total };
}

const MALFORMED: [string, unknown][] = [
  ["null", null],
  ["an array", [GOOD]],
  ["a string", JSON.stringify(GOOD)],
  ["no beneficiary", { beneficiaires: {}, total_droits: 0 }],
  ["beneficiaires as a list", { beneficiaires: [], total_droits: 0 }],
  ["an extra root key", { ...GOOD, level: 2 }],
  ["a missing total", { beneficiaires: GOOD.beneficiaires }],
  ["a missing droits", withB2({ part_taxable: 149270 })],
  ["an extra beneficiary key", withB2({ part_taxable: 149270, droits: 28048, name: "Claire" })],
  ["a non-integer amount", withB2({ part_taxable: 149270.5, droits: 28048 })],
  ["a negative amount", withB2({ part_taxable: -1, droits: 28048 })],
  ["a string amount", withB2({ part_taxable: "149270", droits: 28048 })],
  ["NaN", withB2({ part_taxable: Number.NaN, droits: 28048 })],
  ["Infinity", withB2({ part_taxable: Number.POSITIVE_INFINITY, droits: 28048 })],
  ["an unsafe integer", withB2({ part_taxable: 2 ** 53, droits: 28048 })],
  ["an amount above 10^9 (no reply could match it)", withB2({ part_taxable: 1_000_000_001, droits: 28048 })],
  ["a total that is not the sum of droits", withB2({ part_taxable: 149270, droits: 28048 }, 28049)],
  ["an id with a dot", { beneficiaires: { "B.1": { part_taxable: 0, droits: 0 } }, total_droits: 0 }],
  ["an empty id", { beneficiaires: { "": { part_taxable: 0, droits: 0 } }, total_droits: 0 }],
];

describe("checkExpected", () => {
  it("accepts a well-formed gold answer, including 10^9 and -0", () => {
    expect(() => checkExpected(GOOD)).not.toThrow();
    expect(() => checkExpected({ beneficiaires: { B1: { part_taxable: 1e9, droits: -0 } }, total_droits: 0 })).not.toThrow();
  });

  it.each(MALFORMED)("throws ScoringError(bad_expected) for %s", (_name, expected) => {
    let error: unknown;
    try {
      checkExpected(expected);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScoringError);
    expect(error).toMatchObject({ name: "ScoringError", code: "bad_expected" });
  });

  it("turns a throwing getter into bad_expected, not into a stray error", () => {
    const hostile = { beneficiaires: GOOD.beneficiaires, get total_droits(): number { throw new RangeError("boom"); } };
    expect(() => checkExpected(hostile)).toThrow(ScoringError);
    expect(() => checkExpected(hostile)).toThrow(/cannot be read: boom/);
  });
});

describe("a malformed gold answer", () => {
  const reply = formatAnswer(GOOD);

  it.each(MALFORMED)("makes scoreReplyStrict throw for %s", (_name, expected) => {
    expect(() => scoreReplyStrict(reply, expected as ExpectedAnswer)).toThrow(ScoringError);
  });

  it.each(MALFORMED)("makes scoreReply return 0 with a bad_expected reason for %s", (_name, expected) => {
    const result = scoreReply(reply, expected as ExpectedAnswer);
    expect(result.score).toBe(0);
    expect(result.reason.startsWith("bad_expected: ")).toBe(true);
    expect(result.fields).toEqual({});
    // scoreAndReason gives the same score and reason, and does not throw either.
    const { score, reason } = scoreAndReason(reply, expected as ExpectedAnswer);
    expect({ score, reason }).toEqual({ score: 0, reason: result.reason });
  });
});

describe("scoreReplyStrict on a good gold answer", () => {
  it("judges replies like scoreReply and does not throw at them", () => {
    const replies = ["", "<droits>{}</droits>", formatAnswer(GOOD), "<droits>".repeat(3), "x".repeat(300_000)];
    for (const reply of replies) expect(scoreReplyStrict(reply, GOOD)).toEqual(scoreReply(reply, GOOD));
    expect(scoreReplyStrict(undefined as unknown as string, GOOD).reason).toBe("not_a_string");
  });
});

describe("formatAnswer", () => {
  it("writes the answer block of docs/dossier.md on one line", () => {
    expect(formatAnswer(GOOD)).toBe(
      '<droits>{"beneficiaires": {"B1": {"part_taxable": 0, "droits": 0}, "B2": {"part_taxable": 149270, "droits": 28048}}, "total_droits": 28048}</droits>',
    );
  });

  it("is a perfect reply, also under all or nothing", () => {
    expect(scoreReplyStrict(formatAnswer(GOOD), GOOD, { allOrNothing: true })).toMatchObject({ score: 1, reason: "ok" });
  });

  it("keeps an odd but valid id such as __proto__ as a beneficiary", () => {
    const odd: ExpectedAnswer = JSON.parse('{"beneficiaires": {"__proto__": {"part_taxable": 5, "droits": 1}}, "total_droits": 1}');
    expect(formatAnswer(odd)).toContain('"__proto__": {"part_taxable": 5, "droits": 1}');
    expect(scoreReplyStrict(formatAnswer(odd), odd).score).toBe(1);
  });

  it("refuses a malformed gold answer", () => {
    expect(() => formatAnswer({ beneficiaires: {}, total_droits: 0 })).toThrow(ScoringError);
  });
});
