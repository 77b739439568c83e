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

/**
 * Strict JSON parser for dossiers: numbers become {@link JsonNumber}, a duplicate key is an
 * error (JSON.parse would silently keep the last one), and errors name the path and the
 * position. Objects have no prototype, so `__proto__` is just a key.
 */
export function parseJsonExact(text: string): unknown {
  let i = 0;
  const fail = (message: string, path: string): never => {
    throw new DossierError([{ path, message: `${message} (JSON, character ${i + 1})` }]);
  };
  const ws = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else break;
    }
  };
  const value = (path: string, depth: number): unknown => {
    ws();
    const c = text[i];
    if (c === "{") {
      if (depth >= MAX_DEPTH) fail("nested too deeply", path);
      i++;
      const obj: Record<string, unknown> = Object.create(null);
      ws();
      if (text[i] === "}") {
        i++;
        return obj;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail("expected a key", path);
        const key = string(path);
        const child = path ? `${path}.${key}` : key;
        if (Object.prototype.hasOwnProperty.call(obj, key)) fail("duplicate key", child);
        ws();
        if (text[i] !== ":") fail("expected ':'", child);
        i++;
        obj[key] = value(child, depth + 1);
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "}") {
          i++;
          return obj;
        }
        fail("expected ',' or '}'", path);
      }
    }
    if (c === "[") {
      if (depth >= MAX_DEPTH) fail("nested too deeply", path);
      i++;
      const arr: unknown[] = [];
      ws();
      if (text[i] === "]") {
        i++;
        return arr;
      }
      for (;;) {
        arr.push(value(`${path}[${arr.length}]`, depth + 1));
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "]") {
          i++;
          return arr;
        }
        fail("expected ',' or ']'", path);
      }
    }
    if (c === '"') return string(path);
    if (c === "t" && text.startsWith("true", i)) {
      i += 4;
      return true;
    }
    if (c === "f" && text.startsWith("false", i)) {
      i += 5;
      return false;
    }
    if (c === "n" && text.startsWith("null", i)) {
      i += 4;
      return null;
    }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (m) {
      i += m[0].length;
      return new JsonNumber(m[0]);
    }
    return fail(c === undefined ? "unexpected end of input" : `unexpected character '${c}'`, path);
  };
  const string = (path: string): string => {
    const start = ++i;
    let out = "";
    let from = start;
    for (;;) {
      const c = text.charCodeAt(i);
      if (Number.isNaN(c)) fail("unterminated string", path);
      if (c === 34) break;
      if (c < 32) fail("control character in string", path);
      if (c === 92) {
        out += text.slice(from, i);
        const e = text[i + 1];
        const simple: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
        if (e !== undefined && e in simple) {
          out += simple[e];
          i += 2;
        } else if (e === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else fail("bad escape in string", path);
        from = i;
        continue;
      }
      i++;
    }
    out += text.slice(from, i);
    i++;
    return out;
  };
  const result = value("", 0);
  ws();
  if (i < text.length) fail("unexpected text after the JSON value", "");
  return result;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
