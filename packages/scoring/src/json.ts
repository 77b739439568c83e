/**
 * A small strict JSON parser (RFC 8259 grammar) for the `<droits>` block.
 *
 * JSON.parse cannot read the block: it keeps the last of two duplicate keys without a word (so a
 * reply could hide a wrong value behind a right one) and turns every number into a binary float
 * (so `41169.001` and `41169.0000000000001` become indistinguishable from what was written). This
 * parser rejects duplicate keys at any depth, keeps each number as its source text, stores
 * objects in a Map (a `__proto__` key is an ordinary key, no prototype is touched) and bounds
 * nesting depth and token count so that no input can exhaust the stack or run long.
 * It is a single left-to-right pass, never looking back: linear in the input length (a string
 * with escapes is read once more, by the JSON.parse call that decodes it: see parseString).
 */

export type JsonValue =
  | { readonly kind: "object"; readonly entries: ReadonlyMap<string, JsonValue> }
  | { readonly kind: "array"; readonly items: readonly JsonValue[] }
  | { readonly kind: "string"; readonly value: string }
  | { readonly kind: "number"; readonly text: string }
  | { readonly kind: "boolean"; readonly value: boolean }
  | { readonly kind: "null" };

/** A valid answer nests 3 deep; 64 leaves room for any sane JSON and keeps recursion shallow. */
export const MAX_DEPTH = 64;
/**
 * Values plus keys. An answer with n beneficiaries has 6n + 4 (B1's key, its object, two keys,
 * two amounts), so 2,000 allows over 300 beneficiaries; a `[0,0,0,…]` flood stops after 2,000
 * allocations instead of 100,000, which keeps its worst case (garbage collection included) low.
 */
export const MAX_TOKENS = 2_000;

/**
 * Why a reply is rejected. Thrown inside the scorer and caught at its boundary; deliberately
 * not an Error so that rejecting a hostile reply costs no stack-trace capture.
 */
