/**
 * Reading one amount of a reply exactly, as decimal text: never through a binary float, so that
 * `41169.00` equals 41169 and `41169.001` or `41169.0000000001` can never round into it.
 */
import { isDigit, skipDigits, ZERO, type JsonValue } from "./json";

/** An amount with at most two decimals, in canonical decimal form. */
export interface Amount {
  /** False for zero (so -0 and -0.00 read as 0). */
  readonly negative: boolean;
  /** Whole euros without leading zeros ("0" for zero). */
  readonly integer: string;
  /** Exactly two digits. */
  readonly cents: string;
}

/** Limits on what is written, so that no amount costs more than a few dozen character steps. */
export const MAX_INTEGER_DIGITS = 12;
export const MAX_FRACTION_DIGITS = 12;
/** 1e400 and friends are out of range long before this; anything beyond is rejected unread. */
export const MAX_EXPONENT = 30;
/** |x| ≤ 10^9 euros: far above any task, far below any float trouble. */
const LIMIT_INTEGER = "1000000000";
/**
 * Sign, 12 + 12 digits, point, exponent with sign and two digits is 30 characters; 40 leaves
 * room for a few leading zeros in the exponent ("1e0002") and rejects a 200,000-digit number
 * without reading it again.
 */
const MAX_NUMBER_TEXT_LENGTH = 40;
/** A string amount such as "1 000 000 000,00 €" is at most 18 characters. */
const MAX_STRING_AMOUNT_LENGTH = 40;

/** Thousands separators a French writer uses: space, no-break space, narrow no-break space. */
function isGroupSeparator(c: number): boolean {
  return c === 0x20 || c === 0xa0 || c === 0x202f;
}

const EURO = 0x20ac;

/** A JSON number or a string holding one amount; anything else (or out of rules) gives null. */
export function readAmount(value: JsonValue): Amount | null {
  if (value.kind === "number") return readNumberText(value.text);
  if (value.kind === "string") return readAmountString(value.value);
  return null;
}

/** `text` already matches the JSON number grammar (the parser checked it). */
export function readNumberText(text: string): Amount | null {
  if (text.length > MAX_NUMBER_TEXT_LENGTH) return null;
  let pos = 0;
  const negative = text.charCodeAt(0) === 0x2d;
  if (negative) pos = 1;
  const intStart = pos;
  pos = skipDigits(text, pos);
  const integer = text.slice(intStart, pos);
  let fraction = "";
  if (text.charCodeAt(pos) === 0x2e) {
    const fracStart = ++pos;
    pos = skipDigits(text, pos);
    fraction = text.slice(fracStart, pos);
  }
  let exponent = 0;
  if (pos < text.length) {
    // [eE][+-]?digits
    pos++;
    const sign = text.charCodeAt(pos);
    const expNegative = sign === 0x2d;
    if (sign === 0x2b || sign === 0x2d) pos++;
    while (text.charCodeAt(pos) === ZERO && pos < text.length - 1) pos++; // 1e0002 is 1e2
    const digits = text.slice(pos);
    if (digits.length > 2) return null; // 1e400, 1e-999: out of range without reading on
    exponent = Number(digits);
    if (exponent > MAX_EXPONENT) return null;
    if (expNegative) exponent = -exponent;
  }
  return normalize(negative, integer, fraction, exponent);
}

/**
 * A string holding exactly one amount: `-`? integer (plain digits, or groups of three split by
 * space / U+00A0 / U+202F), then optionally `.` or `,` and one or two decimals, then optionally
 * `€` with at most one separator before it. "41169", "41 169 €", "41 169,00 €", "41169.5€".
 * No leading zeros ("007"), no surrounding spaces, no exponent, no other text. A comma is never
 * a thousands separator here, so "41,169" (three decimals) is rejected rather than guessed.
 */
