import { describe, expect, it } from "vitest";
import { extractBlock } from "./block";
import { Reject } from "./json";

function outcome(reply: string): string {
  try {
    return `block ${JSON.stringify(extractBlock(reply))}`;
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
});
