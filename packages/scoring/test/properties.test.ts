// Properties of the score under fast-check fuzzing: bounds, no throw, the 0.45 cap and the
// zero-field rule, on random gold answers and random replies.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatAnswer, hostileReplies, scoreReply, scoreReplyStrict, type ExpectedAnswer } from "../src/index";

const RUNS = 300;

/** Random gold answers: 1 to 6 beneficiaries, often zeros (exempt spouses), total = sum. */
const amountArb = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 100_000_000 }));
const expectedArb: fc.Arbitrary<ExpectedAnswer> = fc
  .array(fc.tuple(amountArb, amountArb), { minLength: 1, maxLength: 6 })
  .map((rows) => {
    const beneficiaires: ExpectedAnswer["beneficiaires"] = {};
    rows.forEach(([part, droits], i) => {
      beneficiaires[`B${i + 1}`] = { part_taxable: part, droits };
    });
    return { beneficiaires, total_droits: rows.reduce((sum, [, droits]) => sum + droits, 0) };
  });

const SEPARATORS = [" ", "\u00a0", "\u202f"];

function grouped(euros: number, separator: string): string {
  const digits = String(euros);
  let out = "";
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += separator;
    out += digits[i];
  }
  return out;
}

/** Ways to write the right amount that the rules accept. */
function rightSpelling(euros: number, style: number): string {
  const sep = SEPARATORS[Math.floor(style / 6) % 3]!;
  switch (style % 6) {
    case 0:
      return String(euros);
    case 1:
      return `${euros}.00`;
    case 2:
      return euros === 0 ? "0e3" : `${euros}00e-2`;
    case 3:
      return JSON.stringify(`${grouped(euros, sep)}${sep}€`);
    case 4:
      return JSON.stringify(`${grouped(euros, sep)},00 €`);
    default:
      return JSON.stringify(String(euros));
  }
}

/** What the reply writes in one field. */
type Choice = { kind: "right"; style: number } | { kind: "zero" } | { kind: "off"; delta: number } | { kind: "cents" };
const choiceArb: fc.Arbitrary<Choice> = fc.oneof(
  fc.record({ kind: fc.constant("right" as const), style: fc.nat(17) }),
  fc.constant({ kind: "zero" as const }),
  fc.record({ kind: fc.constant("off" as const), delta: fc.integer({ min: 1, max: 1000 }) }),
  fc.constant({ kind: "cents" as const }),
);

function write(euros: number, choice: Choice): string {
  switch (choice.kind) {
    case "right":
      return rightSpelling(euros, choice.style);
    case "zero":
      return "0";
    case "off":
      return String(euros + choice.delta);
    case "cents":
      return `${euros}.35`;
  }
}

/** Whether the written value equals `euros`, and whether it is zero, from the choice alone. */
const isRight = (euros: number, c: Choice) => c.kind === "right" || (c.kind === "zero" && euros === 0);
const isZero = (euros: number, c: Choice) => c.kind === "zero" || (c.kind === "right" && euros === 0);

interface Case {
  expected: ExpectedAnswer;
  /** One choice per field, in the order B1.part_taxable, B1.droits, …, total_droits. */
  choices: Choice[];
}

const caseArb: fc.Arbitrary<Case> = expectedArb.chain((expected) => {
  const fields = Object.keys(expected.beneficiaires).length * 2 + 1;
  return fc.array(choiceArb, { minLength: fields, maxLength: fields }).map((choices) => ({ expected, choices }));
});

function values(expected: ExpectedAnswer): number[] {
  const out: number[] = [];
  for (const entry of Object.values(expected.beneficiaires)) out.push(entry.part_taxable, entry.droits);
  out.push(expected.total_droits);
  return out;
}

function replyOf({ expected, choices }: Case): string {
  const ids = Object.keys(expected.beneficiaires);
  const all = values(expected);
  const text = (i: number) => write(all[i]!, choices[i]!);
  const entries = ids.map((id, k) => `"${id}": {"part_taxable": ${text(2 * k)}, "droits": ${text(2 * k + 1)}}`);
  return `Raisonnement.\n<droits>{"beneficiaires": {${entries.join(", ")}}, "total_droits": ${text(all.length - 1)}}</droits>`;
}

