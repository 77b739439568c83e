import { describe, expect, it } from "vitest";
import { scoreReply } from "./score";
import type { ExpectedAnswer } from "./types";

/** The answer example of docs/dossier.md: B1 is an exempt spouse (two fields due 0), B2 a child. */
const EXAMPLE: ExpectedAnswer = {
  beneficiaires: { B1: { part_taxable: 0, droits: 0 }, B2: { part_taxable: 149270, droits: 28048 } },
  total_droits: 28048,
};

/** Two beneficiaries, every field non-zero: the weights sum to 2 × (0.4 + 0.6) = 2.0. */
const TWO: ExpectedAnswer = {
  beneficiaires: { B1: { part_taxable: 100000, droits: 10000 }, B2: { part_taxable: 200000, droits: 30000 } },
  total_droits: 40000,
};

/** JSON text written as is, for spellings JavaScript would normalise (-0, 2.8048e4, 28048.00). */
const raw = (text: string) => ({ raw: text });

/** Written by hand (not by formatAnswer) so these tests do not lean on the code they check. */
function reply(b1: [unknown, unknown], b2: [unknown, unknown], total: unknown): string {
  const v = (x: unknown) =>
    typeof x === "string" ? JSON.stringify(x) : typeof x === "object" && x !== null && "raw" in x ? String(x.raw) : String(x);
  return (
    "Calcul détaillé…\n<droits>" +
    `{"beneficiaires": {"B1": {"part_taxable": ${v(b1[0])}, "droits": ${v(b1[1])}}, ` +
    `"B2": {"part_taxable": ${v(b2[0])}, "droits": ${v(b2[1])}}}, "total_droits": ${v(total)}}` +
    "</droits>\n"
  );
}

describe("scoreReply: all right", () => {
  it("gives 1.0 with every field marked right", () => {
    expect(scoreReply(reply([0, 0], [149270, 28048], 28048), EXAMPLE)).toEqual({
      score: 1,
      reason: "ok",
      fields: { "B1.part_taxable": true, "B1.droits": true, "B2.part_taxable": true, "B2.droits": true, total_droits: true },
    });
  });

  it("accepts every allowed spelling of the same amounts", () => {
    expect(scoreReply(reply(["0 €", "0,00"], ["149 270 €", "28\u202f048,00\u202f€"], raw("28048.0")), EXAMPLE).score).toBe(1);
    expect(scoreReply(reply([raw("-0"), "-0"], ["149\u00a0270", raw("2.8048e4")], "28048.00"), EXAMPLE).score).toBe(1);
    expect(scoreReply(reply([raw("0e7"), raw("-0.00")], [raw("14927000E-2"), raw("28048.000")], raw("28048")), EXAMPLE).score).toBe(1);
  });

  it("does not care about key order, or about keys written with escapes", () => {
    const text =
      '<droits>{"total_droits": 28048, "beneficiaires": {"B\\u0032": {"droits": 28048, "part_taxable": 149270}, ' +
      '"B1": {"droits": 0, "part_taxable": 0}}}</droits>';
    expect(scoreReply(text, EXAMPLE).score).toBe(1);
  });
});

describe("scoreReply: partial credit, computed by hand", () => {
  it("one right part_taxable out of two beneficiaries: 0.45 × 0.4 / 2.0 = 0.09", () => {
    expect(scoreReply(reply([100000, 1], [1, 1], 2), TWO)).toMatchObject({ score: 0.09, reason: "partial" });
  });

  it("one right droits: 0.45 × 0.6 / 2.0 = 0.135", () => {
    expect(scoreReply(reply([1, 10000], [1, 1], 2), TWO).score).toBe(0.135);
  });

  it("B1 right, B2 wrong, total right (no weight): 0.45 × 1.0 / 2.0 = 0.225", () => {
    const result = scoreReply(reply([100000, 10000], [1, 1], 40000), TWO);
    expect(result.score).toBe(0.225);
    expect(result.fields).toEqual({
      "B1.part_taxable": true,
      "B1.droits": true,
      "B2.part_taxable": false,
      "B2.droits": false,
      total_droits: true,
    });
  });

  it("every component right but the total: capped at 0.45 × 2.0 / 2.0 = 0.45, not 1", () => {
    expect(scoreReply(reply([100000, 10000], [200000, 30000], 40001), TWO)).toMatchObject({ score: 0.45, reason: "partial" });
  });

  it("a right total alone earns nothing", () => {
    expect(scoreReply(reply([1, 1], [1, 1], 40000), TWO)).toMatchObject({ score: 0, reason: "wrong" });
  });

  it("right zeros earn nothing: only B2 counts, 0.45 × 0.4 / (0.4 + 0.6) = 0.18", () => {
    expect(scoreReply(reply([0, 0], [149270, 1], 1), EXAMPLE).score).toBe(0.18);
    expect(scoreReply(reply([0, 0], [1, 1], 28048), EXAMPLE)).toMatchObject({ score: 0, reason: "wrong" });
  });

  it("cents make an amount wrong, not invalid: 28048.35 ≠ 28048, so 0.18 again", () => {
    expect(scoreReply(reply([0, 0], [149270, 28048.35], 28048), EXAMPLE)).toMatchObject({ score: 0.18, reason: "partial" });
  });

  it("a negative amount is a wrong amount: 0.45 × 0.4 / 1.0 = 0.18", () => {
    expect(scoreReply(reply([0, 0], [149270, -28048], 28048), EXAMPLE).score).toBe(0.18);
  });

  it("three beneficiaries, two right part_taxable: 0.45 × 0.8 / 2.0 = 0.18", () => {
    const expected: ExpectedAnswer = {
      beneficiaires: {
        B1: { part_taxable: 0, droits: 0 },
        B2: { part_taxable: 50000, droits: 4000 },
        B3: { part_taxable: 80000, droits: 9000 },
      },
      total_droits: 13000,
    };
    const text =
      '<droits>{"beneficiaires": {"B1": {"part_taxable": 0, "droits": 0}, "B2": {"part_taxable": 50000, "droits": 1}, ' +
      '"B3": {"part_taxable": 80000, "droits": 1}}, "total_droits": 2}</droits>';
    expect(scoreReply(text, expected).score).toBe(0.18);
  });
});

