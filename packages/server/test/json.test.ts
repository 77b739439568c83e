import { describe, expect, it } from "vitest";
import { RequestError } from "../src/errors";
import { duplicateKey, parseJson } from "../src/json";

/** Texts that give a key twice, and where. */
const DUPLICATES: [string, { path: string; key: string }][] = [
  ['{"a": 1, "a": 2}', { path: "", key: "a" }],
  ['{"items": [{"x": 1}, {"reply": "r", "reply": "s"}]}', { path: "items[1]", key: "reply" }],
  ['{"items": [{"options": {"fictionalLaw": true, "fictionalLaw": false}}]}', { path: "items[0].options", key: "fictionalLaw" }],
  // "\u0061" is the key "a": JSON.parse reads them as one.
  ['{"a": 1, "\\u0061": 2}', { path: "", key: "a" }],
  ['[[1, 2], [3, {"k": [], "k": {}}]]', { path: "[1][1]", key: "k" }],
  // Whitespace between a key and its colon.
  ['{ "a" : 1 ,\n "a"\t: 2 }', { path: "", key: "a" }],
  // Twice in a deep object, and a "__proto__" given twice (JSON.parse makes it an own key).
  ['{"x": [[{"y": {"z": 1, "w": 2, "z": 3}}]]}', { path: "x[0][0].y", key: "z" }],
  ['{"__proto__": 1, "__proto__": 2}', { path: "", key: "__proto__" }],
];

/** Valid JSON texts that give no key twice. */
const NO_DUPLICATES = [
  '{"a": {"a": 1}}',
  '[{"a": 1}, {"a": 1}]',
  '{"a": "a", "b": "a:"}',
  // Quotes, backslashes and colons inside strings are text, not structure.
  '{"a": "x\\" : \\"a\\": 1", "b": "\\\\", "c": "\\\\\\"a\\":"}',
  '{"ab": 1, "a": 2, "b": 3}',
  '"a"',
  "[]",
  '{"items": [{"reply": "{\\"a\\": 1, \\"a\\": 2}"}]}',
  '{"__proto__": {"a": 1}, "0": 1, "1": [2, {"a": 3}]}',
];

describe("duplicateKey", () => {
  it.each(DUPLICATES)("finds the key given twice in %s", (text, found) => {
    expect(duplicateKey(text)).toEqual(found);
  });

  it.each(NO_DUPLICATES)("finds none in %s", (text) => {
    JSON.parse(text); // the input is valid JSON
    expect(duplicateKey(text)).toBeNull();
  });

  it("skips a long string in one search, whatever it holds", () => {
    const reply = `${'\\"'.repeat(50_000)}${"x".repeat(100_000)}`;
    const text = JSON.stringify({ items: [{ reply: JSON.parse(`"${reply}"`), id: "succession-1-0" }], trimReply: true });
    expect(duplicateKey(text)).toBeNull();
    expect(duplicateKey(`${text.slice(0, -1)}, "trimReply": false}`)).toEqual({ path: "", key: "trimReply" });
  });
});

describe("parseJson", () => {
  it("reads a body as JSON.parse does when no key is given twice", () => {
    const text = '{"items": [{"reply": "r", "id": "succession-1-0", "seed": 3}]}';
    expect(parseJson(text)).toEqual(JSON.parse(text));
  });

  it("refuses a body that gives a key twice with a 400 naming the key and where it is", () => {
    try {
      parseJson('{"items": [{"reply": "r", "id": "succession-1-0", "seed": 3, "seed": 0}]}');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(RequestError);
      expect((e as RequestError).status).toBe(400);
      expect((e as RequestError).message).toBe('items[0]: duplicate key "seed"');
    }
  });

  it.each(DUPLICATES)("refuses %s, naming the key given twice and where, as duplicateKey finds them", (text, found) => {
    expect(() => parseJson(text)).toThrow(new RequestError(400, `${found.path === "" ? "" : `${found.path}: `}duplicate key ${JSON.stringify(found.key)}`));
  });

  it.each(NO_DUPLICATES)("reads %s as JSON.parse does", (text) => {
    expect(parseJson(text)).toEqual(JSON.parse(text));
  });
});
