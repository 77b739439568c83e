// Gold answers under the `cgi` rules, where a beneficiary who receives life insurance taxed
// under art. 990 I carries a third key, prelevement_990I. The reply must give exactly the keys
// of each gold line. Gold answers and replies are written by hand; each score is derived in a
// comment from the rules (weights part_taxable 0.4, droits 0.6, prelevement_990I 0.6).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkExpected,
  formatAnswer,
  hostileReplies,
  ScoringError,
  scoreReply,
  scoreReplyStrict,
  type ExpectedAnswer,
} from "../src/index";

/**
 * A death in 2026. B1 the spouse (exempt, no levy key: not liable to 990 I). B2 a child who
 * inherits 249,270 € (149,270 € after the 100,000 € allowance, tax 28,048 €) and receives
 * 200,000 € of life insurance paid before 70: levy 20 % × (200,000 − 152,500) = 9,500 €.
 * B3 a nephew who inherits 50,000 € (42,033 € after 7,967 €, tax 55 % × 42,033 = 23,118.15,
 * so 23,118 €) and receives 100,000 € of life insurance, under the 152,500 € allowance: levy 0.
 * total_droits = 28,048 + 23,118 = 51,166 (the levies are not in it).
 */
const THREE: ExpectedAnswer = {
  beneficiaires: {
    B1: { part_taxable: 0, droits: 0 },
    B2: { part_taxable: 149270, droits: 28048, prelevement_990I: 9500 },
    B3: { part_taxable: 42033, droits: 23118, prelevement_990I: 0 },
  },
  total_droits: 51166,
};

/**
 * One child, every field non-zero: 200,000 € inherited (100,000 € taxable, tax 403.60 + 403.70 +
 * 573.45 + 16,813.60 = 18,194.35, so 18,194 €) and 252,500 € of life insurance: levy
 * 20 % × (252,500 − 152,500) = 20,000 €.
 */
const ONE: ExpectedAnswer = {
  beneficiaires: { B1: { part_taxable: 100000, droits: 18194, prelevement_990I: 20000 } },
  total_droits: 18194,
};

const THREE_RIGHT =
  'Calcul…\n<droits>{"beneficiaires": {"B1": {"part_taxable": 0, "droits": 0}, ' +
  '"B2": {"part_taxable": 149270, "droits": 28048, "prelevement_990I": 9500}, ' +
  '"B3": {"part_taxable": 42033, "droits": 23118, "prelevement_990I": 0}}, "total_droits": 51166}</droits>';

/** A reply to ONE with the three amounts and the total as written. */
function one(part: string, droits: string, levy: string | null, total: string): string {
  const levyText = levy === null ? "" : `, "prelevement_990I": ${levy}`;
  return `<droits>{"beneficiaires": {"B1": {"part_taxable": ${part}, "droits": ${droits}${levyText}}}, "total_droits": ${total}}</droits>`;
}