export class Reject {
  constructor(readonly reason: string) {}
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
export const ZERO = 0x30;
const NINE = 0x39;

export function isDigit(c: number): boolean {
  return c >= ZERO && c <= NINE;
}

/*
 * Runs of one character class. Short runs, the usual case (one space, five digits, a key), are
 * scanned inline; past INLINE characters the rest of the run goes to a sticky regular
 * expression, which V8 runs as native code about three times faster than a charCodeAt loop:
 * that is what a 200,000-character hostile reply is made of. Each regex is a single class
 * under `*` with nothing after it, so it cannot backtrack: linear by construction.
 */
const INLINE = 16;
const DIGIT_RUN = /[0-9]*/y;
const WHITESPACE_RUN = /[ \t\n\r]*/y;
/** Characters a JSON string may hold as they are: not a quote, a backslash or a control. */
const PLAIN_STRING_RUN = /[^"\\\u0000-\u001f]*/y;

function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function isPlainStringChar(c: number): boolean {
  return c !== QUOTE && c !== BACKSLASH && c >= 0x20;
}

/** First position at or after `pos` where `inRun` fails, or the end of `text`. */
function skipRun(text: string, pos: number, inRun: (c: number) => boolean, run: RegExp): number {
  const stop = Math.min(text.length, pos + INLINE);
  while (pos < stop) {
    if (!inRun(text.charCodeAt(pos))) return pos;
    pos++;
  }
  if (pos >= text.length) return pos;
  run.lastIndex = pos;
  run.test(text); // always matches (possibly empty); lastIndex is then the end of the run
  return run.lastIndex;
}

/** First position at or after `pos` that is not an ASCII digit. */
export function skipDigits(text: string, pos: number): number {
  return skipRun(text, pos, isDigit, DIGIT_RUN);
}

/**
 * The end of the JSON number that starts at `pos`, or -1 when the text there breaks the number
 * grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?.
 */
export function numberEnd(text: string, pos: number): number {
  if (text.charCodeAt(pos) === 0x2d) pos++;
  const first = text.charCodeAt(pos);
  if (first === ZERO) {
    pos++;
    if (isDigit(text.charCodeAt(pos))) return -1; // leading zero: 0123
  } else if (isDigit(first)) {
    pos = digitsEnd(text, pos + 1);
  } else {
    return -1; // "-" alone, "-Infinity"
  }
  if (text.charCodeAt(pos) === 0x2e) {
    pos++;
    if (!isDigit(text.charCodeAt(pos))) return -1;
    pos = digitsEnd(text, pos + 1);
  }
  const e = text.charCodeAt(pos);
  if (e === 0x65 || e === 0x45) {
    pos++;
    const sign = text.charCodeAt(pos);
    if (sign === 0x2b || sign === 0x2d) pos++;
    if (!isDigit(text.charCodeAt(pos))) return -1;
    pos = digitsEnd(text, pos + 1);
  }
  return pos;
}

/** skipDigits with its first INLINE characters tested here: an amount's few digits cost no call. */
function digitsEnd(text: string, pos: number): number {
  for (const stop = pos + INLINE; pos < stop; pos++) {
    const c = text.charCodeAt(pos); // NaN past the end: not a digit
    if (!(c >= ZERO && c <= NINE)) return pos;
  }
  return skipDigits(text, pos);
}

function isHexDigit(c: number): boolean {
  const lower = c | 0x20; // A-F to a-f; no other character lands in a-f
  return isDigit(c) || (lower >= 0x61 && lower <= 0x66);
}

/**
 * At a backslash in a string: the position after its escape, which must be one of RFC 8259's
 * (`\"` `\\` `\/` `\b` `\f` `\n` `\r` `\t`, or `\u` and exactly four hex digits).
 */
function skipEscape(text: string, pos: number): number {
  const e = text.charCodeAt(pos + 1);
  if (e === 0x75) {
    // \uXXXX
    for (let k = 2; k < 6; k++) if (!isHexDigit(text.charCodeAt(pos + k))) throw new Reject("invalid_json");
    return pos + 6;
  }
  // " \ / b f n r t
  if (e === QUOTE || e === BACKSLASH || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) return pos + 2;
  throw new Reject("invalid_json");
}

/**
 * From `pos` inside a string, the position of its closing quote, every escape checked on the way;
 * a raw control character or the end of the text rejects. One loop for escapes and plain
 * characters alike (an escape-dense string is short runs between escapes, where a call per run
 * would cost more than the run), handing a run to the sticky regex once it is INLINE long.
 */
function findStringEnd(text: string, pos: number): number {
  let plain = 0;
  for (;;) {
    const c = text.charCodeAt(pos); // NaN past the end: rejected below
    if (c === BACKSLASH) {
      pos = skipEscape(text, pos);
      plain = 0;
    } else if (c === QUOTE) {
      return pos;
    } else if (c >= 0x20) {
      pos++;
      if (++plain === INLINE) {
        PLAIN_STRING_RUN.lastIndex = pos;
        PLAIN_STRING_RUN.test(text);
        pos = PLAIN_STRING_RUN.lastIndex;
        plain = 0;
      }
    } else {
      throw new Reject("invalid_json"); // a raw control character, or the end of the text
    }
  }
}

/** Parses exactly one JSON value surrounded by optional JSON whitespace; throws Reject. */
export function parseStrictJson(text: string): JsonValue {
  return new Parser(text).parseDocument();
}

class Parser {
  private pos = 0;
  private tokens = 0;

  constructor(private readonly text: string) {}

  parseDocument(): JsonValue {
    const value = this.parseValue(1);
    this.skipWhitespace();
    if (this.pos < this.text.length) {
      // Name the common trick ("{…}{…}") apart from plain garbage, for readable reasons.
      throw new Reject(this.startsValue(this.text.charCodeAt(this.pos)) ? "several_json_values" : "invalid_json");
    }
    return value;
  }

  private startsValue(c: number): boolean {
    return c === 0x7b || c === 0x5b || c === QUOTE || c === 0x2d || isDigit(c) || c === 0x74 || c === 0x66 || c === 0x6e;
  }

  private skipWhitespace(): void {
    this.pos = skipRun(this.text, this.pos, isWhitespace, WHITESPACE_RUN);
  }

  private countToken(): void {
    if (++this.tokens > MAX_TOKENS) throw new Reject("too_many_tokens");
  }

  private parseValue(depth: number): JsonValue {
    this.skipWhitespace();
    this.countToken();
    const c = this.text.charCodeAt(this.pos); // NaN past the end: matches no case below
    switch (c) {
      case 0x7b: // {
        return this.parseObject(depth);
      case 0x5b: // [
        return this.parseArray(depth);
      case QUOTE:
        return { kind: "string", value: this.parseString() };
      case 0x74: // t
        return this.parseLiteral("true", { kind: "boolean", value: true });
      case 0x66: // f
        return this.parseLiteral("false", { kind: "boolean", value: false });
      case 0x6e: // n
        return this.parseLiteral("null", { kind: "null" });
      default:
        if (c === 0x2d || isDigit(c)) return { kind: "number", text: this.parseNumber() };
        // Covers NaN, Infinity, single quotes, comments, an empty block.
        throw new Reject("invalid_json");
    }
  }

  private parseLiteral(word: string, value: JsonValue): JsonValue {
    if (!this.text.startsWith(word, this.pos)) throw new Reject("invalid_json");
    this.pos += word.length;
    return value;
  }

  private expect(c: number): void {
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) !== c) throw new Reject("invalid_json");
    this.pos++;
  }

