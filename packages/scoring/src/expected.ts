import { ScoringError } from "./errors";
import type { ExpectedAnswer } from "./types";

/** Upper bound of an amount, the same for gold answers and replies. */
export const MAX_EUROS = 1_000_000_000;

/**
 * A beneficiary id appears in field names ("B1.droits") and reasons: keep it short and free of
 * dots, quotes and spaces so both stay unambiguous. The dossier uses "B1", "B2", ….
 */
const MAX_ID_LENGTH = 64;

/** The keys of a beneficiary's line, in the order they are written and scored. */
export type LineKey = "part_taxable" | "droits" | "prelevement_990I";
/** A `seed` line, and a `cgi` line of a beneficiary who receives sums under art. 990 I. */
const LINE_KEYS: readonly LineKey[] = ["part_taxable", "droits"];
const LINE_KEYS_WITH_LEVY: readonly LineKey[] = ["part_taxable", "droits", "prelevement_990I"];
const LEVY_KEY = "prelevement_990I";
/** Where droits sits in both shapes of a line. */
const DROITS_AT = 1;

/**
 * A checked copy of the gold answer: the scorer never reads the caller's object twice (a getter
 * or a later mutation cannot change the answer halfway through a score).
 */
export interface Gold {
  readonly ids: readonly string[];
  /**
   * Per id, in `ids` order: the keys of its line, part_taxable and droits, then
   * prelevement_990I when the gold line has it. These are the keys a reply must give for that
   * beneficiary, no more.
   */
  readonly keys: readonly (readonly LineKey[])[];
  /** Per id: the whole euros of each of its keys, in the order of `keys`. */
  readonly euros: readonly (readonly number[])[];
  readonly total: number;
  /**
   * The fields in the order they are scored: each id's keys ("B1.part_taxable", "B1.droits", …),
   * then "total_droits"; with, for each, its gold euros as `String` writes them and its weight
   * in tenths (0 for the total).
   */
  readonly fields: readonly string[];
  readonly expected: readonly string[];
  readonly weights: readonly number[];
  /** Values and keys of a reply written in exactly this shape (json.ts's MAX_TOKENS counts them). */
  readonly tokens: number;
  /** The ids and the number of keys of each line ("B1:2,B2:3"): what a block's shape depends on. */
  readonly shape: string;
  /**
   * What only pays when a gold scores many replies, built by the scorer when it scores a second
   * reply against this same object (a prepared gold; an answer read anew for each reply never
   * gets there): the verdicts when every field is right, copied for each result; the block as
   * formatAnswer writes it (a reply's block equal to it has every field right); and the
   * expression of its shape (score.ts's shapeExpression).
   */
  uses: number;
  allRight: Readonly<Record<string, boolean>> | undefined;
  text: string | undefined;
  pattern: RegExp | undefined;
}

/** Partial credit weights in tenths: part_taxable 0.4, droits 0.6, the art. 990 I levy 0.6 like droits. */
const WEIGHT: Readonly<Record<LineKey, number>> = { part_taxable: 4, droits: 6, prelevement_990I: 6 };

/**
 * A gold answer checked and copied once by {@link prepareExpected}, to score many replies
 * against: scoreReply takes it in place of the answer and skips reading the answer again. What
 * it holds cannot change after it was checked (nothing outside this package can reach it).
 */
export class PreparedExpected {
  /** @internal */
  readonly gold: Gold;

  /** @internal */
  constructor(gold: Gold) {
    this.gold = gold;
    Object.freeze(this);
  }
}

/**
 * Checks a gold answer once and returns it prepared for scoring many replies (a training loop's
 * rollouts of one task, a server's cache). Throws ScoringError("bad_expected") as checkExpected
 * does for a malformed answer.
 */
export function prepareExpected(expected: ExpectedAnswer | PreparedExpected): PreparedExpected {
  return expected instanceof PreparedExpected ? expected : new PreparedExpected(readGold(expected));
}

/** The gold euros of `key` for the beneficiary at `index`, if its line has that key. */
export function goldEuros(gold: Gold, index: number, key: LineKey): number | undefined {
  const at = gold.keys[index]!.indexOf(key);
  return at < 0 ? undefined : gold.euros[index]![at];
}

/**
 * Field names by beneficiary id ("B1" → "B1.part_taxable", "B1.droits", "B1.prelevement_990I"):
 * made once, so that the same string object names a field in every result (V8 then finds it
 * as a property key at once, where a name built anew is hashed and looked up each time).
 * Bounded: cleared when full.
 */
const FIELD_NAMES = new Map<string, readonly string[]>();
const MAX_FIELD_NAMES = 10_000;
const KEY_AT: Readonly<Record<LineKey, number>> = { part_taxable: 0, droits: 1, prelevement_990I: 2 };

