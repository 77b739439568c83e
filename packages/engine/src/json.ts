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
 * Strict JSON parser for dossiers: numbers become {@link JsonNumber}, a duplicate key is an
 * error (JSON.parse would silently keep the last one), and errors name the path and the
 * position. A `__proto__` key is an ordinary own property (it never sets the prototype).
 *
 * Written character code by character code (it reads every line of `succ compute --jsonl`).
 */
export function parseJsonExact(text: string): unknown {
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
        const e = text[i + 1];
        if (e !== undefined && e in ESCAPES) {
          out += ESCAPES[e];
          i += 2;
        } else if (e === "u" && HEX4.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else fail("bad escape in string");
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
