// readScoreText, the reader of POST /score bodies by answer that does not parse the whole body:
// what it accepts it must read as readScoreRequest(parseJson(text)) does, and any other body it
// must leave to that reader (null), whose error then names what is wrong.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AnswerCache } from "../src/gold";
import { readScoreText, type ScoreRequest } from "../src/requests";
import { GOOD, LEVY, REPLY, general, seen } from "./by-answer";

/** readScoreText reads `text` (with a cache that has or has not met its answers) as the general reader does. */
function expectReadAlike(text: string, cache = new AnswerCache(100)): void {
  const fast = readScoreText(text, 4096, cache);
  const whole = general(text);
  expect(typeof whole).not.toBe("string");
  expect(fast).not.toBeNull();
  expect(seen(fast!)).toEqual(seen(whole as ScoreRequest));
}

describe("readScoreText", () => {
  it("reads bodies by answer as the general reader does: key orders, flags, whitespace, escapes in replies, an empty list", () => {
    const bodies = [
      JSON.stringify({ items: [{ reply: REPLY, answer: GOOD }] }),
      JSON.stringify({ items: [{ answer: GOOD, reply: REPLY }, { reply: "a \\ \"b\" \u2028 é \ud800", answer: LEVY }] }),
      JSON.stringify({ allOrNothing: true, items: [{ reply: REPLY, answer: GOOD }], trimReply: false, strictEnd: true }),
      JSON.stringify({ items: [{ reply: REPLY, answer: GOOD }, { reply: REPLY, answer: LEVY }] }, null, 2),
      ` \r\n\t{ "items" :[ { "reply" : ${JSON.stringify(REPLY)} , "answer" :${JSON.stringify(GOOD, null, "\t")} } ] , "strictEnd":false }\n`,
      // Number spellings JSON.parse reads alike; a key of the answer escaped.
      '{"items": [{"reply": "x", "answer": {"beneficiaires": {"B\\u0031": {"part_taxable": 1.0e0, "droits": 0}}, "total_droits": -0}}]}',
      '{"items": []}',
      '{"items":[ ]}',
      // Replies that end as the "answer" key does, or hold it escaped.
      JSON.stringify({ items: [{ reply: "power", answer: GOOD }, { reply: 'x "answer": "answer" answer', answer: LEVY }, { reply: "answer", answer: GOOD }, { reply: 'wer"', answer: GOOD }] }),
    ];
    for (const body of bodies) {
      const cache = new AnswerCache(100);
      // Three times with one cache: met once, kept, then found by its text.
      for (let round = 0; round < 3; round++) expectReadAlike(body, cache);
    }
  });

  it("leaves to the general reader every other body: by id, unknown or repeated keys, escaped keys, bad answers, bad JSON, too many items", () => {
    const item = (extra: string) => `{"items": [{"reply": "r", "answer": ${JSON.stringify(GOOD)}${extra}}]}`;
    const bodies = [
      '{"items": [{"reply": "r", "id": "succession-4-1"}]}',
      item(', "seed": 0'),
      item(', "reply": "s"'),
      `{"items": [{"reply": "r", "answer": ${JSON.stringify(GOOD)}, "answer": ${JSON.stringify(GOOD)}}]}`,
      `{"items": [], "items": [{"reply": "r", "answer": ${JSON.stringify(GOOD)}}]}`,
      '{"items": [], "trimReply": true, "trimReply": false}',
      '{"items": [], "allOrNothing": null}',
      '{"items": [], "allOrNothing": 1}',
      '{"items": [], "extra": 1}',
      '{"it\\u0065ms": []}',
      '{"items": [{"rep\\u006cy": "r", "answer": {}}]}',
      '{"items": [{"reply": "r"}]}',
      '{"items": [{"answer": {}}]}',
      '{"items": [{"reply": 1, "answer": {}}]}',
      '{"items": [{"reply": "r", "answer": "{}"}]}',
      '{"items": {}}',
      "{}",
      "[]",
      '"items"',
      // Answers: a key twice (one with an escape), a wrong total, a brace in a string, an extra key.
      '{"items": [{"reply": "r", "answer": {"beneficiaires": {"B1": {"part_taxable": 1, "droits": 0}}, "total_droits": 0, "total_droits": 0}}]}',
      '{"items": [{"reply": "r", "answer": {"beneficiaires": {"B1": {"droits": 0, "part_taxable": 1, "\\u0064roits": 0}}, "total_droits": 0}}]}',
      '{"items": [{"reply": "r", "answer": {"beneficiaires": {"B1": {"part_taxable": 1, "droits": 0}}, "total_droits": 1}}]}',
      '{"items": [{"reply": "r", "answer": {"beneficiaires": {"B}": {"part_taxable": 1, "droits": 0}}, "total_droits": 0}}]}',
      '{"items": [{"reply": "r", "answer": {"beneficiaires": {"B1": {"part_taxable": 1, "droits": 0}}, "total_droits": 0, "x": {}}}]}',
      // Not JSON: a control character in a reply, a bad escape, trailing text, a trailing comma, cut short.
      '{"items": [{"reply": "a\nb", "answer": {}}]}',
      '{"items": [{"reply": "a\\qb", "answer": {}}]}',
      '{"items": []} x',
      '{"items": [],}',
      '{"items": [{"reply": "r", "answer": {"beneficiaires": {}}}],]}',
      item("").slice(0, -3),
      item("").slice(0, -1),
      "",
      // A BOM is the decoder's business (TextDecoder drops one): in the text, it is not JSON.
      `\ufeff${item("")}`,
    ];
    for (const body of bodies) {
      const cache = new AnswerCache(100);
      for (let round = 0; round < 2; round++) expect(readScoreText(body, 4096, cache), body).toBeNull();
    }
    // More items than the limit: the general reader's 413.
    const three = JSON.stringify({ items: [GOOD, GOOD, LEVY].map((answer) => ({ reply: "r", answer })) });
    expect(readScoreText(three, 2, new AnswerCache(10))).toBeNull();
    expect(general(three, 2)).toMatch(/3 items, over the limit of 2/);
    expect(readScoreText(three, 3, new AnswerCache(10))).not.toBeNull();
  });

  it("reads any one-character edit of a body either as the general reader does or not at all (property)", () => {
    const body = JSON.stringify({ items: [{ reply: REPLY, answer: GOOD }, { answer: LEVY, reply: 'a "b" \\' }], strictEnd: false }, null, 1);
    const cache = new AnswerCache(100);
    // The answers kept by text first, so that edits meet both paths of prepareText.
    for (let round = 0; round < 2; round++) expectReadAlike(body, cache);
    const chars = fc.constantFrom(..."{}[]\",:\\ \n0123456789-.eEtrufalsnBx\u0000é");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: body.length - 1 }), fc.integer({ min: 0, max: 2 }), chars, (at, kind, c) => {
        const edited = kind === 0 ? body.slice(0, at) + body.slice(at + 1) : kind === 1 ? body.slice(0, at) + c + body.slice(at) : body.slice(0, at) + c + body.slice(at + 1);
        const fast = readScoreText(edited, 4096, cache);
        if (fast === null) return;
        const whole = general(edited);
        expect(typeof whole, edited).not.toBe("string");
        expect(seen(fast)).toEqual(seen(whole as ScoreRequest));
      }),
      { numRuns: 3000 },
    );
  });
});
