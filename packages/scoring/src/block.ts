import { Reject } from "./json";

export const MAX_REPLY_LENGTH = 200_000;
export const OPEN_TAG = "<droits>";
export const CLOSE_TAG = "</droits>";

/**
 * The end-of-sequence and end-of-turn tokens of common chat templates, which a decoder or a
 * trainer (OpenRLHF's queries, TRL's and verl's decoded completions) may leave after the block.
 * A closed list: by default they may follow `</droits>`, with any whitespace around them, as if
 * they had been removed; `strictEnd` refuses them like any other text. Each starts with `<`, ends
 * with `>` and holds neither elsewhere, nor whitespace, so no token can hide inside another or
 * straddle two (what makes removing them one after the other the same as reading them in order).
 */
export const END_OF_SEQUENCE_TOKENS = [
  "<|im_end|>", // ChatML: Qwen, Yi, many fine-tunes
  "<|endoftext|>", // GPT-2, Qwen base models, Phi-2, GPT-NeoX, StarCoder
  "</s>", // Llama 2, Mistral, Mixtral
  "<|eot_id|>", // Llama 3: end of turn
  "<|eom_id|>", // Llama 3.1: end of message
  "<|end_of_text|>", // Llama 3: end of sequence
  "<end_of_turn>", // Gemma
  "<eos>", // Gemma: end of sequence
  "<|end|>", // Phi-3, gpt-oss
  "<|return|>", // gpt-oss: end of the final message
  "<\uff5cend\u2581of\u2581sentence\uff5c>", // DeepSeek V2, V3, R1
  "<|END_OF_TURN_TOKEN|>", // Cohere Command R
] as const;

/**
 * Whitespace runs and end-of-sequence tokens, as many as follow one another: a sticky regular
 * expression that always matches (possibly nothing), so it never backtracks; `\s` is WhiteSpace
 * and LineTerminator, String.prototype.trimEnd's set. No token is a prefix of another, so at
 * each `<` one alternative at most can match.
 */
const END_RUN = new RegExp(`(?:\\s+|${END_OF_SEQUENCE_TOKENS.map((t) => t.replace(/[|\\/.*+?^${}()[\]]/g, "\\$&")).join("|")})*`, "y");

/**
 * Whether `tail` (what follows `</droits>`) is only whitespace (String.prototype.trimEnd's set)
 * and, unless `strictEnd`, end-of-sequence tokens. One native pass, linear in a tail that the
 * length limit bounds. The same as removing the tokens, each replaced by a space, then finding
 * only whitespace left (the Python port does that): no token holds `<` or `>` but at its ends,
 * so none can hide inside another or straddle two.
 */
function isEndOfReply(tail: string, strictEnd: boolean): boolean {
  if (tail.trimEnd().length === 0) return true;
  if (strictEnd) return false;
  END_RUN.lastIndex = 0;
  END_RUN.test(tail);
  return END_RUN.lastIndex === tail.length;
}

/**
 * Returns the text between the one `<droits>` and the one `</droits>` that ends the reply (but for
 * whitespace and, unless `strictEnd`, end-of-sequence tokens). The length limit applies to the
 * reply as received, before anything after the block is looked at.
 * Only indexOf scans, no regular expression: linear, each tag searched twice (its first
 * occurrence, then another after it), so 100,000 copies of `<droits>` cost two indexOf calls.
 * Tags are matched exactly (lowercase, no attributes or spaces) because the prompt asks for
 * exactly that.
 */
export function extractBlock(reply: string, strictEnd = false): string {
  const block = findBlock(reply, strictEnd);
  if (typeof block !== "string") throw block;
  return block;
}

/** extractBlock's block, or the Reject it throws, returned (a throw costs more than the search). */
export function findBlock(reply: string, strictEnd: boolean): string | Reject {
  if (reply.length > MAX_REPLY_LENGTH) return new Reject("too_long");
  // Neither tag can overlap itself, so the first occurrence and a search after it count them all.
  const open = reply.indexOf(OPEN_TAG);
  if (open < 0) return new Reject("no_block");
  if (reply.indexOf(OPEN_TAG, open + OPEN_TAG.length) >= 0) return new Reject("several_blocks");
  const close = reply.indexOf(CLOSE_TAG);
  if (close >= 0 && reply.indexOf(CLOSE_TAG, close + CLOSE_TAG.length) >= 0) return new Reject("several_closing_tags");
  if (close < open) return new Reject("unclosed_block"); // none, or only one before the opening tag
  const end = close + CLOSE_TAG.length;
  // The block must end the reply; only whitespace and end-of-sequence tokens may follow.
  if (end < reply.length && !isEndOfReply(reply.slice(end), strictEnd)) return new Reject("text_after_block");
  return reply.slice(open + OPEN_TAG.length, close);
}
