// The reader of blocks in the gold's shape (one regular expression per shape) must give exactly
// what the general reader gives (the block parsed into a tree, its shape checked, then its
// amounts): same score, same reason, same verdicts, on every reply. Replies here are gold blocks
// rewritten in the ways that keep the shape (whitespace, amount spellings) and in the ways that
// break it (key order, escapes, duplicates, other values, stray characters), so both sides of the
// fast path's border are crossed many times; scoreByTree is the general reader alone.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatAnswer, hostileReplies, prepareExpected, scoreAndReason, scoreReply, type ExpectedAnswer, type ScoreOptions } from "../src/index";
import { scoreByTree } from "../src/score";

/** 1 to 5 beneficiaries, ids B1… or arbitrary [A-Za-z0-9_-] ids, some lines with the 990 I levy. */
const idArb = fc.oneof(fc.constantFrom("B1", "B2", "B3", "B10", "b1", "B_1", "x-y"), fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/));
/** At most 5 × 2 × 10^8 = 10^9 in a total, the largest amount a gold may hold. */
const amountArb = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 999 }), fc.integer({ min: 1, max: 200_000_000 }));
const expectedArb: fc.Arbitrary<ExpectedAnswer> = fc
  .uniqueArray(fc.tuple(idArb, amountArb, amountArb, fc.option(amountArb, { nil: undefined })), { minLength: 1, maxLength: 5, selector: ([id]) => id })
  .map((rows) => {
    const beneficiaires: ExpectedAnswer["beneficiaires"] = {};
    for (const [id, part, droits, levy] of rows) beneficiaires[id] = levy === undefined ? { part_taxable: part, droits } : { part_taxable: part, droits, prelevement_990I: levy };
    return { beneficiaires, total_droits: rows.reduce((sum, [, , droits]) => sum + droits, 0) };
  });

/** JSON whitespace runs (the edits below add characters that are not). */
const spaceArb = fc.constantFrom("", "", " ", "  ", "\n", "\t", "\r\n", " \n\t ");

/** Ways to write an amount of `euros`: right, wrong, out of the rules or out of the grammar. */
function spellings(euros: number): string[] {
  const grouped = String(euros).replace(/\B(?=(\d{3})+(?!\d))/g, " ");
  return [
    String(euros),
    String(euros + 1),
    `${euros}.00`,
    `${euros}.001`,
    `${euros}e0`,
    `${euros}00e-2`,
    `-${euros}`,
    `0${euros}`,
    `${euros}.`,
    `"${euros}"`,
    `"${grouped} €"`,
    `"${grouped},00\u202f€"`,
    `"\\u0031${euros}"`,
    `" ${euros}"`,
    `"${euros}\u0001"`,
    "true",
    "null",
    `[${euros}]`,
    `{"v": ${euros}}`,
    "1e400",
    `${euros}e`,
    `${euros}E+`,
    `${euros}E+0`,
    `${euros}.e1`,
    `- ${euros}`,
    "-",
    `"${"9".repeat(45)}"`,
    "9".repeat(45),
  ];
}

interface Rewrite {
  spaces: string[];
  spelling: number[];
  /** 0: keys as they are; 1: a key escaped; 2: two lines swapped; 3: a key given twice; 4: total first; 5: an extra key. */
  twist: number;
  at: number;
  /** A final edit of the text: none, a character inserted or deleted. */
  edit: { op: "none" | "insert" | "delete"; at: number; text: string };
}

const rewriteArb: fc.Arbitrary<Rewrite> = fc.record({
  spaces: fc.array(spaceArb, { minLength: 64, maxLength: 64 }),
  spelling: fc.array(fc.oneof(fc.constant(0), fc.constant(0), fc.constant(0), fc.nat(27)), { minLength: 32, maxLength: 32 }),
  twist: fc.oneof(fc.constant(0), fc.constant(0), fc.constant(0), fc.nat(5)),
  at: fc.nat(),
  edit: fc.oneof(
    fc.constant({ op: "none" as const, at: 0, text: "" }),
    fc.constant({ op: "none" as const, at: 0, text: "" }),
    fc.record({ op: fc.constantFrom("insert" as const, "delete" as const), at: fc.nat(), text: fc.constantFrom(" ", ",", "}", "{", '"', "0", "\\", "]", "x", "\n", "\u00a0", "\u2028", "\v", "\u0000") }),
  ),
});

