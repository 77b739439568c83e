// hostileReplies: the list `succ validate` scores on every task.
import { describe, expect, it } from "vitest";
import { formatAnswer, hostileReplies, MAX_REPLY_LENGTH, scoreReplyStrict, type ExpectedAnswer } from "../src/index";

const GOLDS: [string, ExpectedAnswer][] = [
  ["spouse exempt, one child", { beneficiaires: { B1: { part_taxable: 0, droits: 0 }, B2: { part_taxable: 149270, droits: 28048 } }, total_droits: 28048 }],
  ["everything due 0", { beneficiaires: { B1: { part_taxable: 0, droits: 0 } }, total_droits: 0 }],
  ["a share with no tax", { beneficiaires: { B1: { part_taxable: 5000, droits: 0 }, B2: { part_taxable: 0, droits: 0 } }, total_droits: 0 }],
  ["one beneficiary, all non-zero", { beneficiaires: { B1: { part_taxable: 1, droits: 1 } }, total_droits: 1 }],
  ["ids not starting at B1", { beneficiaires: { B3: { part_taxable: 10, droits: 2 }, B4: { part_taxable: 10, droits: 2 } }, total_droits: 4 }],
  ["the largest amounts", { beneficiaires: { B1: { part_taxable: 1e9, droits: 1e9 } }, total_droits: 1e9 }],
];

describe("hostileReplies", () => {
  it.each(GOLDS)("all score 0 against %s, while the gold reply scores 1", (_name, expected) => {
    expect(scoreReplyStrict(formatAnswer(expected), expected).score).toBe(1);
    const scored = hostileReplies(expected).map(({ name, reply }) => [name, scoreReplyStrict(reply, expected).score]);
    expect(scored.filter(([, score]) => score !== 0)).toEqual([]);
  });

  it("covers the seed's attacks under stable, unique names", () => {
    const names = hostileReplies(GOLDS[0]![1]).map((h) => h.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of ["empty", "prompt_copy_then_answer", "two_blocks", "several_json_values", "nan_total", "giant_exponent", "mass_tags", "over_length_limit", "extra_root_key", "missing_field", "invented_beneficiary", "injection_text"]) {
      expect(names).toContain(name);
    }
  });

  it("are rejected for the reason they were built for, not by accident", () => {
    const expected = GOLDS[0]![1];
    const reasons = Object.fromEntries(hostileReplies(expected).map(({ name, reply }) => [name, scoreReplyStrict(reply, expected).reason]));
    expect(reasons).toMatchObject({
      empty: "no_block",
      two_blocks: "several_blocks",
      nested_tags: "several_blocks",
      unclosed_block: "unclosed_block",
      text_after_block: "text_after_block",
      text_among_end_tokens: "text_after_block",
      end_tokens_joined: "text_after_block",
      end_tokens_past_limit: "too_long",
      several_json_values: "several_json_values",
      duplicate_total: "duplicate_key: total_droits",
      duplicate_nested: "duplicate_key: droits",
      duplicate_beneficiary: "duplicate_key: B1",
      proto_key: "unknown_key: __proto__",
      invented_beneficiary: "unknown_key: B3",
      missing_beneficiary: "missing_key: B1",
      giant_exponent: "bad_amount: total_droits",
      three_decimals: "bad_amount: B1.droits",
      mass_tags: "several_blocks",
      over_length_limit: "too_long",
      deep_nesting: "too_deep",
      many_tokens: "too_many_tokens",
      long_digits: "bad_amount: B1.droits",
      escaped_duplicate_key: expect.stringMatching(/^duplicate_key: "(\\")+"…$/),
      escaped_key: expect.stringMatching(/^unknown_key: "(\\n)+"…$/),
      escaped_key_between_letters: expect.stringMatching(/^unknown_key: "(k\\t)+"…$/),
      escaped_amount: "bad_amount: B1.droits",
    });
  });

  it("the long ones sit at the length limit, where they cost the most", () => {
    const long = hostileReplies(GOLDS[0]![1]).filter((h) => h.reply.length > 150_000);
    expect(long.map((h) => h.name).sort()).toEqual(
      [
        "deep_nesting",
        "deep_nesting_in_answer",
        "end_tokens_past_limit",
        "escaped_amount",
        "escaped_duplicate_key",
        "escaped_key",
        "escaped_key_between_letters",
        "long_digits",
        "long_key",
        "long_zero_fraction",
        "many_tokens",
        "mass_tags",
        "over_length_limit",
      ],
    );
    for (const h of long) expect(h.reply.length).toBeLessThanOrEqual(h.name === "over_length_limit" || h.name === "end_tokens_past_limit" ? MAX_REPLY_LENGTH + 4 : MAX_REPLY_LENGTH);
  });
});