describe("score properties", () => {
  it("never throws and stays in [0, 1] on arbitrary strings", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (reply) => {
        const { score } = scoreReply(reply, { beneficiaires: { B1: { part_taxable: 0, droits: 0 } }, total_droits: 0 });
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1);
      }),
      { numRuns: 2_000 },
    );
  });

  it("never throws on arbitrary strings built from the reply alphabet around a block", () => {
    const piece = fc.constantFrom("<droits>", "</droits>", "{", "}", "[", "]", '"', ":", ",", " ", "\u00a0", "€", "B1", "droits", "part_taxable", "total_droits", "beneficiaires", "0", "1", "-", ".", "e", "\\", "\\u0041", "__proto__", "null", "true");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), expectedArb, (pieces, expected) => {
        const result = scoreReplyStrict(pieces.join(""), expected);
        expect(result.score).toBeGreaterThanOrEqual(0);
        expect(result.score).toBeLessThanOrEqual(1);
      }),
      { numRuns: 2_000 },
    );
  });

  it("never throws on any JavaScript value as a reply", () => {
    fc.assert(
      fc.property(fc.anything(), (reply) => {
        expect(scoreReply(reply as string, { beneficiaires: { B1: { part_taxable: 1, droits: 1 } }, total_droits: 1 }).score).toBe(0);
      }),
      { numRuns: RUNS },
    );
  });

  it("never throws and stays in [0, 1] on mutated gold replies; unmutated gold scores 1", () => {
    const mutation = fc.oneof(
      fc.record({ op: fc.constant("delete" as const), at: fc.nat() }),
      fc.record({ op: fc.constant("insert" as const), at: fc.nat(), text: fc.string({ unit: "binary", maxLength: 3 }) }),
      fc.record({ op: fc.constant("replace" as const), at: fc.nat(), text: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) }),
      fc.record({ op: fc.constant("duplicate" as const), at: fc.nat(), length: fc.nat(40) }),
    );
    fc.assert(
      fc.property(expectedArb, fc.array(mutation, { maxLength: 4 }), (expected, mutations) => {
        let reply = formatAnswer(expected);
        if (mutations.length === 0) expect(scoreReplyStrict(reply, expected).score).toBe(1);
        for (const m of mutations) {
          const at = m.at % (reply.length + 1);
          if (m.op === "delete") reply = reply.slice(0, at) + reply.slice(at + 1);
          else if (m.op === "insert") reply = reply.slice(0, at) + m.text + reply.slice(at);
          else if (m.op === "replace") reply = reply.slice(0, at) + m.text + reply.slice(at + 1);
          else reply = reply.slice(0, at + m.length) + reply.slice(at, at + m.length) + reply.slice(at + m.length);
        }
        const { score } = scoreReplyStrict(reply, expected);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1);
      }),
      { numRuns: 3_000 },
    );
  });

  it("scores 1 exactly when every field is right, at most 0.45 otherwise", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const all = values(c.expected);
        const allRight = c.choices.every((choice, i) => isRight(all[i]!, choice));
        const result = scoreReplyStrict(replyOf(c), c.expected);
        if (allRight) expect(result).toMatchObject({ score: 1, reason: "ok" });
        else expect(result.score).toBeLessThanOrEqual(0.45);
        // The verdicts agree with what was written, field by field.
        expect(Object.values(result.fields)).toEqual(c.choices.map((choice, i) => isRight(all[i]!, choice)));
      }),
      { numRuns: RUNS * 3 },
    );
  });

  it("zero-field rule: a non-zero value where 0 is due gives 0", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const all = values(c.expected);
        const violated = all.some((euros, i) => euros === 0 && !isZero(euros, c.choices[i]!));
        const result = scoreReplyStrict(replyOf(c), c.expected);
        if (violated) expect(result.score).toBe(0);
        if (violated) expect(result.reason.startsWith("zero_field_wrong: ")).toBe(true);
      }),
      { numRuns: RUNS * 3 },
    );
  });

  it("partial credit is positive exactly when a field due non-zero is right and no zero is broken", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const all = values(c.expected);
        const allRight = c.choices.every((choice, i) => isRight(all[i]!, choice));
        const violated = all.some((euros, i) => euros === 0 && !isZero(euros, c.choices[i]!));
        // The total has no weight: only beneficiary fields (all but the last) can earn credit.
        const earns = all.slice(0, -1).some((euros, i) => euros !== 0 && isRight(euros, c.choices[i]!));
        const { score } = scoreReplyStrict(replyOf(c), c.expected);
        if (!allRight) expect(score > 0).toBe(!violated && earns);
        // all or nothing keeps 1 and erases the rest.
        expect(scoreReplyStrict(replyOf(c), c.expected, { allOrNothing: true }).score).toBe(allRight ? 1 : 0);
      }),
      { numRuns: RUNS * 3 },
    );
  });

  it("reasoning before the block does not change the score", () => {
    const prose = fc.string({ maxLength: 200 }).filter((s) => !s.includes("<droits>") && !s.includes("</droits>"));
    fc.assert(
      fc.property(caseArb, prose, (c, text) => {
        const reply = replyOf(c);
        expect(scoreReplyStrict(text + reply, c.expected)).toEqual(scoreReplyStrict(reply, c.expected));
      }),
      { numRuns: RUNS },
    );
  });

  it("every hostile reply scores 0 on random gold answers", () => {
    fc.assert(
      fc.property(expectedArb, (expected) => {
        for (const { name, reply } of hostileReplies(expected)) {
          expect({ name, score: scoreReplyStrict(reply, expected).score }).toEqual({ name, score: 0 });
        }
      }),
      { numRuns: 20 },
    );
  });
});
