import { amountEquals, isZeroAmount, readAmount, readAmountString, readNumberText, type Amount } from "./amount";
import { findBlock } from "./block";
import { ScoringError } from "./errors";
import { PreparedExpected, readGold, type Gold } from "./expected";
import { answerJson } from "./format";
import { displayKey, MAX_TOKENS, parseStrictJson, Reject, type JsonValue } from "./json";
import type { ExpectedAnswer, ScoreOptions, ScoreResult } from "./types";

/**
 * Partial credit, as the seed environment's verifier gives it: 0.45 × (weight of right fields)
 * / (weight of fields), over fields whose expected value is non-zero. Weights in tenths
 * (part_taxable 0.4, droits 0.6, and the art. 990 I levy 0.6 like droits where the gold line
 * has it: Gold.weights) so the score is one division of two integers: correctly rounded, the
 * same everywhere.
 */
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

/**
 * An amount written exactly as its gold euros (`String`'s digits, a JSON number): right, and zero
 * only when the gold is. The reader of a block in the gold's shape gives it without reading the
 * amount (the same as readNumberText's amount, which amountEquals finds equal).
 */
const GOLD: Amount = Object.freeze({ negative: false, integer: "", cents: "" });

/** Per field (Gold.fields order): its amount, or null when it is not one (bad_amount). */
type Amounts = (Amount | null)[];

/** What readAmounts gives for a block that is the prepared gold's own text: every field right. */
const GOLD_BLOCK: readonly Amount[] = [];

/** The general reader: the block parsed into a tree, its shape checked, then its amounts read. */
function readTree(block: string, gold: Gold): Amounts {
  const root = objectEntries(parseStrictJson(block), "");
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
  const amounts: Amounts = [];
  gold.ids.forEach((_, i) => {
    for (const key of gold.keys[i]!) amounts.push(amountOf(entries[i]!.get(key)));
  });
  amounts.push(amountOf(root.get("total_droits")));
  return amounts;
}

function amountOf(value: JsonValue | undefined): Amount | null {
  return value === undefined ? null : readAmount(value);
}

/*
 * The reader of a block written in exactly the gold's shape, the one a model is asked for: keys
 * in the gold's order and none escaped, each amount a JSON number or a string without escapes,
 * any JSON whitespace between tokens. One regular expression per shape (the gold's ids and the
 * keys of each line; amounts aside), which V8 runs as native code: no tree, no step per
 * character in JavaScript. Any other block (another order, an escape, a value of another kind,
 * anything out of the grammar) does not match and is left to readTree, so every reason of a
 * rejected block stays the parser's; in that shape readTree's checks all pass (no key twice,
 * depth 3, the gold's token count), so the two read the same amounts. The expression cannot
 * backtrack more than linearly: each token is followed by a character its own class excludes.
 */
const WS = "[ \\t\\n\\r]*";
/** A JSON number (json.ts's numberEnd grammar), or a string of plain characters (its quotes kept). */
const AMOUNT = `${WS}(-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|"[^"\\\\\\u0000-\\u001f]*")${WS}`;
/** Ids are [A-Za-z0-9_-] (checked by readGold): literal in a pattern. */
const keyPattern = (key: string) => `${WS}"${key}"${WS}:`;
/** Expressions by shape, cleared when full (shapes are few: B1…Bn, 2 or 3 keys a line). */
const SHAPES = new Map<string, RegExp>();
const MAX_SHAPES = 1000;

function shapeExpression(gold: Gold): RegExp {
  if (gold.pattern !== undefined) return gold.pattern;
  let pattern = SHAPES.get(gold.shape);
  if (pattern === undefined) {
    const lines = gold.ids.map((id, i) => `${keyPattern(id)}${WS}\\{${gold.keys[i]!.map((key) => `${keyPattern(key)}${AMOUNT}`).join(",")}\\}${WS}`);
    pattern = new RegExp(`^${WS}\\{${keyPattern("beneficiaires")}${WS}\\{${lines.join(",")}\\}${WS},${keyPattern("total_droits")}${AMOUNT}\\}${WS}$`);
    if (SHAPES.size >= MAX_SHAPES) SHAPES.clear();
    SHAPES.set(gold.shape, pattern);
  }
  if (gold.uses > 1) gold.pattern = pattern; // kept by a prepared gold, for its next replies
  return pattern;
}

/** The amounts of a block in the gold's shape, or null for any other block. */
function readInShape(block: string, gold: Gold): Amounts | null {
  if (gold.tokens > MAX_TOKENS) return null;
  let match: RegExpExecArray | null;
  try {
    match = shapeExpression(gold).exec(block);
  } catch {
    return null; // the engine's own limits (none expected): readTree decides
  }
  if (match === null) return null;
  const { expected } = gold;
  const amounts: Amounts = [];
  for (let k = 0; k < expected.length; k++) {
    const token = match[k + 1]!;
    if (token.charCodeAt(0) === 0x22) amounts.push(readAmountString(token.slice(1, -1)));
    else amounts.push(token === expected[k] ? GOLD : readNumberText(token));
  }
  return amounts;
}

