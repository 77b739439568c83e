import { describe, expect, it } from "vitest";
import { replyFromQuery, trimReply } from "../src/reply";

const BLOCK = '<droits>{"beneficiaires": {"B1": {"part_taxable": 10, "droits": 1}}, "total_droits": 1}</droits>';

describe("trimReply", () => {
  it("drops a leading <think> section, drafts of the block included", () => {
    expect(trimReply(`<think>first try <droits>{}</droits></think>\nDonc : ${BLOCK}`)).toBe(`\nDonc : ${BLOCK}`);
    expect(trimReply(`  \n<think>a</think>${BLOCK}`)).toBe(BLOCK);
  });

  it("drops the reasoning of a section opened in the prompt (no <think> in the reply)", () => {
    expect(trimReply(`reasoning <droits>draft</droits>\n</think>\n\n${BLOCK}`)).toBe(`\n\n${BLOCK}`);
  });

  it("keeps a <think> that is not leading, or never closed", () => {
    const middle = `Voici. <think>x</think> ${BLOCK}`;
    expect(trimReply(middle)).toBe(middle);
    const unclosed = `<think>still thinking ${BLOCK}`;
    expect(trimReply(unclosed)).toBe(unclosed);
  });

  it("leaves the end of the reply to the scorer (end-of-sequence tokens are @succ/scoring's)", () => {
    expect(trimReply(`<think>a</think>${BLOCK}<|im_end|>`)).toBe(`${BLOCK}<|im_end|>`);
    expect(trimReply(`${BLOCK} merci<|im_end|>`)).toBe(`${BLOCK} merci<|im_end|>`);
  });

  it("leaves a reply over the length limit as received, so that it scores too_long", () => {
    const long = `<think>${"x".repeat(200_000)}</think>${BLOCK}`;
    expect(trimReply(long)).toBe(long);
  });

  it("changes nothing in a plain reply", () => {
    for (const reply of ["", BLOCK, `Calcul.\n${BLOCK}\n`, "</s"]) expect(trimReply(reply)).toBe(reply);
  });
});

describe("replyFromQuery", () => {
  const prompt = "<|im_start|>user\nCalculez les droits.<|im_end|>\n<|im_start|>assistant\n";

  it("is the query less its prompt", () => {
    expect(replyFromQuery(`${prompt}Réponse ${BLOCK}<|im_end|>`, prompt)).toBe(`Réponse ${BLOCK}<|im_end|>`);
    expect(replyFromQuery(prompt, prompt)).toBe("");
  });

  it("finds the reply after a prompt truncated on the left", () => {
    const long = `${"x".repeat(1000)}${prompt}`;
    const truncated = long.slice(600);
    expect(replyFromQuery(`${truncated}R`, long)).toBe("R");
  });

  it("cuts after the first occurrence of the prompt's end, whatever the response repeats", () => {
    expect(replyFromQuery(` ${prompt}R ${prompt} S`, prompt)).toBe(`R ${prompt} S`);
  });

  it("is null when the prompt is nowhere in the query", () => {
    expect(replyFromQuery("something else entirely", prompt)).toBeNull();
  });
});