/** The block of `expected` written with the rewrite's whitespace, spellings and twist. */
function blockOf(expected: ExpectedAnswer, r: Rewrite): string {
  let s = 0;
  const sp = () => r.spaces[s++ % r.spaces.length]!;
  let f = 0;
  const amount = (euros: number) => spellings(euros)[r.spelling[f++ % r.spelling.length]!]!;
  const key = (k: string, escape: boolean) => (escape ? `"\\u00${k.charCodeAt(0).toString(16).padStart(2, "0")}${k.slice(1)}"` : `"${k}"`);
  const ids = Object.keys(expected.beneficiaires);
  const escapeAt = r.twist === 1 ? r.at % (ids.length * 3 + 2) : -1;
  let n = 0;
  const lines = ids.map((id) => {
    const line = expected.beneficiaires[id]!;
    const entries = Object.entries(line).map(([k, v]) => `${sp()}${key(k, n++ === escapeAt)}${sp()}:${sp()}${amount(v as number)}${sp()}`);
    if (r.twist === 3 && r.at % ids.length === ids.indexOf(id)) entries.push(entries[0]!);
    if (r.twist === 5 && r.at % ids.length === ids.indexOf(id)) entries.push(`"extra":${sp()}0`);
    return `${sp()}${key(id, n++ === escapeAt)}${sp()}:${sp()}{${entries.join(",")}}${sp()}`;
  });
  if (r.twist === 2 && lines.length > 1) lines.push(lines.shift()!);
  const beneficiaries = `${sp()}${key("beneficiaires", n++ === escapeAt)}${sp()}:${sp()}{${lines.join(",")}}${sp()}`;
  const total = `${sp()}${key("total_droits", n++ === escapeAt)}${sp()}:${sp()}${amount(expected.total_droits)}${sp()}`;
  let text = `${sp()}{${r.twist === 4 ? `${total},${beneficiaries}` : `${beneficiaries},${total}`}}${sp()}`;
  if (r.edit.op !== "none") {
    const at = r.edit.at % (text.length + 1);
    text = r.edit.op === "insert" ? text.slice(0, at) + r.edit.text + text.slice(at) : text.slice(0, at) + text.slice(at + 1);
  }
  return text;
}

const OPTIONS: (ScoreOptions | undefined)[] = [undefined, { allOrNothing: true }, { strictEnd: true }];

function expectSame(reply: string, expected: ExpectedAnswer, options_: readonly (ScoreOptions | undefined)[] = OPTIONS): void {
  const prepared = prepareExpected(expected);
  for (const options of options_) {
    const tree = scoreByTree(reply, expected, options);
    expect(scoreReply(reply, expected, options)).toEqual(tree);
    expect(scoreReply(reply, prepared, options)).toEqual(tree);
    // Without the verdicts: the same score and reason.
    for (const gold of [expected, prepared]) {
      const { score, reason } = scoreAndReason(reply, gold, options);
      expect({ score, reason }).toEqual({ score: tree.score, reason: tree.reason });
    }
  }
}