describe("a gold answer with prelevement_990I", () => {
  it("a right reply scores 1, with a verdict for each levy", () => {
    expect(scoreReply(THREE_RIGHT, THREE)).toEqual({
      score: 1,
      reason: "ok",
      fields: {
        "B1.part_taxable": true,
        "B1.droits": true,
        "B2.part_taxable": true,
        "B2.droits": true,
        "B2.prelevement_990I": true,
        "B3.part_taxable": true,
        "B3.droits": true,
        "B3.prelevement_990I": true,
        total_droits: true,
      },
    });
    expect(scoreReply(one("100000", "18194", "20000", "18194"), ONE, { allOrNothing: true }).score).toBe(1);
    // Any allowed spelling of the levy, and any key order.
    const spelled = '<droits>{"total_droits": 18194, "beneficiaires": {"B1": {"prelevement_990I": "20 000 €", "droits": 18194, "part_taxable": 1e5}}}</droits>';
    expect(scoreReply(spelled, ONE).score).toBe(1);
  });

  it("a reply without the key scores 0, even when every amount it gives is right", () => {
    expect(scoreReply(one("100000", "18194", null, "18194"), ONE)).toEqual({ score: 0, reason: "missing_key: B1.prelevement_990I", fields: {} });
    expect(scoreReply(THREE_RIGHT.replace(', "prelevement_990I": 0', ""), THREE).reason).toBe("missing_key: B3.prelevement_990I");
  });

  it("a levy where the gold line has none is an unknown key: 0", () => {
    const extra = THREE_RIGHT.replace('"B1": {"part_taxable": 0, "droits": 0}', '"B1": {"part_taxable": 0, "droits": 0, "prelevement_990I": 0}');
    expect(scoreReply(extra, THREE)).toEqual({ score: 0, reason: "unknown_key: B1.prelevement_990I", fields: {} });
    // The key is matched exactly: another spelling is an unknown key, and the levy is missing.
    expect(scoreReply(one("100000", "18194", null, "18194").replace('"droits": 18194}', '"droits": 18194, "prelevement_990i": 20000}'), ONE).reason).toBe(
      "unknown_key: B1.prelevement_990i",
    );
  });

  it("a wrong levy alone, all three fields due non-zero: 0.45 × (0.4 + 0.6) / (0.4 + 0.6 + 0.6) = 0.45 / 1.6 = 0.28125", () => {
    expect(scoreReply(one("100000", "18194", "20001", "18194"), ONE)).toMatchObject({
      score: 0.28125,
      reason: "partial",
      fields: { "B1.part_taxable": true, "B1.droits": true, "B1.prelevement_990I": false, total_droits: true },
    });
  });

  it("the levy weighs 0.6, as droits does", () => {
    // Only the levy right: 0.45 × 0.6 / 1.6 = 0.16875; only droits right: the same.
    expect(scoreReply(one("1", "1", "20000", "1"), ONE).score).toBe(0.16875);
    expect(scoreReply(one("1", "18194", "1", "1"), ONE).score).toBe(0.16875);
    // Only part_taxable right: 0.45 × 0.4 / 1.6 = 0.1125.
    expect(scoreReply(one("100000", "1", "1", "1"), ONE).score).toBe(0.1125);
  });

  it("B2's levy wrong among three beneficiaries: 0.45 × 2.0 / 2.6 = 9/26", () => {
    // Fields due non-zero: B2 part_taxable, droits, levy (1.6) and B3 part_taxable, droits
    // (1.0; B3's levy is due 0, so it has no weight): 2.6. Right: all but B2's levy, 2.0.
    const result = scoreReply(THREE_RIGHT.replace('"prelevement_990I": 9500', '"prelevement_990I": 9000'), THREE);
    expect(result).toMatchObject({ score: 9 / 26, reason: "partial" });
    expect(result.fields["B2.prelevement_990I"]).toBe(false);
  });

  it("a levy due 0 given as non-zero voids the reply", () => {
    const reply = THREE_RIGHT.replace('"prelevement_990I": 0}', '"prelevement_990I": 1}');
    expect(scoreReply(reply, THREE)).toMatchObject({ score: 0, reason: "zero_field_wrong: B3.prelevement_990I" });
    // "-0" and "0,00 €" are 0.
    expect(scoreReply(THREE_RIGHT.replace('"prelevement_990I": 0}', '"prelevement_990I": "0,00 €"}'), THREE).score).toBe(1);
    expect(scoreReply(THREE_RIGHT.replace('"prelevement_990I": 0}', '"prelevement_990I": -0}'), THREE).score).toBe(1);
  });

  it("total_droits stays the sum of droits: a total that adds the levy is wrong", () => {
    // 18,194 + 20,000 = 38,194: every component right, total wrong: 0.45 × 1.6 / 1.6 = 0.45.
    expect(scoreReply(one("100000", "18194", "20000", "38194"), ONE)).toMatchObject({ score: 0.45, reason: "partial" });
    expect(() => checkExpected({ ...ONE, total_droits: 38194 })).toThrow(/total_droits 38194 is not the sum of droits 18194/);
  });

  it("a bad levy amount voids the reply like any bad amount", () => {
    expect(scoreReply(one("100000", "18194", "true", "18194"), ONE)).toEqual({ score: 0, reason: "bad_amount: B1.prelevement_990I", fields: {} });
    expect(scoreReply(one("100000", "18194", "20000.001", "18194"), ONE).reason).toBe("bad_amount: B1.prelevement_990I");
  });
});

