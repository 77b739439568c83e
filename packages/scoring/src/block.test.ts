import { describe, expect, it } from "vitest";
import { END_OF_SEQUENCE_TOKENS, extractBlock } from "./block";
import { Reject } from "./json";

function outcome(reply: string, strictEnd = false): string {
  try {
    return `block ${JSON.stringify(extractBlock(reply, strictEnd))}`;
  } catch (error) {
    if (error instanceof Reject) return error.reason;
    throw error;
  }
}

describe("extractBlock", () => {
  it("returns the inside of the final block, after any amount of reasoning", () => {
    expect(outcome("Raisonnement…\n<droits>{}</droits>")).toBe('block "{}"');
    expect(outcome("<droits> {} </droits>")).toBe('block " {} "');
  });

  it("allows whitespace, and only whitespace, after the block", () => {
    expect(outcome("<droits>{}</droits>\n \t\r\n")).toBe('block "{}"');
    expect(outcome("<droits>{}</droits>\u00a0\u202f\u3000")).toBe('block "{}"'); // Unicode spaces trim too
    expect(outcome("<droits>{}</droits>.")).toBe("text_after_block");
    expect(outcome("<droits>{}</droits>\n\nVoilà le résultat.")).toBe("text_after_block");
  });

  it("needs exactly one opening tag, written exactly", () => {
    expect(outcome("")).toBe("no_block");
    expect(outcome("{}")).toBe("no_block");
    expect(outcome("<DROITS>{}</DROITS>")).toBe("no_block");
    expect(outcome("<droits >{}</droits>")).toBe("no_block");
    expect(outcome("<droits>{}</droits><droits>{}</droits>")).toBe("several_blocks");
    expect(outcome("<droits><droits>{}</droits></droits>")).toBe("several_blocks");
  });

  it("refuses mass tags: 100,000 (800,000 characters) by length, 25,000 by counting", () => {
    // The length test comes first because it is O(1); the count stops at the second tag.
    expect(outcome("<droits>".repeat(100_000))).toBe("too_long");
    expect(outcome("<droits>".repeat(24_990) + "<droits>{}</droits>")).toBe("several_blocks");
  });

  it("needs exactly one closing tag, after the opening one", () => {
    expect(outcome("<droits>{}")).toBe("unclosed_block");
    expect(outcome("</droits><droits>{}")).toBe("unclosed_block");
    expect(outcome("<droits>{}</droits></droits>")).toBe("several_closing_tags");
    expect(outcome("</droits><droits>{}</droits>")).toBe("several_closing_tags");
  });

  it("refuses replies over 200,000 characters, even with a valid block", () => {
    const block = "<droits>{}</droits>";
    expect(outcome("x".repeat(200_000 - block.length) + block)).toBe('block "{}"');
    expect(outcome("x".repeat(200_001 - block.length) + block)).toBe("too_long");
  });

  it("allows the end-of-sequence tokens of chat templates after the block, with whitespace around them", () => {
    expect(outcome("<droits>{}</droits><|im_end|>")).toBe('block "{}"');
    expect(outcome("<droits>{}</droits>\n<|eot_id|> <|end_of_text|>\n")).toBe('block "{}"');
    expect(outcome("<droits>{}</droits></s></s></s>")).toBe('block "{}"');
    expect(outcome("<droits>{}</droits><end_of_turn>\n<eos>")).toBe('block "{}"');
    expect(outcome("<droits>{}</droits><\uff5cend\u2581of\u2581sentence\uff5c>")).toBe('block "{}"');
    for (const token of END_OF_SEQUENCE_TOKENS) expect(outcome(`<droits>{}</droits>${token}`)).toBe('block "{}"');
  });

  it("refuses text among the tokens, tokens it does not list, and tokens that only join once others are removed", () => {
    expect(outcome("<droits>{}</droits><|im_end|>Merci.<|im_end|>")).toBe("text_after_block");
    expect(outcome("<droits>{}</droits><|im_start|>")).toBe("text_after_block");
    expect(outcome("<droits>{}</droits></s")).toBe("text_after_block");
    // "<|im" + "<|end|>" + "_end|>": removing <|end|> would leave "<|im_end|>", which was never there.
    expect(outcome("<droits>{}</droits><|im<|end|>_end|>")).toBe("text_after_block");
  });

  it("with strictEnd, refuses the tokens like any other text", () => {
    expect(outcome("<droits>{}</droits><|im_end|>", true)).toBe("text_after_block");
    expect(outcome("<droits>{}</droits>\n \u3000", true)).toBe('block "{}"');
  });

  it("counts the length of the reply as received, tokens included", () => {
    const block = "<droits>{}</droits>";
    expect(outcome(block + "</s>".repeat(75_000))).toBe("too_long");
    expect(outcome(block + "</s>".repeat(Math.floor((200_000 - block.length) / 4)))).toBe('block "{}"');
  });

  it("lists tokens that start with <, end with > and hold neither elsewhere, nor whitespace", () => {
    for (const token of END_OF_SEQUENCE_TOKENS) expect(token).toMatch(/^<[^<>\s]+>$/);
  });
});
