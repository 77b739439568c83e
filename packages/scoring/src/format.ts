import { CLOSE_TAG, OPEN_TAG } from "./block";
import { readGold, type Gold } from "./expected";
import type { ExpectedAnswer } from "./types";

/** How each amount is written: JSON text for (field name, gold euros). */
export type WriteAmount = (field: string, euros: number) => string;

const asNumber: WriteAmount = (_field, euros) => String(euros);

/** The answer object as JSON text, one line, keys in the dossier §3 order. */
export function answerJson(gold: Gold, write: WriteAmount = asNumber): string {
  const beneficiaries = gold.ids.map((id, i) => {
    const part = write(`${id}.part_taxable`, gold.partTaxable[i]!);
    const droits = write(`${id}.droits`, gold.droits[i]!);
    return `${JSON.stringify(id)}: {"part_taxable": ${part}, "droits": ${droits}}`;
  });
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