describe("checkExpected with prelevement_990I", () => {
  const withB1 = (entry: Record<string, unknown>): unknown => ({ beneficiaires: { B1: entry }, total_droits: 18194 });

  it("accepts the key with a whole number of euros, 0 and 10^9 included", () => {
    for (const levy of [0, 20000, 1e9]) expect(() => checkExpected(withB1({ part_taxable: 100000, droits: 18194, prelevement_990I: levy }))).not.toThrow();
    expect(() => checkExpected(THREE)).not.toThrow();
  });

  it.each([
    ["another spelling", { prelevement_990i: 20000 }, /unexpected key "prelevement_990i"/],
    ["an accented spelling", { "prélèvement_990I": 20000 }, /unexpected key "prélèvement_990I"/],
    ["a fourth key beside it", { prelevement_990I: 20000, prelevement_757B: 0 }, /unexpected key "prelevement_757B"/],
    ["a negative levy", { prelevement_990I: -1 }, /B1\.prelevement_990I must be a whole number of euros/],
    ["a levy in cents", { prelevement_990I: 20000.5 }, /B1\.prelevement_990I must be a whole number of euros/],
    ["a levy as a string", { prelevement_990I: "20000" }, /B1\.prelevement_990I must be a whole number of euros/],
    ["a levy of null", { prelevement_990I: null }, /B1\.prelevement_990I must be a whole number of euros/],
    ["a levy of undefined", { prelevement_990I: undefined }, /B1\.prelevement_990I must be a whole number of euros/],
    ["a levy above 10^9", { prelevement_990I: 1e9 + 1 }, /B1\.prelevement_990I must be a whole number of euros/],
  ])("refuses %s", (_name, extra, message) => {
    const expected = withB1({ part_taxable: 100000, droits: 18194, ...extra });
    expect(() => checkExpected(expected)).toThrow(ScoringError);
    expect(() => checkExpected(expected)).toThrow(message);
    expect(scoreReply(one("100000", "18194", "20000", "18194"), expected as ExpectedAnswer).reason).toMatch(/^bad_expected: /);
  });

  it("still refuses a line without droits, levy or not", () => {
    expect(() => checkExpected(withB1({ part_taxable: 100000, prelevement_990I: 20000 }))).toThrow(/missing key "droits"/);
  });
});

describe("formatAnswer with prelevement_990I", () => {
  it("writes the levy after droits where the gold line has it, and only there", () => {
    expect(formatAnswer(THREE)).toBe(
      '<droits>{"beneficiaires": {"B1": {"part_taxable": 0, "droits": 0}, ' +
        '"B2": {"part_taxable": 149270, "droits": 28048, "prelevement_990I": 9500}, ' +
        '"B3": {"part_taxable": 42033, "droits": 23118, "prelevement_990I": 0}}, "total_droits": 51166}</droits>',
    );
    expect(scoreReplyStrict(formatAnswer(THREE), THREE, { allOrNothing: true }).score).toBe(1);
  });
});

describe("hostileReplies with prelevement_990I", () => {
  const LEVY_FIRST: ExpectedAnswer = {
    beneficiaires: { B1: { part_taxable: 0, droits: 0, prelevement_990I: 0 }, B2: { part_taxable: 5000, droits: 250 } },
    total_droits: 250,
  };

  it.each([
    ["three beneficiaries", THREE],
    ["one, all non-zero", ONE],
    ["the first with a levy due 0", LEVY_FIRST],
  ])("all score 0 against %s, while the gold reply scores 1", (_name, expected) => {
    expect(scoreReplyStrict(formatAnswer(expected), expected).score).toBe(1);
    const scored = hostileReplies(expected).map(({ name, reply }) => [name, scoreReplyStrict(reply, expected).score]);
    expect(scored.filter(([, score]) => score !== 0)).toEqual([]);
  });

  it("are rejected for the reason they were built for", () => {
    const reasons = (expected: ExpectedAnswer) =>
      Object.fromEntries(hostileReplies(expected).map(({ name, reply }) => [name, scoreReplyStrict(reply, expected).reason]));
    expect(reasons(ONE)).toMatchObject({
      levy_key_toggled: "missing_key: B1.prelevement_990I",
      duplicate_nested: "duplicate_key: droits",
      extra_field: "unknown_key: B1.abattement",
      constructor_key: "unknown_key: B1.constructor",
      all_plus_one: "wrong",
    });
    expect(reasons(THREE)).toMatchObject({ levy_key_toggled: "unknown_key: B1.prelevement_990I", all_plus_one: "zero_field_wrong: B1.part_taxable" });
    expect(reasons(LEVY_FIRST)).toMatchObject({ levy_key_toggled: "missing_key: B1.prelevement_990I" });
  });
});

