import { ScoringError } from "./errors";
import type { ExpectedAnswer } from "./types";

/** Upper bound of an amount, the same for gold answers and replies. */
export const MAX_EUROS = 1_000_000_000;

/**
 * A beneficiary id appears in field names ("B1.droits") and reasons: keep it short and free of
 * dots, quotes and spaces so both stay unambiguous. The dossier uses "B1", "B2", ….
 */
const MAX_ID_LENGTH = 64;

/**
 * A checked copy of the gold answer: the scorer never reads the caller's object twice (a getter
 * or a later mutation cannot change the answer halfway through a score).
 */
export interface Gold {
  readonly ids: readonly string[];
  /** Per id, in `ids` order: whole euros. */
  readonly partTaxable: readonly number[];
  readonly droits: readonly number[];
  readonly total: number;
  /** The same amounts as decimal text, compared with reply amounts as text. */
  readonly partTaxableText: readonly string[];
  readonly droitsText: readonly string[];
  readonly totalText: string;
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

function checkKeys(value: Record<string, unknown>, keys: readonly string[], where: string): void {
  const own = Object.keys(value);
  for (const key of own) if (!keys.includes(key)) fail(`${where}: unexpected key ${JSON.stringify(key)}`);
  for (const key of keys) if (!own.includes(key)) fail(`${where}: missing key ${JSON.stringify(key)}`);
}

function checkEuros(value: unknown, where: string): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0 || value > MAX_EUROS) {
    fail(`${where} must be a whole number of euros in [0, ${MAX_EUROS}], got ${String(value)}`);
  }
  return value === 0 ? 0 : value; // -0 would print as "0" anyway; keep the copy clean
}

/**
 * Checks a gold answer and returns a copy. Throws ScoringError("bad_expected") when it is
 * not exactly `{beneficiaires: {id: {part_taxable, droits}}, total_droits}` with whole euros in
 * [0, 10^9], at least one beneficiary and total_droits equal to the sum of droits.
 */
export function readGold(expected: unknown): Gold {
  try {
    if (!isRecord(expected)) fail("expected answer must be an object");
    checkKeys(expected, ["beneficiaires", "total_droits"], "expected");
    const beneficiaries = expected["beneficiaires"];
    if (!isRecord(beneficiaries)) fail("expected.beneficiaires must be an object");
    const ids = Object.keys(beneficiaries);
    if (ids.length === 0) fail("expected.beneficiaires is empty");
    const partTaxable: number[] = [];
    const droits: number[] = [];
    let sum = 0;
    for (const id of ids) {
      checkId(id);
      const entry = beneficiaries[id];
      if (!isRecord(entry)) fail(`expected.beneficiaires.${id} must be an object`);
      checkKeys(entry, ["part_taxable", "droits"], `expected.beneficiaires.${id}`);
      partTaxable.push(checkEuros(entry["part_taxable"], `${id}.part_taxable`));
      const tax = checkEuros(entry["droits"], `${id}.droits`);
      droits.push(tax);
      sum += tax; // exact: at most ~10^4 terms of ≤ 10^9, far below 2^53
    }
    const total = checkEuros(expected["total_droits"], "total_droits");
    if (total !== sum) fail(`total_droits ${total} is not the sum of droits ${sum}`);
    return {
      ids,
      partTaxable,
      droits,
      total,
      partTaxableText: partTaxable.map(String),
      droitsText: droits.map(String),
      totalText: String(total),
    };
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
