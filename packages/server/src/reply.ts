/**
 * Replies as trainers produce them. The end-of-sequence tokens a chat template leaves after the
 * block are the scorer's business (@succ/scoring allows them by default, `strictEnd` refuses
 * them); dropping a reasoning section is this module's, and off by default.
 */
import { MAX_REPLY_LENGTH } from "@succ/scoring";

const THINK_OPEN = "<think>";
const THINK_CLOSE = "</think>";

/**
 * The reply without a leading reasoning section:
 * - `<think>…</think>` at the start (after whitespace only) is dropped, up to the first
 *   `</think>`; so is everything up to a first `</think>` that no `<think>` precedes (chat
 *   templates that open the section in the prompt, such as Qwen3's and DeepSeek-R1's);
 * - a `<think>` that is not at the start, or that is never closed, leaves the reply as it is;
 * - a reply over the scorer's length limit is left as it is, so that the limit applies to the
 *   reply as received (it scores too_long), not to what is left of it.
 * Only text is removed, never added: the block itself is scored as strictly as ever.
 */
export function trimReply(reply: string): string {
  if (reply.length > MAX_REPLY_LENGTH) return reply;
  const close = reply.indexOf(THINK_CLOSE);
  if (close === -1) return reply;
  const open = reply.indexOf(THINK_OPEN);
  const leading = open !== -1 && open < close && reply.slice(0, open).trim() === "";
  return open === -1 || open > close || leading ? reply.slice(close + THINK_CLOSE.length) : reply;
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
