/**
 * JSON of requests, read strictly: `JSON.parse` keeps the last of two equal keys, so
 * `{"fictionalLaw": true, "fictionalLaw": false}` would score against the real law without a word.
 * A key given twice in one object is refused, with the path of that object.
 */
import { badRequest } from "./errors.js";

/** Character codes of JSON's punctuation (this reader's and the by-answer reader's of requests.ts). */
export const QUOTE = 0x22;
const BACKSLASH = 0x5c;
export const COLON = 0x3a;
export const COMMA = 0x2c;
export const OPEN_OBJECT = 0x7b;
export const CLOSE_OBJECT = 0x7d;
export const OPEN_ARRAY = 0x5b;
export const CLOSE_ARRAY = 0x5d;

/**
 * An object (its keys so far, the last one read) or an array (keys null; the index of its current
 * element). An object's keys are a list, searched in turn, while they are few (the objects of a
 * request have 2 to 10), and a Set past SMALL_OBJECT: a Set costs more to make than a short search.
 */
interface Frame {
  keys: string[] | null;
  set: Set<string> | null;
  key: string;
  index: number;
}

const SMALL_OBJECT = 16;

/** Adds `key` to the object's keys; false when it was there already. */
function addKey(frame: Frame, key: string): boolean {
  const keys = frame.keys!;
  if (frame.set !== null) {
    if (frame.set.has(key)) return false;
    frame.set.add(key);
    return true;
  }
  for (let k = 0; k < keys.length; k++) if (keys[k] === key) return false;
  keys.push(key);
  if (keys.length > SMALL_OBJECT) frame.set = new Set(keys);
  return true;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** The index of the first character at or after `at` that is not JSON whitespace (text.length at the end). */
export function skipSpace(text: string, at: number): number {
  while (at < text.length && isSpace(text.charCodeAt(at))) at++;
  return at;
}

/** The index of the last character at or before `at` that is not JSON whitespace (-1 at the start). */
export function skipSpaceBack(text: string, at: number): number {
  while (at >= 0 && isSpace(text.charCodeAt(at))) at--;
  return at;
}

/**
 * The index of the quote that closes the string opened at `open`: the first quote after it that
 * an even number of backslashes precedes; -1 when there is none (indexOf's -1: the character
 * before it, read at -2, is none).
 */
export function closingQuote(text: string, open: number): number {
  let at = text.indexOf('"', open + 1);
  for (;;) {
    let slashes = 0;
    while (text.charCodeAt(at - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return at;
    at = text.indexOf('"', at + 1);
  }
}

/**
 * The index of the brace that closes the object opened at `open`, counting braces and nothing
 * else (two indexOf searches a brace: no step per character); -1 when there is none. A brace in
 * a string counts too, so the bound is right for objects whose strings hold none (a gold
 * answer's keys) and may be wrong otherwise: what it bounds is valid JSON only if JSON.parse
 * says so.
 */
export function closingBrace(text: string, open: number): number {
  let depth = 1;
  let at = open + 1;
  let nextOpen = text.indexOf("{", at);
  for (;;) {
    const close = text.indexOf("}", at);
    if (close < 0) return -1;
    while (nextOpen >= 0 && nextOpen < close) {
      depth++;
      nextOpen = text.indexOf("{", nextOpen + 1);
    }
    if (--depth === 0) return close;
    at = close + 1;
  }
}

function pathOf(stack: readonly Frame[]): string {
  let path = "";
  for (let i = 0; i < stack.length - 1; i++) {
    const frame = stack[i]!;
    path += frame.keys === null ? `[${frame.index}]` : path === "" ? frame.key : `.${frame.key}`;
  }
  return path;
}

/**
 * The first key given twice in one object of `text`, a valid JSON text, with the path of that
 * object ("" at the top, "items[3].options"…); null when there is none. One pass, strings
 * skipped with indexOf (a reply of 200,000 characters costs one search), keys compared as
 * JSON reads them (`"a"` and `"\u0061"` are one key).
 */
export function duplicateKey(text: string): { path: string; key: string } | null {
  const stack: Frame[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = closingQuote(text, i);
      let next = end + 1;
      while (next < text.length && isSpace(text.charCodeAt(next))) next++;
      const frame = stack[stack.length - 1];
      if (text.charCodeAt(next) === COLON && frame !== undefined && frame.keys !== null) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes("\\") ? (JSON.parse(text.slice(i, end + 1)) as string) : raw;
        if (!addKey(frame, key)) return { path: pathOf(stack), key };
        frame.key = key;
        i = next;
      } else {
        i = end;
      }
    } else if (c === OPEN_OBJECT) {
      stack.push({ keys: [], set: null, key: "", index: 0 });
    } else if (c === OPEN_ARRAY) {
      stack.push({ keys: null, set: null, key: "", index: 0 });
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      stack.pop();
    } else if (c === COMMA) {
      const frame = stack[stack.length - 1];
      if (frame !== undefined && frame.keys === null) frame.index++;
    }
  }
  return null;
}

/**
 * How many keys `text` (a valid JSON text) writes: every string followed, after whitespace, by a
 * colon. Strings are skipped with indexOf, and nothing else is read.
 */
function keysWritten(text: string): number {
  let count = 0;
  let at = text.indexOf('"');
  while (at >= 0) {
    const end = closingQuote(text, at);
    let next = end + 1;
    while (isSpace(text.charCodeAt(next))) next++;
    if (text.charCodeAt(next) === COLON) count++;
    at = text.indexOf('"', next);
  }
  return count;
}

/** How many own keys the objects of `value` (what JSON.parse gave) hold, all levels; no recursion. */
function keysParsed(value: unknown): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== "object" || v === null) continue;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const e: unknown = v[i];
        if (typeof e === "object" && e !== null) stack.push(e);
      }
    } else {
      for (const key in v) {
        if (!Object.hasOwn(v, key)) continue;
        count++;
        const e: unknown = (v as Record<string, unknown>)[key];
        if (typeof e === "object" && e !== null) stack.push(e);
      }
    }
  }
  return count;
}