function fieldName(id: string, key: LineKey): string {
  let names = FIELD_NAMES.get(id);
  if (names === undefined) {
    if (FIELD_NAMES.size >= MAX_FIELD_NAMES) FIELD_NAMES.clear();
    names = LINE_KEYS_WITH_LEVY.map((k) => `${id}.${k}`);
    FIELD_NAMES.set(id, names);
  }
  return names[KEY_AT[key]]!;
}

function fail(message: string): never {
  throw new ScoringError("bad_expected", message);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isIdChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x2d;
}

function checkId(id: string): void {
  let ok = id.length > 0 && id.length <= MAX_ID_LENGTH;
  for (let i = 0; ok && i < id.length; i++) ok = isIdChar(id.charCodeAt(i));
  if (!ok) fail(`beneficiary id ${JSON.stringify(id.slice(0, MAX_ID_LENGTH))} is not 1-64 characters of [A-Za-z0-9_-]`);
}

function checkKeys(own: readonly string[], keys: readonly string[], where: string): void {
  for (const key of own) if (!keys.includes(key)) fail(`${where}: unexpected key ${JSON.stringify(key)}`);
  for (const key of keys) if (!own.includes(key)) fail(`${where}: missing key ${JSON.stringify(key)}`);
}

/** `where` is the field's name, or its beneficiary's id when `key` completes it (built on failure only). */
function checkEuros(value: unknown, where: string, key?: LineKey): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0 || value > MAX_EUROS) {
    const name = key === undefined ? where : `${where}.${key}`;
    fail(`${name} must be a whole number of euros in [0, ${MAX_EUROS}], got ${String(value)}`);
  }
  return value === 0 ? 0 : value; // -0 would print as "0" anyway; keep the copy clean
}

/**
 * Checks a gold answer and returns a copy. Throws ScoringError("bad_expected") when it is
 * not exactly `{beneficiaires: {id: {part_taxable, droits[, prelevement_990I]}}, total_droits}`
 * with whole euros in [0, 10^9], at least one beneficiary and total_droits equal to the sum of
 * droits (the 990 I levy is not in it).
 */
export function readGold(expected: unknown): Gold {
  try {
    if (expected instanceof PreparedExpected) return expected.gold;
    if (!isRecord(expected)) fail("expected answer must be an object");
    checkKeys(Object.keys(expected), ["beneficiaires", "total_droits"], "expected");
    const beneficiaries = expected["beneficiaires"];
    if (!isRecord(beneficiaries)) fail("expected.beneficiaires must be an object");
    const ids = Object.keys(beneficiaries);
    if (ids.length === 0) fail("expected.beneficiaires is empty");
    const keys: (readonly LineKey[])[] = [];
    const euros: number[][] = [];
    const fields: string[] = [];
    const texts: string[] = [];
    const weights: number[] = [];
    let shape = "";
    let sum = 0;
    for (const id of ids) {
      checkId(id);
      const entry = beneficiaries[id];
      if (!isRecord(entry)) fail(`expected.beneficiaires.${id} must be an object`);
      // The line's own keys say which of the two shapes it has; a reply must then match it.
      const own = Object.keys(entry);
      const lineKeys = own.includes(LEVY_KEY) ? LINE_KEYS_WITH_LEVY : LINE_KEYS;
      checkKeys(own, lineKeys, `expected.beneficiaires.${id}`);
      const line: number[] = [];
      for (const key of lineKeys) {
        const value = checkEuros(entry[key], id, key);
        line.push(value);
        fields.push(fieldName(id, key));
        texts.push(String(value));
        weights.push(WEIGHT[key]);
      }
      keys.push(lineKeys);
      shape += `${id}:${lineKeys.length},`;
      euros.push(line);
      sum += line[DROITS_AT]!; // exact: at most ~10^4 terms of ≤ 10^9, far below 2^53
    }
    const total = checkEuros(expected["total_droits"], "total_droits");
    if (total !== sum) fail(`total_droits ${total} is not the sum of droits ${sum}`);
    fields.push("total_droits");
    texts.push(String(total));
    weights.push(0);
    // The root object, "beneficiaires" and its object; per id its key, its object, and a key and
    // a value per field; "total_droits" and its value.
    const tokens = 3 + 2 * ids.length + 2 * fields.length;
    return { ids, keys, euros, total, fields, expected: texts, weights, tokens, shape, uses: 0, allRight: undefined, text: undefined, pattern: undefined };
  } catch (error) {
    if (error instanceof ScoringError) throw error;
    // A getter or proxy that throws: the gold answer is unreadable, which is a broken gold answer.
    throw new ScoringError("bad_expected", `expected answer cannot be read: ${describe(error)}`, { cause: error });
  }
}

/** Throws ScoringError("bad_expected") unless `expected` is a well-formed gold answer. */
export function checkExpected(expected: unknown): asserts expected is ExpectedAnswer {
  readGold(expected);
}

/** String(x) may itself throw (a hostile toString); a message must never do. */
function describe(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return "unprintable error";
  }
}