export function readAmountString(s: string): Amount | null {
  if (s.length === 0 || s.length > MAX_STRING_AMOUNT_LENGTH) return null;
  let pos = 0;
  const negative = s.charCodeAt(0) === 0x2d;
  if (negative) pos = 1;
  // The digits, a group (a slice) at a time.
  let integer = "";
  let groupStart = pos;
  let groupLength = 0;
  let grouped = false;
  for (; pos < s.length; pos++) {
    const c = s.charCodeAt(pos);
    if (isDigit(c)) {
      groupLength++;
    } else if (isGroupSeparator(c) && isDigit(s.charCodeAt(pos + 1))) {
      // The first group holds 1 to 3 digits (so no leading space), each later group exactly 3.
      if (grouped ? groupLength !== 3 : groupLength === 0 || groupLength > 3) return null;
      integer += s.slice(groupStart, pos);
      groupStart = pos + 1;
      grouped = true;
      groupLength = 0;
    } else {
      break;
    }
  }
  integer += s.slice(groupStart, pos);
  if (integer.length === 0) return null;
  if (grouped && groupLength !== 3) return null;
  if (integer.length > 1 && integer.charCodeAt(0) === ZERO) return null;
  let fraction = "";
  const point = s.charCodeAt(pos);
  if (point === 0x2e || point === 0x2c) {
    const start = ++pos;
    pos = skipDigits(s, pos);
    fraction = s.slice(start, pos);
    if (fraction.length === 0 || fraction.length > 2) return null;
  }
  if (isGroupSeparator(s.charCodeAt(pos)) && s.charCodeAt(pos + 1) === EURO) pos += 2;
  else if (s.charCodeAt(pos) === EURO) pos += 1;
  if (pos !== s.length) return null;
  return normalize(negative, integer, fraction, 0);
}

/** Value = (integer.fraction) × 10^exponent, shifted as text; null outside the rules. */
function normalize(negative: boolean, integer: string, fraction: string, exponent: number): Amount | null {
  if (exponent === 0 && fraction.length === 0 && integer.length > 0 && (integer.length === 1 || integer.charCodeAt(0) !== ZERO)) {
    // Whole euros without a leading zero ("28048", "0"), the common case: already canonical, so
    // the general shift below would give the same, and only the limit is left to check.
    if (integer.length > LIMIT_INTEGER.length || (integer.length === LIMIT_INTEGER.length && integer > LIMIT_INTEGER)) return null;
    return { negative: negative && integer !== "0", integer, cents: "00" };
  }
  if (integer.length > MAX_INTEGER_DIGITS || fraction.length > MAX_FRACTION_DIGITS) return null;
  const digits = integer + fraction;
  const point = integer.length + exponent; // position of the decimal point in `digits`
  let whole: string;
  let decimals: string;
  if (point <= 0) {
    whole = "0";
    decimals = "0".repeat(-point) + digits;
  } else if (point >= digits.length) {
    whole = digits + "0".repeat(point - digits.length);
    decimals = "";
  } else {
    whole = digits.slice(0, point);
    decimals = digits.slice(point);
  }
  // At most two decimals in value: 41169.000 is 41169, 41169.001 is not an amount.
  for (let i = 2; i < decimals.length; i++) {
    if (decimals.charCodeAt(i) !== ZERO) return null;
  }
  const cents = (decimals + "00").slice(0, 2);
  let first = 0;
  while (first < whole.length - 1 && whole.charCodeAt(first) === ZERO) first++;
  whole = whole.slice(first);
  if (whole.length > LIMIT_INTEGER.length) return null;
  if (whole.length === LIMIT_INTEGER.length && (whole > LIMIT_INTEGER || cents !== "00")) return null;
  const zero = whole === "0" && cents === "00";
  return { negative: negative && !zero, integer: whole, cents };
}

export function isZeroAmount(amount: Amount): boolean {
  return amount.integer === "0" && amount.cents === "00";
}

/** `euros` is a checked whole number of euros (0 ≤ euros ≤ 10^9), written by `String` exactly. */
export function amountEquals(amount: Amount, euros: string): boolean {
  return !amount.negative && amount.cents === "00" && amount.integer === euros;
}