/**
 * A 400 naming the first key given twice in `text` (valid JSON) and its path, prefixed by `where`.
 * With `value`, what JSON.parse gave for `text`: an object keeps one key of each name it was
 * given, so `text` writes as many keys as `value`'s objects hold exactly when no key is given
 * twice. That count costs far less than following every object of `text`, which is only done,
 * to name the key and its path, when the two counts differ.
 */
export function refuseDuplicateKeys(text: string, where = "", value?: unknown): void {
  if (value !== undefined && keysWritten(text) === keysParsed(value)) return;
  const duplicate = duplicateKey(text);
  if (duplicate === null) return;
  const path = where === "" || duplicate.path === "" || duplicate.path.startsWith("[") ? `${where}${duplicate.path}` : `${where}.${duplicate.path}`;
  throw badRequest(`${path === "" ? "" : `${path}: `}duplicate key ${JSON.stringify(duplicate.key.slice(0, 64))}`);
}

/**
 * Whether `text` (valid JSON) gives a key twice in one object; `value` is what JSON.parse gave
 * for it (the count of keys decides at once when there is none, as in refuseDuplicateKeys).
 */
export function hasDuplicateKey(text: string, value: unknown): boolean {
  return keysWritten(text) !== keysParsed(value) && duplicateKey(text) !== null;
}

/**
 * A request's body read as JSON, or a 400 naming what is wrong: `invalid JSON: …`, or a key
 * given twice (`items[0].options: duplicate key "fictionalLaw"`).
 */
export function parseJson(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw badRequest(`invalid JSON: ${String((e as Error).message).split("\n")[0]!.slice(0, 160)}`);
  }
  refuseDuplicateKeys(text, "", value);
  return value;
}