/** Reads the reply's amounts against the checked gold answer; a Reject (returned or thrown) for a rejected reply. */
function readAmounts(reply: string, gold: Gold, strictEnd: boolean, inShape: boolean): readonly Amount[] | Reject {
  const block = findBlock(reply, strictEnd);
  if (typeof block !== "string") return block;
  if (inShape && block === gold.text && gold.tokens <= MAX_TOKENS) return GOLD_BLOCK;
  const amounts = (inShape ? readInShape(block, gold) : null) ?? readTree(block, gold);
  const bad = amounts.indexOf(null);
  if (bad >= 0) return new Reject(`bad_amount: ${gold.fields[bad]}`);
  return amounts as Amount[];
}

/** The fields of a result whose caller asked for none (scoreAndReason): frozen, shared. */
const NO_FIELDS: Record<string, boolean> = Object.freeze({});

/**
 * The scorer proper, on a checked gold answer; throws only on a bug (never on a reply). Without
 * `withFields`, no verdict is written (fields is NO_FIELDS): the same score and reason.
 */
function scoreAgainst(reply: unknown, gold: Gold, options: ScoreOptions | undefined, inShape = true, withFields = true): ScoreResult {
  if (typeof reply !== "string") return rejected("not_a_string");
  if (++gold.uses === 2) {
    // A second reply to this gold object: it is a prepared one, worth what speeds up the next.
    const allRight: Record<string, boolean> = {};
    for (const field of gold.fields) allRight[field] = true;
    gold.allRight = allRight;
    gold.text = answerJson(gold);
  }
  let amounts: readonly Amount[] | Reject;
  try {
    amounts = readAmounts(reply, gold, options?.strictEnd === true, inShape);
  } catch (error) {
    if (error instanceof Reject) return rejected(error.reason);
    throw error;
  }
  if (amounts instanceof Reject) return rejected(amounts.reason);
  if (amounts === GOLD_BLOCK) return { score: 1, reason: "ok", fields: withFields ? { ...gold.allRight! } : NO_FIELDS };
  const { fields, expected, weights } = gold;
  // A prepared gold's verdicts start as a copy of all-right ones: only wrong fields are written.
  const template = withFields ? gold.allRight : NO_FIELDS;
  const verdicts: Record<string, boolean> = !withFields ? NO_FIELDS : template === undefined ? {} : { ...template };
  let allRight = true;
  let zeroFieldWrong: string | undefined;
  let rightWeight = 0;
  let totalWeight = 0;
  for (let k = 0; k < fields.length; k++) {
    const amount = amounts[k]!;
    const euros = expected[k]!;
    const right = amount === GOLD || amountEquals(amount, euros);
    if (!right) {
      allRight = false;
      if (withFields) verdicts[fields[k]!] = false;
    } else if (template === undefined) verdicts[fields[k]!] = true;
    if (euros === "0") {
      // Right zeros earn nothing, but a non-zero value where 0 is due voids the reply.
      if (!right && !isZeroAmount(amount) && zeroFieldWrong === undefined) zeroFieldWrong = fields[k];
    } else {
      totalWeight += weights[k]!;
      if (right) rightWeight += weights[k]!;
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
 * The score of the general reader alone (the block always parsed into a tree), which scoreReply
 * must always equal: for tests of the reader of blocks in the gold's shape.
 */
export function scoreByTree(reply: string, expected: ExpectedAnswer, options?: ScoreOptions): ScoreResult {
  return scoreAgainst(reply, readGold(expected), options, false);
}

/**
 * Scores a model reply against the gold answer. Never throws: a rejected reply, a non-string
 * reply, a malformed gold answer ("bad_expected: …") or a scorer bug ("internal_error") all
 * give score 0, because a training loop must not die on one odd rollout.
 */
export function scoreReply(reply: string, expected: ExpectedAnswer | PreparedExpected, options?: ScoreOptions): ScoreResult {
  return scoreSafely(reply, expected, options, true);
}

/** scoreAgainst behind the safety net of scoreReply: a malformed gold or a bug is a score of 0, never a throw. */
function scoreSafely(reply: string, expected: ExpectedAnswer | PreparedExpected, options: ScoreOptions | undefined, withFields: boolean): ScoreResult {
  try {
    return scoreAgainst(reply, readGold(expected), options, true, withFields);
  } catch (error) {
    if (error instanceof ScoringError && error.code === "bad_expected") return rejected(`bad_expected: ${error.message}`);
    return rejected("internal_error");
  }
}

/**
 * scoreReply's score and reason, without the verdicts of the fields: for a caller that writes
 * only those two (`succ score`, `succ serve`'s /score), one object fewer a reply.
 */
export function scoreAndReason(reply: string, expected: ExpectedAnswer | PreparedExpected, options?: ScoreOptions): { score: number; reason: string } {
  return scoreSafely(reply, expected, options, false);
}

/**
 * The same score, without the safety net: throws ScoringError("bad_expected") for a malformed
 * gold answer and ScoringError("internal") if anything unexpected happens, so that
 * `succ validate` fails loudly. Replies are still judged, never thrown at.
 */
export function scoreReplyStrict(reply: string, expected: ExpectedAnswer | PreparedExpected, options?: ScoreOptions): ScoreResult {
  const gold = readGold(expected);
  try {
    return scoreAgainst(reply, gold, options);
  } catch (error) {
    throw new ScoringError("internal", "scorer failed unexpectedly", { cause: error });
  }
}