describe("the reader of blocks in the gold's shape", () => {
  it("scores every rewritten gold block as the general reader does", () => {
    fc.assert(
      fc.property(expectedArb, rewriteArb, (expected, rewrite) => {
        expectSame(`Raisonnement.\n<droits>${blockOf(expected, rewrite)}</droits>`, expected);
      }),
      { numRuns: 3_000 },
    );
  });

  it("scores a block in the gold's own layout (a prepared gold's text, other amounts) as the general reader does", () => {
    // formatAnswer's text with each amount written another way (right, wrong, as French text,
    // out of the grammar), then maybe one character inserted or deleted: against a prepared gold
    // that scored a reply before (its text and shape's expression built), as against the tree.
    const layoutArb = fc.record({
      spelling: fc.array(fc.oneof(fc.constant(0), fc.nat(27)), { minLength: 32, maxLength: 32 }),
      edit: rewriteArb.map((r) => r.edit),
    });
    fc.assert(
      fc.property(expectedArb, layoutArb, (expected, { spelling, edit }) => {
        let f = 0;
        let text = formatAnswer(expected).replace(/: (\d+)/g, (_, euros: string) => `: ${spellings(Number(euros))[spelling[f++ % spelling.length]!]!}`);
        if (edit.op !== "none") {
          const at = edit.at % (text.length + 1);
          text = edit.op === "insert" ? text.slice(0, at) + edit.text + text.slice(at) : text.slice(0, at) + text.slice(at + 1);
        }
        const reply = `Raisonnement.\n${text}`;
        const prepared = prepareExpected(expected);
        scoreReply(formatAnswer(expected), prepared); // a second reply on: the prepared gold's text and its pieces
        for (const options of OPTIONS) {
          const tree = scoreByTree(reply, expected, options);
          expect(scoreReply(reply, prepared, options)).toEqual(tree);
          const { score, reason } = scoreAndReason(reply, prepared, options);
          expect({ score, reason }).toEqual({ score: tree.score, reason: tree.reason });
        }
      }),
      { numRuns: 3_000 },
    );
  });

  it("reads the gold block, in and out of the shape, to the same verdicts", () => {
    // Sanity of the generator above: the plain rewrite is the gold (score 1), a swapped line is
    // still right (the general reader takes any order), an escaped key is still the key.
    const expected: ExpectedAnswer = { beneficiaires: { B1: { part_taxable: 0, droits: 0 }, B2: { part_taxable: 149270, droits: 28048, prelevement_990I: 1200 } }, total_droits: 28048 };
    const plain: Rewrite = { spaces: [" "], spelling: [0], twist: 0, at: 0, edit: { op: "none", at: 0, text: "" } };
    for (const twist of [0, 1, 2, 4]) {
      const reply = `<droits>${blockOf(expected, { ...plain, twist })}</droits>`;
      expect(scoreReply(reply, prepareExpected(expected))).toMatchObject({ score: 1, reason: "ok" });
      expectSame(reply, expected);
    }
    // Spelling 1 (euros + 1) on every field: all wrong but the zeros, which are then broken.
    const wrong = `<droits>${blockOf(expected, { ...plain, spelling: [1] })}</droits>`;
    expect(scoreReply(wrong, expected).reason).toBe("zero_field_wrong: B1.part_taxable");
    expectSame(wrong, expected);
  });

  it("agrees on the gold block and on every hostile reply", () => {
    fc.assert(
      fc.property(expectedArb, (expected) => {
        expectSame(formatAnswer(expected), expected);
        for (const { reply } of hostileReplies(expected)) expectSame(reply, expected, [undefined]);
      }),
      { numRuns: 5 },
    );
  });

  it("leaves a gold of more than MAX_TOKENS values and keys to the general reader (too_many_tokens)", () => {
    // 333 beneficiaries of 2 fields: 3 + 2 × 333 + 2 × (666 + 1) = 2,003 tokens, over 2,000.
    const beneficiaires: ExpectedAnswer["beneficiaires"] = {};
    for (let i = 1; i <= 333; i++) beneficiaires[`B${i}`] = { part_taxable: 1, droits: 1 };
    const expected: ExpectedAnswer = { beneficiaires, total_droits: 333 };
    const reply = formatAnswer(expected);
    expect(scoreReply(reply, expected).reason).toBe("too_many_tokens");
    expect(scoreReply(reply, prepareExpected(expected)).reason).toBe("too_many_tokens");
    // 332 fit: 3 + 664 + 1,330 = 1,997.
    delete beneficiaires.B333;
    const fits: ExpectedAnswer = { beneficiaires, total_droits: 332 };
    expect(scoreReply(formatAnswer(fits), prepareExpected(fits))).toMatchObject({ score: 1, reason: "ok" });
  });
});

describe("prepareExpected", () => {
  it("checks the answer once and gives the same scores; a malformed answer throws as checkExpected does", () => {
    const expected: ExpectedAnswer = { beneficiaires: { B1: { part_taxable: 5000, droits: 250 } }, total_droits: 250 };
    const prepared = prepareExpected(expected);
    // Changing the caller's object afterwards changes nothing: the prepared copy was checked.
    expected.beneficiaires.B1!.droits = 999;
    expect(scoreReply('<droits>{"beneficiaires": {"B1": {"part_taxable": 5000, "droits": 250}}, "total_droits": 250}</droits>', prepared).score).toBe(1);
    expect(prepareExpected(prepared)).toBe(prepared);
    expect(Object.isFrozen(prepared)).toBe(true);
    expect(() => prepareExpected({ beneficiaires: {}, total_droits: 0 })).toThrow("expected.beneficiaires is empty");
  });
});
