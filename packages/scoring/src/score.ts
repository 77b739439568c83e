import { amountEquals, isZeroAmount, readAmount, type Amount } from "./amount";
import { extractBlock } from "./block";
import { ScoringError } from "./errors";
import { readGold, type Gold, type LineKey } from "./expected";
import { displayKey, parseStrictJson, Reject, type JsonValue } from "./json";
import type { ExpectedAnswer, ScoreOptions, ScoreResult } from "./types";

/**
 * Partial credit, as the seed environment's verifier gives it: 0.45 × (weight of right fields)
 * / (weight of fields), over fields whose expected value is non-zero. Weights in tenths
 * (part_taxable 0.4, droits 0.6, and the art. 990 I levy 0.6 like droits where the gold line
 * has it) so the score is one division of two integers: correctly rounded, the same everywhere.
 */
const WEIGHT: Readonly<Record<LineKey, number>> = { part_taxable: 4, droits: 6, prelevement_990I: 6 };
const CAP_PERCENT = 45;

/**
 * The score at or above which a reply is a success: every field right. Partial credit is capped
 * at 0.45, so 1.0 is the only score at or above it, and any value in (0.45, 1] would say the
 * same. It is 0.99, the value `succ eval` summaries and exported promptfoo assertions have
 * always published, so that they can use this definition without changing what they write.
 */
export const SUCCESS_THRESHOLD = 0.99;

/** Whether a score given by scoreReply is a success (score 1: every field right). */
export function isSuccess(score: number): boolean {
  return score >= SUCCESS_THRESHOLD;
}

const ROOT_KEYS = ["beneficiaires", "total_droits"] as const;

function rejected(reason: string): ScoreResult {
  return { score: 0, reason, fields: {} };
}

/** Unknown keys first (in reply order), then missing ones (in the expected order). */
function checkExactKeys(
  entries: ReadonlyMap<string, JsonValue>,
  keys: readonly string[],
  prefix: string,
): void {
  for (const key of entries.keys()) {
    if (!keys.includes(key)) throw new Reject(`unknown_key: ${prefix}${displayKey(key)}`);
  }
  for (const key of keys) {
    if (!entries.has(key)) throw new Reject(`missing_key: ${prefix}${key}`);
  }
}

function objectEntries(value: JsonValue | undefined, where: string): ReadonlyMap<string, JsonValue> {
  if (value === undefined || value.kind !== "object") throw new Reject(where ? `not_an_object: ${where}` : "not_an_object");
  return value.entries;
}

function amountOf(value: JsonValue | undefined, field: string): Amount {
  const amount = value === undefined ? null : readAmount(value);
  if (amount === null) throw new Reject(`bad_amount: ${field}`);
  return amount;
}

interface Field {
  readonly name: string;
  readonly expected: string;
  readonly weight: number;
  readonly amount: Amount;
}

/** Reads the reply against the checked gold answer; throws Reject for a rejected reply. */
function readFields(reply: string, gold: Gold, strictEnd: boolean): Field[] {
  const root = objectEntries(parseStrictJson(extractBlock(reply, strictEnd)), "");
  checkExactKeys(root, ROOT_KEYS, "");
  const beneficiaries = objectEntries(root.get("beneficiaires"), "beneficiaires");
  checkExactKeys(beneficiaries, gold.ids, "");
  // Shape first, amounts after: a reply is rejected for its structure before its values.
  // Each beneficiary must have exactly the keys of its gold line.
  const entries = gold.ids.map((id, i) => {
    const entry = objectEntries(beneficiaries.get(id), id);
    checkExactKeys(entry, gold.keys[i]!, `${id}.`);
    return entry;
  });
  const fields: Field[] = [];
  gold.ids.forEach((id, i) => {
    const entry = entries[i]!;
    const keys = gold.keys[i]!;
    const euros = gold.euros[i]!;
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k]!;
      const name = `${id}.${key}`;
      fields.push({ name, expected: String(euros[k]), weight: WEIGHT[key], amount: amountOf(entry.get(key), name) });
    }
  });
  // The total has no weight: it counts only towards "all right" and the zero-field rule.
  fields.push({ name: "total_droits", expected: String(gold.total), weight: 0, amount: amountOf(root.get("total_droits"), "total_droits") });
  return fields;
}

/** The scorer proper, on a checked gold answer; throws only on a bug (never on a reply). */
function scoreAgainst(reply: unknown, gold: Gold, options: ScoreOptions | undefined): ScoreResult {
  if (typeof reply !== "string") return rejected("not_a_string");
  let fields: Field[];
  try {
    fields = readFields(reply, gold, options?.strictEnd === true);
  } catch (error) {
    if (error instanceof Reject) return rejected(error.reason);
    throw error;
  }
  const verdicts: Record<string, boolean> = {};
  let allRight = true;
  let zeroFieldWrong: string | undefined;
  let rightWeight = 0;
  let totalWeight = 0;
  for (const field of fields) {
    const right = amountEquals(field.amount, field.expected);
    verdicts[field.name] = right;
    if (!right) allRight = false;
    if (field.expected === "0") {
      // Right zeros earn nothing, but a non-zero value where 0 is due voids the reply.
      if (!isZeroAmount(field.amount) && zeroFieldWrong === undefined) zeroFieldWrong = field.name;
    } else {
      totalWeight += field.weight;
      if (right) rightWeight += field.weight;
    }
  }
  if (allRight) return { score: 1, reason: "ok", fields: verdicts };
  if (options?.allOrNothing === true) return { score: 0, reason: "not_all_right", fields: verdicts };
  if (zeroFieldWrong !== undefined) return { score: 0, reason: `zero_field_wrong: ${zeroFieldWrong}`, fields: verdicts };
  if (rightWeight === 0) return { score: 0, reason: "wrong", fields: verdicts };
  const score = (CAP_PERCENT * rightWeight) / (100 * totalWeight);
  return { score, reason: "partial", fields: verdicts };
}

/**
 * Scores a model reply against the gold answer. Never throws: a rejected reply, a non-string
 * reply, a malformed gold answer ("bad_expected: …") or a scorer bug ("internal_error") all
 * give score 0, because a training loop must not die on one odd rollout.
 */
export function scoreReply(reply: string, expected: ExpectedAnswer, options?: ScoreOptions): ScoreResult {
  try {
    return scoreAgainst(reply, readGold(expected), options);
  } catch (error) {
    if (error instanceof ScoringError && error.code === "bad_expected") return rejected(`bad_expected: ${error.message}`);
    return rejected("internal_error");
  }
}

/**
 * The same score, without the safety net: throws ScoringError("bad_expected") for a malformed
 * gold answer and ScoringError("internal") if anything unexpected happens, so that
 * `succ validate` fails loudly. Replies are still judged, never thrown at.
 */
export function scoreReplyStrict(reply: string, expected: ExpectedAnswer, options?: ScoreOptions): ScoreResult {
  const gold = readGold(expected);
  try {
    return scoreAgainst(reply, gold, options);
  } catch (error) {
    throw new ScoringError("internal", "scorer failed unexpectedly", { cause: error });
  }
}
