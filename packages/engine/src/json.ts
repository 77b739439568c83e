import { DossierError } from "./errors.js";

/**
 * A JSON number kept as its source text, so that amounts are read into rationals without
 * passing through binary floating point.
 */
export class JsonNumber {
  constructor(readonly text: string) {}
  toJSON(): number {
    return Number(this.text);
  }
}

const MAX_DEPTH = 64;

// Character codes.
const SPACE = 32;
const TAB = 9;
const LF = 10;
const CR = 13;
const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;
const LBRACE = 123;
const RBRACE = 125;
const LBRACKET = 91;
const RBRACKET = 93;

const ESCAPES: Record<string, string> = Object.assign(Object.create(null), { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" });
const HEX4 = /^[0-9a-fA-F]{4}$/;

/**
 * The character an escape stands for, the backslash at `i` (`\n`, `\u00e9`, …): 2 characters
 * of text for a short escape, 6 for `\uXXXX`; null for a bad escape. Both passes of the reader
 * decode with it.
 */
function escapeAt(text: string, i: number): string | null {
  const e = text[i + 1];
  if (e === undefined) return null;
  if (e in ESCAPES) return ESCAPES[e]!;
  if (e === "u" && HEX4.test(text.slice(i + 2, i + 6))) return String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
  return null;
}

/**
 * Strict JSON parser for dossiers: numbers become {@link JsonNumber}, a duplicate key is an
 * error (JSON.parse would silently keep the last one), and errors name the path and the
 * position. A `__proto__` key is an ordinary own property (it never sets the prototype).
 *
 * Written character code by character code (it reads every line of `succ compute --jsonl`).
 * Two passes share the grammar: {@link FastParser} reads valid text without keeping the path
 * and gives up at the first problem; the text is then read again by {@link parseWithPath},
 * which tracks the path and throws the error naming it. A text is accepted by the first only
 * if the second accepts it too, with the same value (same rules, written twice: the tests of
 * test/invalid.test.ts and test/json.test.ts hold them to each other).
 */
export function parseJsonExact(text: string): unknown {
  const fast = FAST.parse(text);
  return fast === INVALID ? parseWithPath(text) : fast;
}

/** What the fast pass returns when the text is not valid JSON (or nests too deeply). */
const INVALID: unique symbol = Symbol("invalid JSON");

/** The internalized copy of a text: the key of a fresh object's computed property (even "__proto__": a computed key sets no prototype). */
function internalized(text: string): string {
  return Object.keys({ [text]: 0 })[0]!;
}

/** The strings {@link intern} gave, each its own key (emptied when full). */
const INTERNED = new Map<string, string>();
const MAX_INTERNED = 4096;

/**
 * The one internalized string of a text (a beneficiary's id, read once a dossier and referred to
 * everywhere): V8 compares internalized strings by identity and finds them as property keys at
 * once, where a string sliced from a line is compared and hashed character by character at each use.
 * Same text, so the same value for every JavaScript operation.
 */
export function intern(text: string): string {
  let s = INTERNED.get(text);
  if (s === undefined) {
    if (INTERNED.size >= MAX_INTERNED) INTERNED.clear();
    s = internalized(text);
    INTERNED.set(s, s);
  }
  return s;
}

/**
 * Object keys read so far, each the one string of its text, so that a dossier's keys are not
 * sliced out of every line anew (and V8 finds them already internalized when it stores a
 * property): by their first character, at most 16 for each (the oldest replaced).
 */
const BUCKETS = 128;
const BUCKET_SIZE = 16;
const keyBuckets: string[][] = Array.from({ length: BUCKETS }, () => []);
const bucketNext = new Uint8Array(BUCKETS);
/** V8's shortest sliced string: a shorter slice is copied. */
const SLICED_MIN = 13;

/**
 * The sequences of keys of the objects read so far, as a tree (a shape is an object's keys up to
 * one of them): an object's keys walk it from {@link Shape.root}, the same sequence of keys to
 * the same shape. A shape knows whether its last key repeats an earlier one, so that an object
 * whose keys are a sequence met before is checked for duplicate keys without comparing them, and
 * once a sequence has made a few objects, the shape makes the next ones with a function that
 * writes them as an object literal (V8 then allocates them whole, with their final layout,
 * instead of adding each key through a megamorphic keyed store). The keys compared here are all
 * internalized ({@link FastParser.key}): equal texts are one string, so identity is equality.
 */
class Shape {
  /** The tree's root (no key yet); replaced by an empty one when the tree holds {@link MAX_SHAPES}. */
  static root = new Shape(null, "", 0);
  static count = 0;
  /** Whether this engine may compile the objects' makers (not under a Content-Security-Policy without unsafe-eval). */
  static compiles = true;

  /** The child of the last key asked for (most objects follow the last sequence), then the others. */
  private lastKey: string | null = null;
  private last: Shape | null = null;
  private children: Map<string, Shape> | null = null;
  /** Whether the last key is also an earlier one (the object is not valid JSON for this reader). */
  readonly duplicate: boolean;
  /** Objects made with these keys so far, until {@link MAKER_AFTER}. */
  private uses = 0;
  private maker: ((values: unknown[], base: number) => Record<string, unknown>) | null = null;

  constructor(
    private readonly parent: Shape | null,
    private readonly key: string,
    readonly size: number,
  ) {
    let duplicate = false;
    for (let s = parent; s !== null && s.size > 0 && !duplicate; s = s.parent) duplicate = s.key === key;
    this.duplicate = duplicate;
  }

  /** The shape of these keys and then `key`; null past {@link MAX_SHAPE_KEYS} keys. */
  child(key: string): Shape | null {
    if (this.lastKey === key) return this.last;
    return this.other(key);
  }

  private other(key: string): Shape | null {
    let next = this.children?.get(key);
    if (next === undefined) {
      if (this.size >= MAX_SHAPE_KEYS) return null;
      if (Shape.count >= MAX_SHAPES) {
        // Full (texts with ever new keys): start again from an empty tree; this object goes on without.
        Shape.root = new Shape(null, "", 0);
        Shape.count = 0;
        return null;
      }
      next = new Shape(this, key, this.size + 1);
      Shape.count++;
      (this.children ??= new Map()).set(key, next);
    }
    this.lastKey = key;
    this.last = next;
    return next;
  }

  /** The keys from the root to here. */
  private keys(): string[] {
    const keys = new Array<string>(this.size);
    for (let s: Shape | null = this; s !== null && s.size > 0; s = s.parent) keys[s.size - 1] = s.key;
    return keys;
  }

  /** The object of these keys with `values[base]`, `values[base + 1]`, … */
  make(values: unknown[], base: number): Record<string, unknown> {
    const maker = this.maker;
    if (maker !== null) return maker(values, base);
    const keys = this.keys();
    if (++this.uses === MAKER_AFTER && Shape.compiles) this.maker = Shape.compile(keys);
    return keyByKey(keys, 0, values, base, keys.length);
  }

  /**
   * A function that writes the object of `keys` as one literal, each key as its JSON text (a
   * JavaScript string literal too); null for a `__proto__` key, which a literal would take for
   * the prototype, or when the engine refuses to compile (the objects are then made key by key).
   */
  private static compile(keys: string[]): ((values: unknown[], base: number) => Record<string, unknown>) | null {
    if (keys.includes("__proto__")) return null;
    const fields = keys.map((k, j) => `${JSON.stringify(k)}: v[b + ${j}]`).join(", ");
    try {
      return new Function("v", "b", `"use strict"; return { ${fields} };`) as (values: unknown[], base: number) => Record<string, unknown>;
    } catch {
      Shape.compiles = false;
      return null;
    }
  }
}

/**
 * The object of `count` keys from `keys[keyAt]` and their values from `values[valueAt]`, key by
 * key (an own property even for "__proto__"): a shape's objects before its maker, and those off
 * the tree of shapes.
 */
function keyByKey(keys: readonly string[], keyAt: number, values: readonly unknown[], valueAt: number, count: number): Record<string, unknown> {
  const obj: Record<string, unknown> = {};
  for (let j = 0; j < count; j++) {
    const key = keys[keyAt + j]!;
    const value = values[valueAt + j];
    if (key === "__proto__") Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
    else obj[key] = value;
  }
  return obj;
}

/** Shapes in the tree at most (a few dozen serve dossiers), and keys in a shape at most (an object with more is made key by key). */
const MAX_SHAPES = 4096;
const MAX_SHAPE_KEYS = 32;
/** Objects a shape makes key by key before it compiles its maker (a sequence of keys met once or twice is not worth one). */
const MAKER_AFTER = 8;

/**
 * The fast pass: the grammar of {@link parseWithPath}, without the path; any problem returns
 * {@link INVALID}. The position lives on the instance (one per module: parsing is synchronous
 * and never re-entered).
 */
class FastParser {
  private text = "";
  private i = 0;
  /** The keys of the objects being read, innermost last, up to `top` (duplicate keys are compared here). */
  private readonly keys: string[] = [];
  /** The values of those keys, at the same places. */
  private readonly values: unknown[] = [];
  private top = 0;
  /** The most places of `values` used by one text, cleared after it (so that no value outlives its text). */
  private used = 0;

  parse(text: string): unknown {
    this.text = text;
    this.i = 0;
    this.top = 0;
    try {
      const v = this.value(0);
      if (text.charCodeAt(this.i) <= SPACE) this.ws();
      if (this.i < text.length) return INVALID;
      return v;
    } catch (e) {
      if (e === INVALID) return INVALID;
      throw e;
    } finally {
      this.text = "";
      this.values.fill(undefined, 0, this.used);
      this.used = 0;
    }
  }

  /**
   * Skips whitespace. Callers call it only when the next character is a space or below (none in
   * the compact JSON of most dossiers: one comparison in place, no call).
   */
  private ws(): void {
    const text = this.text;
    let i = this.i;
    let c = text.charCodeAt(i);
    if (c > SPACE) return;
    while (c === SPACE || c === LF || c === CR || c === TAB) c = text.charCodeAt(++i);
    this.i = i;
  }

  /** Digits from `i`; returns the position after them. */
  private static digits(text: string, i: number): number {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c >= ZERO && c <= NINE) i++;
      else return i;
    }
  }

  /** A string value (at its opening quote). */
  private string(): string {
    const text = this.text;
    const start = this.i + 1;
    let i = start;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        this.i = i + 1;
        return text.slice(start, i);
      }
      if (c === BACKSLASH) return this.escaped(start, i);
      // NaN (the end of the text) and control characters.
      if (!(c >= 32)) throw INVALID;
      i++;
    }
  }

  /** The rest of a string that has an escape at `i`. */
  private escaped(start: number, i: number): string {
    const text = this.text;
    let out = text.slice(start, i);
    let from = i;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) break;
      if (!(c >= 32)) throw INVALID;
      if (c === BACKSLASH) {
        out += text.slice(from, i);
        const escaped = escapeAt(text, i);
        if (escaped === null) throw INVALID;
        out += escaped;
        i += text[i + 1] === "u" ? 6 : 2;
        from = i;
        continue;
      }
      i++;
    }
    this.i = i + 1;
    return out + text.slice(from, i);
  }

  /**
   * An object key (at its opening quote). A key seen before is recognized in place: the table
   * holds only keys checked to have neither quote, escape nor control character, so when the text
   * holds one of them followed by a quote, it is that key. Any other key is read as a string and,
   * when it has no escape, kept in the table. Every key it returns is internalized (one string of its text).
   */
  private key(): string {
    const text = this.text;
    const start = this.i + 1;
    const first = text.charCodeAt(start);
    const bucket = keyBuckets[first & (BUCKETS - 1)]!;
    for (let k = 0; k < bucket.length; k++) {
      const known = bucket[k]!;
      const n = known.length;
      if (text.charCodeAt(start + n) !== QUOTE) continue;
      // Below SLICED_MIN characters a slice is a fresh flat string, which V8 compares with the
      // key a machine word at a time: half the instructions of startsWith, which reads each
      // character of both strings through their representation (at and above it, a slice is a view
      // of the line, compared as slowly).
      if (n < SLICED_MIN ? text.slice(start, start + n) !== known : !text.startsWith(known, start)) continue;
      this.i = start + n + 1;
      return known;
    }
    const key = this.string();
    // With an escape or a great length: internalized (object shapes compare keys by identity), not kept.
    if (key.length > 64 || this.i !== start + key.length + 1) return internalized(key);
    const interned = internalized(key);
    const b = first & (BUCKETS - 1);
    if (bucket.length < BUCKET_SIZE) bucket.push(interned);
    else {
      bucket[bucketNext[b]!] = interned;
      bucketNext[b] = (bucketNext[b]! + 1) % BUCKET_SIZE;
    }
    return interned;
  }

  private value(depth: number): unknown {
    const text = this.text;
    if (text.charCodeAt(this.i) <= SPACE) this.ws();
    const c = text.charCodeAt(this.i);
    if (c === QUOTE) return this.string();
    if (c === LBRACE) return this.object(depth);
    if (c === LBRACKET) {
      if (depth >= MAX_DEPTH) throw INVALID;
      this.i++;
      const arr: unknown[] = [];
      if (text.charCodeAt(this.i) <= SPACE) this.ws();
      if (text.charCodeAt(this.i) === RBRACKET) {
        this.i++;
        return arr;
      }
      for (;;) {
        arr.push(this.value(depth + 1));
        if (text.charCodeAt(this.i) <= SPACE) this.ws();
        const d = text.charCodeAt(this.i++);
        if (d === COMMA) continue;
        if (d === RBRACKET) return arr;
        throw INVALID;
      }
    }
    const i = this.i;
    if (c === 116 && text.startsWith("true", i)) {
      this.i = i + 4;
      return true;
    }
    if (c === 102 && text.startsWith("false", i)) {
      this.i = i + 5;
      return false;
    }
    if (c === 110 && text.startsWith("null", i)) {
      this.i = i + 4;
      return null;
    }
    return this.number();
  }

  private object(depth: number): Record<string, unknown> {
    if (depth >= MAX_DEPTH) throw INVALID;
    const text = this.text;
    this.i++;
    if (text.charCodeAt(this.i) <= SPACE) this.ws();
    if (text.charCodeAt(this.i) === RBRACE) {
      this.i++;
      return {};
    }
    const keys = this.keys;
    const values = this.values;
    const base = this.top;
    // The shape of the keys so far ({@link Shape}: it knows duplicates); null once off the tree,
    // and then duplicate keys are compared with this object's keys so far (a Set beyond 16).
    let shape: Shape | null = Shape.root;
    let many: Set<string> | undefined;
    for (;;) {
      if (text.charCodeAt(this.i) <= SPACE) this.ws();
      if (text.charCodeAt(this.i) !== QUOTE) throw INVALID;
      const key = this.key();
      const top = this.top;
      if (shape !== null) shape = shape.child(key);
      if (shape !== null) {
        if (shape.duplicate) throw INVALID;
      } else if (many !== undefined) {
        if (many.has(key)) throw INVALID;
        many.add(key);
      } else {
        for (let k = base; k < top; k++) if (keys[k] === key) throw INVALID;
        if (top + 1 - base > 16) many = new Set(keys.slice(base, top).concat(key));
      }
      keys[top] = key;
      this.top = top + 1;
      if (top + 1 > this.used) this.used = top + 1;
      if (text.charCodeAt(this.i) <= SPACE) this.ws();
      if (text.charCodeAt(this.i) !== COLON) throw INVALID;
      this.i++;
      values[top] = this.value(depth + 1);
      if (text.charCodeAt(this.i) <= SPACE) this.ws();
      const d = text.charCodeAt(this.i++);
      if (d === COMMA) continue;
      if (d === RBRACE) {
        this.top = base;
        return shape !== null ? shape.make(values, base) : keyByKey(keys, base, values, base, top + 1 - base);
      }
      throw INVALID;
    }
  }

  /**
   * A number per RFC 8259: -?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?. Where the path-tracking
   * pass reads a shorter number and then fails on what follows ("1.", "1e"), this one fails.
   */
  private number(): JsonNumber {
    const text = this.text;
    const start = this.i;
    let i = start;
    if (text.charCodeAt(i) === MINUS) i++;
    const first = text.charCodeAt(i);
    if (first === ZERO) i++;
    else if (first > ZERO && first <= NINE) i = FastParser.digits(text, i + 1);
    else throw INVALID;
    if (text.charCodeAt(i) === DOT) {
      const after = FastParser.digits(text, i + 1);
      if (after === i + 1) throw INVALID;
      i = after;
    }
    const e = text.charCodeAt(i);
    if (e === 101 || e === 69) {
      i++;
      const sign = text.charCodeAt(i);
      if (sign === 43 || sign === MINUS) i++;
      const after = FastParser.digits(text, i);
      if (after === i) throw INVALID;
      i = after;
    }
    this.i = i;
    return new JsonNumber(text.slice(start, i));
  }
}