describe("properties of gold answers with levies", () => {
  /** 1 to 5 beneficiaries; each line has a levy or not; amounts often 0; total = Σ droits. */
  const amount = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1_000_000 }));
  const goldArb: fc.Arbitrary<ExpectedAnswer> = fc
    .array(fc.tuple(amount, amount, fc.option(amount, { nil: undefined })), { minLength: 1, maxLength: 5 })
    .map((rows) => {
      const beneficiaires: ExpectedAnswer["beneficiaires"] = {};
      rows.forEach(([part, droits, levy], i) => {
        beneficiaires[`B${i + 1}`] = levy === undefined ? { part_taxable: part, droits } : { part_taxable: part, droits, prelevement_990I: levy };
      });
      return { beneficiaires, total_droits: rows.reduce((sum, [, droits]) => sum + droits, 0) };
    });

  it("the gold block scores 1 and every hostile reply 0", () => {
    fc.assert(
      fc.property(goldArb, (expected) => {
        expect(scoreReplyStrict(formatAnswer(expected), expected).score).toBe(1);
        for (const { name, reply } of hostileReplies(expected)) {
          if (reply.length > 1_000) continue; // the long ones are covered above; keep the run short
          expect([name, scoreReplyStrict(reply, expected).score]).toEqual([name, 0]);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("one levy off by one: never 1, below 0.45, and credit exactly when another field is due non-zero", () => {
    fc.assert(
      fc.property(goldArb, fc.nat(), (expected, pick) => {
        const withLevy = Object.entries(expected.beneficiaires).filter(([, line]) => line.prelevement_990I !== undefined);
        fc.pre(withLevy.length > 0);
        const [id, line] = withLevy[pick % withLevy.length]!;
        const levy = line.prelevement_990I!;
        // Written by hand: every line as the gold has it, that one levy plus one.
        const lines = Object.entries(expected.beneficiaires).map(([other, l]) => {
          const written = other === id ? levy + 1 : l.prelevement_990I;
          const levyText = written === undefined ? "" : `, "prelevement_990I": ${written}`;
          return `"${other}": {"part_taxable": ${l.part_taxable}, "droits": ${l.droits}${levyText}}`;
        });
        const reply = `<droits>{"beneficiaires": {${lines.join(", ")}}, "total_droits": ${expected.total_droits}}</droits>`;
        const result = scoreReplyStrict(reply, expected);
        expect(result.fields[`${id}.prelevement_990I`]).toBe(false);
        if (levy === 0) {
          expect(result).toMatchObject({ score: 0, reason: `zero_field_wrong: ${id}.prelevement_990I` });
        } else {
          // Every other field is right: credit exactly when one of them is due non-zero.
          const others = Object.entries(expected.beneficiaires).flatMap(([other, l]) => [
            l.part_taxable,
            l.droits,
            ...(other === id || l.prelevement_990I === undefined ? [] : [l.prelevement_990I]),
          ]);
          const earns = others.some((euros) => euros !== 0);
          expect(result.reason).toBe(earns ? "partial" : "wrong");
          expect(result.score > 0).toBe(earns);
          expect(result.score).toBeLessThan(0.45); // the levy's 0.6 is missing from the right weight
        }
      }),
      { numRuns: 300 },
    );
  });
});
