import { CLOSE_TAG, OPEN_TAG } from "./block";
import { readGold, type Gold } from "./expected";
import type { ExpectedAnswer } from "./types";

/** How each amount is written: JSON text for (field name, gold euros). */
export type WriteAmount = (field: string, euros: number) => string;

const asNumber: WriteAmount = (_field, euros) => String(euros);

/** One beneficiary's object as JSON text: its gold line's keys, in their order. */
export function lineJson(gold: Gold, i: number, write: WriteAmount = asNumber): string {
  const id = gold.ids[i]!;
  const euros = gold.euros[i]!;
  const amounts = gold.keys[i]!.map((key, k) => `${JSON.stringify(key)}: ${write(`${id}.${key}`, euros[k]!)}`);
  return `{${amounts.join(", ")}}`;
}

/**
 * The answer object as JSON text on one line, keys in the answer format's order: per
 * beneficiary part_taxable, droits, then prelevement_990I where the gold line has it.
 */
export function answerJson(gold: Gold, write: WriteAmount = asNumber): string {
  const beneficiaries = gold.ids.map((id, i) => `${JSON.stringify(id)}: ${lineJson(gold, i, write)}`);
  const total = write("total_droits", gold.total);
  return `{"beneficiaires": {${beneficiaries.join(", ")}}, "total_droits": ${total}}`;
}

export function block(json: string): string {
  return `${OPEN_TAG}${json}${CLOSE_TAG}`;
}

/**
 * The `<droits>{…}</droits>` block of a gold answer: the answer a perfect reply ends with (it
 * scores 1.0). Throws ScoringError("bad_expected") for a malformed gold answer.
 */
export function formatAnswer(expected: ExpectedAnswer): string {
  return block(answerJson(readGold(expected)));
}
