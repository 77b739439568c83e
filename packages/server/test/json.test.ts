import { describe, expect, it } from "vitest";
import { RequestError } from "../src/errors";
import { duplicateKey, parseJson } from "../src/json";

describe("duplicateKey", () => {
  it.each([
    ['{"a": 1, "a": 2}', { path: "", key: "a" }],
    ['{"items": [{"x": 1}, {"reply": "r", "reply": "s"}]}', { path: "items[1]", key: "reply" }],
    ['{"items": [{"options": {"fictionalLaw": true, "fictionalLaw": false}}]}', { path: "items[0].options", key: "fictionalLaw" }],
    // "\u0061" is the key "a": JSON.parse reads them as one.
    ['{"a": 1, "\\u0061": 2}', { path: "", key: "a" }],
    ['[[1, 2], [3, {"k": [], "k": {}}]]', { path: "[1][1]", key: "k" }],
    // Whitespace between a key and its colon.
    ['{ "a" : 1 ,\n "a"\t: 2 }', { path: "", key: "a" }],
  ])("finds the key given twice in %s", (text, found) => {
    expect(duplicateKey(text)).toEqual(found);
  });

  it.each([
    '{"a": {"a": 1}}',
    '[{"a": 1}, {"a": 1}]',
    '{"a": "a", "b": "a:"}',
    // Quotes, backslashes and colons inside strings are text, not structure.
    '{"a": "x\\" : \\"a\\": 1", "b": "\\\\", "c": "\\\\\\"a\\":"}',
    '{"ab": 1, "a": 2, "b": 3}',
    '"a"',
    "[]",
    '{"items": [{"reply": "{\\"a\\": 1, \\"a\\": 2}"}]}',
  ])("finds none in %s", (text) => {
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
});
