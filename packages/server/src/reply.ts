/**
 * Replies as trainers produce them. Off by default: the strict rule of the prompt (one block,
 * nothing but whitespace after it) is what a reply is scored on unless the caller asks.
 */

/** End-of-sequence tokens that a decoder may leave after the block (ChatML, GPT-2/Qwen, Llama 2, Llama 3). */
export const END_OF_SEQUENCE_TOKENS = ["<|im_end|>", "<|endoftext|>", "</s>", "<|eot_id|>"] as const;

const THINK_OPEN = "<think>";
const THINK_CLOSE = "</think>";

/**
 * The reply without a leading reasoning section, and without end-of-sequence tokens (and the
 * whitespace around them) at its end:
 * - `<think>…</think>` at the start (after whitespace only) is dropped, up to the first
 *   `</think>`; so is everything up to a first `</think>` that no `<think>` precedes (chat
 *   templates that open the section in the prompt, such as Qwen3's and DeepSeek-R1's);
 * - a `<think>` that is not at the start, or that is never closed, leaves the reply as it is;
 * - then the tokens of END_OF_SEQUENCE_TOKENS are removed from the end, repeatedly.
 * Only text is removed, never added: the block itself is scored as strictly as ever.
 */
export function trimReply(reply: string): string {
  let text = reply;
  const close = text.indexOf(THINK_CLOSE);
  if (close !== -1) {
    const open = text.indexOf(THINK_OPEN);
    const leading = open !== -1 && open < close && text.slice(0, open).trim() === "";
    if (open === -1 || open > close || leading) text = text.slice(close + THINK_CLOSE.length);
  }
  for (;;) {
    const end = text.trimEnd();
    const token = END_OF_SEQUENCE_TOKENS.find((t) => end.endsWith(t));
    if (token === undefined) return text;
    text = end.slice(0, end.length - token.length);
  }
}

/** How much of the prompt's end is looked for when the query does not start with the prompt. */
const PROMPT_TAIL = 256;

/**
 * OpenRLHF's reply: the query (prompt and response decoded together) less its prompt. When the
 * query does not start with the prompt (a prompt truncated on the left to fit the context, or a
 * decoding that does not give the prompt's text back exactly), the reply starts after the first
 * occurrence of the prompt's last 256 characters, which lie in the prompt part: text of the
 * response cannot move that first occurrence. Null when neither is found.
 */
export function replyFromQuery(query: string, prompt: string): string | null {
  if (query.startsWith(prompt)) return query.slice(prompt.length);
  const tail = prompt.slice(-PROMPT_TAIL);
  const at = query.indexOf(tail);
  return at === -1 ? null : query.slice(at + tail.length);
}
