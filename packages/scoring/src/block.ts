import { Reject } from "./json";

export const MAX_REPLY_LENGTH = 200_000;
export const OPEN_TAG = "<droits>";
export const CLOSE_TAG = "</droits>";

/** Occurrences of `tag` in `text`, counting no further than `stop` (all we need to know). */
function countUpTo(text: string, tag: string, stop: number): number {
  let count = 0;
  let from = 0;
  while (count < stop) {
    const at = text.indexOf(tag, from);
    if (at < 0) break;
    count++;
    from = at + tag.length;
  }
  return count;
}

/**
 * Returns the text between the one `<droits>` and the one `</droits>` that ends the reply.
 * Only indexOf scans, no regular expression: linear, and counting the opening tags first makes
 * 100,000 copies of `<droits>` cost two indexOf calls. Tags are matched exactly (lowercase, no
 * attributes or spaces) because the prompt asks for exactly that.
 */
export function extractBlock(reply: string): string {
  if (reply.length > MAX_REPLY_LENGTH) throw new Reject("too_long");
  const opens = countUpTo(reply, OPEN_TAG, 2);
  if (opens === 0) throw new Reject("no_block");
  if (opens > 1) throw new Reject("several_blocks");
  const closes = countUpTo(reply, CLOSE_TAG, 2);
  if (closes > 1) throw new Reject("several_closing_tags");
  const open = reply.indexOf(OPEN_TAG);
  const close = reply.indexOf(CLOSE_TAG);
  if (close < open) throw new Reject("unclosed_block"); // none, or only one before the opening tag
  const end = close + CLOSE_TAG.length;
  // The block must end the reply; only whitespace (String.prototype.trimEnd's set) may follow.
  if (end < reply.length && reply.slice(end).trimEnd().length > 0) throw new Reject("text_after_block");
  return reply.slice(open + OPEN_TAG.length, close);
}
