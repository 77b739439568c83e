/**
 * The exact JSON reader's two passes (src/json.ts): the fast one, which reads valid text
 * without keeping the path, and the path-tracking one, which names what is wrong. Whatever the
 * text, `parseJsonExact` gives what the path-tracking pass gives: the same value (numbers kept
 * as their text) or the same error.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JsonNumber, parseJsonExact } from "../src/index.js";
import { parseWithPath } from "../src/json.js";

type Outcome = { value: unknown } | { error: string };
const outcome = (parse: (t: string) => unknown, text: string): Outcome => {
  try {
    return { value: parse(text) };
  } catch (e) {
    return { error: (e as Error).message };
  }
};
/** The value with every JsonNumber written out as its text (so that equality sees the text) and each object's own keys in order. */
const plain = (v: unknown): unknown => {
  if (v instanceof JsonNumber) return { number: v.text };
  if (Array.isArray(v)) return v.map(plain);
  if (v !== null && typeof v === "object") return Object.keys(v).map((k) => [k, Object.getPrototypeOf(v) === Object.prototype, plain((v as Record<string, unknown>)[k])]);
  return v;
};
const same = (text: string): void => {
  const a = outcome(parseJsonExact, text);
  const b = outcome(parseWithPath, text);
  expect("error" in a ? a : { value: plain(a.value) }, text).toEqual("error" in b ? b : { value: plain(b.value) });
};

describe("parseJsonExact: the fast pass agrees with the path-tracking one", () => {
  it("on texts chosen at the edges of the grammar", () => {
    const texts = [
      '{"a":1,"a":2}',
      '{"a":1,"\\u0061":2}',
      '{"\\u0061":1,"a":2}',
      '{"k\\"ey":1,"k\\"ey":2}',
      '{"__proto__":{"x":1},"y":2}',
      '{"a":{"a":1},"b":{"a":1,"a":2}}',
      '{"2":1,"1":2,"a":3}',
      '{"a":1.}',
      '{"a":1e}',
      '{"a":-}',
      '{"a":01}',
      '{"a":-0.50e+3,"b":[1,2.25,3E7]}',
      '{"a":"\u0001"}',
      '{"a\u0001":1}',
      '{"a":"x\\q"}',
      '{"a":"\\u12G4"}',
      '{"a":"\\ud800\\n\\/"}',
      '{"a" :1 , "b":\t[ ] ,"c":{ }}\n',
      '{"a":1}x',
      '{"a":1',
      '{"a',
      '{"',
      "",
      " ",
      "[",
      "tru",
      "nul",
      '"open',
      `{${Array.from({ length: 20 }, (_, k) => `"k${k}":${k}`).join(",")}}`,
      `{${Array.from({ length: 20 }, (_, k) => `"k${k}":${k}`).join(",")},"k3":0}`,
      `{${Array.from({ length: 20 }, (_, k) => `"k${k % 17}":${k}`).join(",")}}`,
      `${"[".repeat(63)}1${"]".repeat(63)}`,
      `${"[".repeat(64)}1${"]".repeat(64)}`,
      `${'{"a":'.repeat(64)}1${"}".repeat(64)}`,
      `{"${"x".repeat(80)}":1,"${"x".repeat(80)}":2}`,
    ];
    // Twice each: the second time, the keys come from the fast pass's table.
    for (const t of [...texts, ...texts]) same(t);
  });

  it("a key from the table is still the key of its text (same length and characters, any collision)", () => {
    // Keys of one length whose first, middle and last characters agree land in one slot.
    for (const t of ['{"abXcd":1}', '{"abYcd":1}', '{"abXcd":1,"abYcd":2}', '{"abYcd":1,"abXcd":2,"abYcd":3}']) same(t);
    expect(Object.keys(parseJsonExact('{"abXcd":1,"abYcd":2}') as object)).toEqual(["abXcd", "abYcd"]);
  });

  it("once a sequence of keys has made many objects (made then as one literal), the same objects and the same duplicate checks", () => {
    // Each text 12 times: past the 8 objects after which a sequence of keys gets its maker.
    const texts = [
      '{"kind":"estate","n":1.50,"2":"x","1":[{"id":"B1"},{"id":"B2","x":null}],"__proto__":{"polluted":true}}',
      '{"a":1,"b":{"a":2,"b":3},"c":"\\u0063"}',
      '{"k\\"ey":1,"q":2}',
      `{${Array.from({ length: 40 }, (_, k) => `"f${k}":${k}`).join(",")}}`,
    ];
    for (let k = 0; k < 12; k++) for (const t of texts) same(t);
    // A duplicate after known sequences: the same key repeated, escaped or not, first or last.
    for (const t of ['{"a":1,"b":2,"a":3}', '{"a":1,"b":{"a":2,"b":3},"c":"c","b":4}', '{"a":1,"\\u0061":2}', `{${Array.from({ length: 40 }, (_, k) => `"f${k}":${k}`).join(",")},"f39":0}`]) {
      same(t);
      expect(() => parseJsonExact(t)).toThrow(/duplicate key/);
    }
    // The literal is never the prototype's setter: "__proto__" stays an own key, every time.
    for (let k = 0; k < 12; k++) {
      const o = parseJsonExact('{"x":1,"__proto__":{"polluted":true}}') as Record<string, unknown>;
      expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
      expect(Object.keys(o)).toEqual(["x", "__proto__"]);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("texts with ever new keys (the table of sequences emptied when full) still read right", () => {
    // 5,000 objects of distinct sequences of two keys, each sequence new: past the table's 4,096.
    for (let k = 0; k < 5000; k++) {
      const o = parseJsonExact(`{"p${k}":${k},"q${k}":[${k}]}`) as Record<string, unknown>;
      expect(Object.keys(o)).toEqual([`p${k}`, `q${k}`]);
    }
    for (const t of ['{"p1":1,"p1":2}', '{"p4999":1,"q4999":2,"p4999":3}', '{"a":1,"b":2,"a":3}']) same(t);
  });

  it("on any JSON value, and on any text cut or altered from one", () => {
    const edit = fc.tuple(fc.nat(), fc.constantFrom("", '"', "\\", ",", ":", "{", "}", "[", "]", "1", ".", "e", "-", " ", "\u0000", '"a":1,"a"'));
    fc.assert(
      fc.property(fc.json({ depthSize: "small" }), fc.array(edit, { maxLength: 3 }), (json, edits) => {
        same(json);
        let t = json;
        for (const [at, s] of edits) {
          const k = at % (t.length + 1);
          t = t.slice(0, k) + s + t.slice(k + (s === "" ? 1 : 0));
        }
        same(t);
      }),
      { numRuns: 3000 },
    );
  });
});