const FAST = new FastParser();

/** The path-tracking pass: reads the text again to throw the error that names where it is wrong. */
export function parseWithPath(text: string): unknown {
  let i = 0;
  const len = text.length;
  // The path of the value being read, as keys and indices; turned into text only for an error.
  const keys: (string | number)[] = [];
  const pathText = (): string => {
    let out = "";
    for (const k of keys) out += typeof k === "number" ? `[${k}]` : out ? `.${k}` : k;
    return out;
  };
  const fail = (message: string): never => {
    throw new DossierError([{ path: pathText(), message: `${message} (JSON, character ${i + 1})` }]);
  };
  const ws = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === SPACE || c === LF || c === CR || c === TAB) i++;
      else break;
    }
  };
  const digits = (): number => {
    const from = i;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c >= ZERO && c <= NINE) i++;
      else break;
    }
    return i - from;
  };
  /** A number per RFC 8259: -?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?, or undefined (i unchanged). */
  const number = (): JsonNumber | undefined => {
    const start = i;
    if (text.charCodeAt(i) === MINUS) i++;
    const first = text.charCodeAt(i);
    if (first === ZERO) i++;
    else if (first > ZERO && first <= NINE) digits();
    else {
      i = start;
      return undefined;
    }
    if (text.charCodeAt(i) === DOT) {
      i++;
      if (digits() === 0) {
        // "1." is not a number: stop before the dot, as a regular expression would.
        i -= 1;
        return new JsonNumber(text.slice(start, i));
      }
    }
    const e = text.charCodeAt(i);
    if (e === 101 || e === 69) {
      const mark = i;
      i++;
      const sign = text.charCodeAt(i);
      if (sign === 43 || sign === MINUS) i++;
      if (digits() === 0) i = mark;
    }
    return new JsonNumber(text.slice(start, i));
  };
  const string = (): string => {
    const start = ++i;
    let out = "";
    let from = start;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) break;
      if (Number.isNaN(c)) fail("unterminated string");
      if (c < 32) fail("control character in string");
      if (c === BACKSLASH) {
        out += text.slice(from, i);
        const escaped = escapeAt(text, i);
        if (escaped === null) fail("bad escape in string");
        out += escaped;
        i += text[i + 1] === "u" ? 6 : 2;
        from = i;
        continue;
      }
      i++;
    }
    out = from === start ? text.slice(start, i) : out + text.slice(from, i);
    i++;
    return out;
  };
  const value = (depth: number): unknown => {
    ws();
    const c = text.charCodeAt(i);
    if (c === QUOTE) return string();
    if (c === LBRACE) {
      if (depth >= MAX_DEPTH) fail("nested too deeply");
      i++;
      const obj: Record<string, unknown> = {};
      ws();
      if (text.charCodeAt(i) === RBRACE) {
        i++;
        return obj;
      }
      // Keys seen in this object: a short list compared by value (dossier objects have a few
      // keys; cheaper than a property lookup), or a Set beyond 16 keys.
      const seen: string[] = [];
      let many: Set<string> | undefined;
      for (;;) {
        ws();
        if (text.charCodeAt(i) !== QUOTE) fail("expected a key");
        const key = string();
        keys.push(key);
        if (many !== undefined) {
          if (many.has(key)) fail("duplicate key");
          many.add(key);
        } else {
          for (let k = 0; k < seen.length; k++) if (seen[k] === key) fail("duplicate key");
          seen.push(key);
          if (seen.length > 16) many = new Set(seen);
        }
        ws();
        if (text.charCodeAt(i) !== COLON) fail("expected ':'");
        i++;
        const v = value(depth + 1);
        if (key === "__proto__") Object.defineProperty(obj, key, { value: v, enumerable: true, writable: true, configurable: true });
        else obj[key] = v;
        keys.pop();
        ws();
        const d = text.charCodeAt(i);
        if (d === COMMA) {
          i++;
          continue;
        }
        if (d === RBRACE) {
          i++;
          return obj;
        }
        fail("expected ',' or '}'");
      }
    }
    if (c === LBRACKET) {
      if (depth >= MAX_DEPTH) fail("nested too deeply");
      i++;
      const arr: unknown[] = [];
      ws();
      if (text.charCodeAt(i) === RBRACKET) {
        i++;
        return arr;
      }
      for (;;) {
        keys.push(arr.length);
        arr.push(value(depth + 1));
        keys.pop();
        ws();
        const d = text.charCodeAt(i);
        if (d === COMMA) {
          i++;
          continue;
        }
        if (d === RBRACKET) {
          i++;
          return arr;
        }
        fail("expected ',' or ']'");
      }
    }
    if (c === 116 && text.startsWith("true", i)) {
      i += 4;
      return true;
    }
    if (c === 102 && text.startsWith("false", i)) {
      i += 5;
      return false;
    }
    if (c === 110 && text.startsWith("null", i)) {
      i += 4;
      return null;
    }
    const n = number();
    if (n !== undefined) return n;
    return fail(i >= len ? "unexpected end of input" : `unexpected character '${text[i]}'`);
  };
  const result = value(0);
  ws();
  if (i < len) fail("unexpected text after the JSON value");
  return result;
}