describe("scoreReply: the zero-field rule", () => {
  it("a non-zero value where 0 is due gives 0, however right the rest is", () => {
    expect(scoreReply(reply([0, 5], [149270, 28048], 28048), EXAMPLE)).toMatchObject({ score: 0, reason: "zero_field_wrong: B1.droits" });
    expect(scoreReply(reply([0.01, 0], [149270, 28048], 28048), EXAMPLE).reason).toBe("zero_field_wrong: B1.part_taxable");
    expect(scoreReply(reply([0, -5], [149270, 28048], 28048), EXAMPLE).score).toBe(0);
  });

  it("covers the total when it is due 0", () => {
    const allZero: ExpectedAnswer = { beneficiaires: { B1: { part_taxable: 0, droits: 0 } }, total_droits: 0 };
    const one = (part: number, droits: number, total: number) =>
      `<droits>{"beneficiaires": {"B1": {"part_taxable": ${part}, "droits": ${droits}}}, "total_droits": ${total}}</droits>`;
    expect(scoreReply(one(0, 0, 0), allZero).score).toBe(1);
    expect(scoreReply(one(0, 0, 7), allZero)).toMatchObject({ score: 0, reason: "zero_field_wrong: total_droits" });
  });

  it("a taxable share with no tax due: only the share has weight, and zeros must stay zeros", () => {
    const noTax: ExpectedAnswer = { beneficiaires: { B1: { part_taxable: 5000, droits: 0 } }, total_droits: 0 };
    const one = (part: number, droits: number, total: number) =>
      `<droits>{"beneficiaires": {"B1": {"part_taxable": ${part}, "droits": ${droits}}}, "total_droits": ${total}}</droits>`;
    expect(scoreReply(one(5000, 0, 0), noTax).score).toBe(1);
    expect(scoreReply(one(4000, 0, 0), noTax)).toMatchObject({ score: 0, reason: "wrong" });
    expect(scoreReply(one(5000, 0, 3), noTax).reason).toBe("zero_field_wrong: total_droits");
  });
});

describe("scoreReply: all or nothing", () => {
  it("gives 0 unless every field is right", () => {
    expect(scoreReply(reply([100000, 10000], [200000, 30000], 40001), TWO, { allOrNothing: true })).toMatchObject({
      score: 0,
      reason: "not_all_right",
    });
    expect(scoreReply(reply([100000, 10000], [200000, 30000], 40000), TWO, { allOrNothing: true }).score).toBe(1);
  });
});

describe("scoreReply: end-of-sequence tokens", () => {
  it("reads a reply that a chat template ended with <|im_end|> by default, and refuses it with strictEnd", () => {
    const ended = `${reply([100000, 10000], [200000, 30000], 40000)}<|im_end|>`;
    expect(scoreReply(ended, TWO)).toMatchObject({ score: 1, reason: "ok" });
    expect(scoreReply(ended, TWO, { strictEnd: true })).toEqual({ score: 0, reason: "text_after_block", fields: {} });
  });

  it("gives 0 to the gold followed by 300,000 characters of </s>: over the limit as received", () => {
    const padded = reply([100000, 10000], [200000, 30000], 40000) + "</s>".repeat(75_000);
    expect(scoreReply(padded, TWO)).toEqual({ score: 0, reason: "too_long", fields: {} });
  });
});

describe("scoreReply: a bad amount voids the whole reply", () => {
  it.each([
    ["a boolean", true],
    ["null", null],
    ["NaN written as a string", "NaN"],
    ["a string with two amounts", "28048 ou 28049"],
    ["three decimals", 28048.001],
  ])("%s in B2.droits gives 0 and no field verdicts", (_name, value) => {
    expect(scoreReply(reply([0, 0], [149270, value], 28048), EXAMPLE)).toEqual({
      score: 0,
      reason: "bad_amount: B2.droits",
      fields: {},
    });
  });
});