  private parseObject(depth: number): JsonValue {
    if (depth > MAX_DEPTH) throw new Reject("too_deep");
    this.pos++; // {
    const entries = new Map<string, JsonValue>();
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === 0x7d) {
      this.pos++;
      return { kind: "object", entries };
    }
    for (;;) {
      this.skipWhitespace();
      if (this.text.charCodeAt(this.pos) !== QUOTE) throw new Reject("invalid_json");
      this.countToken();
      // Keys are compared after unescaping, as JSON defines: "B1" and "B\u0031" are duplicates.
      const key = this.parseString();
      if (entries.has(key)) throw new Reject(`duplicate_key: ${displayKey(key)}`);
      this.expect(0x3a); // :
      entries.set(key, this.parseValue(depth + 1));
      this.skipWhitespace();
      const next = this.text.charCodeAt(this.pos++);
      if (next === 0x7d) return { kind: "object", entries }; // }
      if (next !== 0x2c) throw new Reject("invalid_json"); // ,
    }
  }

  private parseArray(depth: number): JsonValue {
    if (depth > MAX_DEPTH) throw new Reject("too_deep");
    this.pos++; // [
    const items: JsonValue[] = [];
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === 0x5d) {
      this.pos++;
      return { kind: "array", items };
    }
    for (;;) {
      items.push(this.parseValue(depth + 1));
      this.skipWhitespace();
      const next = this.text.charCodeAt(this.pos++);
      if (next === 0x5d) return { kind: "array", items }; // ]
      if (next !== 0x2c) throw new Reject("invalid_json"); // ,
    }
  }

  /**
   * At an opening quote; returns the unescaped string and leaves pos after the closing quote.
   * A string without escapes (every key of a valid answer) is one run and one slice. With
   * escapes, one pass checks the whole string (each escape, each run between them) and finds its
   * end; JSON.parse then decodes it in one native call. That is safe here: the text it is given
   * is one string token already checked against the grammar, where it has neither of the faults
   * that keep it out of the rest of the parser (duplicate keys, numbers as floats). Decoding one
   * escape at a time in JavaScript cost about 25 ns each, 2-5 ms for a 200,000-character key.
   */
  private parseString(): string {
    const text = this.text;
    const start = this.pos;
    const pos = skipRun(text, start + 1, isPlainStringChar, PLAIN_STRING_RUN);
    if (text.charCodeAt(pos) === QUOTE) {
      this.pos = pos + 1;
      return text.slice(start + 1, pos);
    }
    const end = findStringEnd(text, pos);
    this.pos = end + 1;
    return JSON.parse(text.slice(start, end + 1)) as string;
  }

  /** A JSON number (see numberEnd), kept as text. */
  private parseNumber(): string {
    const start = this.pos;
    const end = numberEnd(this.text, start);
    if (end < 0) throw new Reject("invalid_json");
    this.pos = end;
    return this.text.slice(start, end);
  }
}

const PLAIN_KEY_MAX = 32;

/**
 * A key as it may appear in a reason: plain short keys as they are, anything else quoted and
 * cut, so that a hostile key cannot make reasons long or multi-line.
 */
export function displayKey(key: string): string {
  if (key.length > 0 && key.length <= PLAIN_KEY_MAX && isPlainKey(key)) return key;
  const cut = key.length > PLAIN_KEY_MAX;
  return JSON.stringify(cut ? key.slice(0, PLAIN_KEY_MAX) : key) + (cut ? "…" : "");
}

function isPlainKey(key: string): boolean {
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    const ok = isDigit(c) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x2d;
    if (!ok) return false;
  }
  return true;
}
